import { importStatement, recordReceipt } from '@talentloop/contract/api/receipts';
import { formatMoney, splitFee, toMajorString } from '@talentloop/contract/rules/money';
import { sql } from 'drizzle-orm';
import { describe, expect, onTestFinished, test } from 'vitest';
import { IMPORT_CHUNK } from '../../src/features/receipts/service.ts';
import { balanceOf } from '../../src/features/ledger/service.ts';
import { rowsOf } from '../../src/infra/db/rows.ts';
import { billingEmailOf, hourlyTerms, invoicedEngagement, subjectsFor } from '../engagements/support.ts';
import { statementXml } from '../fixtures/camt053/statement.ts';
import { createOperator } from '../company/documents-support.ts';
import { type TestApp, call, okBody, useApi } from '../helpers.ts';
import { LINES, generatedStatement, startWithBank, today } from './support.ts';

// Decision 298: on embedded PGlite (one connection, every statement of the server in one queue) a
// statement chunk whose lines pay no invoice is written by ONE guarded statement, not a transaction
// of several round trips, so a request arriving meanwhile waits for one statement at most. Its reads
// run before it; the guard re-checks them inside the statement and writes nothing when they changed
// (the chunk reads again, up to GUARD_TRIES times, then runs as a transaction, as on PostgreSQL).
// Decision 299: a chunk that pays invoices is ONE guarded script (its releases and mails with it),
// its guard also re-checking the paid invoices' money states.

const env = useApi();

const start = () => startWithBank(env);

const xml = generatedStatement;

type Client = {
  transaction: (...args: unknown[]) => Promise<unknown>;
  query: (text: string, ...rest: unknown[]) => Promise<unknown>;
  script?: (...args: unknown[]) => Promise<boolean>;
};
const GUARDED = /^\s*WITH guard AS/;

/**
 * The embedded database's client (the worker's), its calls watched for this test: `before` runs ahead
 * of each guarded statement, `beforeScript` ahead of each guarded script (a chunk that pays invoices).
 */
function watch(app: TestApp, hooks: { before?: (text: string) => Promise<void>; beforeScript?: () => Promise<void> } = {}) {
  const client = (app.db as unknown as { $client: Client }).$client;
  const { transaction, query, script } = client;
  if (!script) throw new Error('the tests run PGlite in its worker thread');
  const seen = { transactions: 0, guarded: 0, scripts: [] as boolean[] };
  client.transaction = (...args) => {
    seen.transactions += 1;
    return transaction.apply(client, args);
  };
  client.query = async (text, ...rest) => {
    if (GUARDED.test(text)) {
      seen.guarded += 1;
      await hooks.before?.(text);
    }
    return query.apply(client, [text, ...rest]);
  };
  client.script = async (...args) => {
    await hooks.beforeScript?.();
    const held = await script.apply(client, args);
    seen.scripts.push(held);
    return held;
  };
  onTestFinished(() => {
    client.transaction = transaction;
    client.query = query;
    client.script = script;
  });
  return seen;
}

/** The statement's receipts with their entry, journal entries of receipts without one, and its audit rows' new lines. */
async function state(app: TestApp, statementRef: string) {
  const [row] = rowsOf<{ receipts: string | number; posted: string | number; stray: string | number }>(
    await app.db.execute(sql`
      SELECT
        (SELECT count(*) FROM bank_receipts r JOIN bank_statements s ON s.id = r.statement_id WHERE s.statement_ref = ${statementRef}) AS receipts,
        (SELECT count(*) FROM bank_receipts r JOIN bank_statements s ON s.id = r.statement_id JOIN journal_entries e ON e.id = r.entry_id
          WHERE s.statement_ref = ${statementRef}) AS posted,
        (SELECT count(*) FROM journal_entries e WHERE e.kind = 'receipt' AND NOT EXISTS (SELECT 1 FROM bank_receipts r WHERE r.entry_id = e.id)) AS stray`),
  );
  const audits = rowsOf<{ new_lines: string | number }>(
    await app.db.execute(sql`
      SELECT (a.after->>'newLines')::int AS new_lines FROM audit_log a JOIN bank_statements s ON s.id::text = a.target_id
      WHERE a.action = 'statement.import' AND s.statement_ref = ${statementRef} ORDER BY a.id`),
  );
  return {
    receipts: Number(row?.receipts),
    posted: Number(row?.posted),
    stray: Number(row?.stray),
    audited: audits.map((a) => Number(a.new_lines)),
  };
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('on embedded PGlite a statement chunk is one guarded statement or script', () => {
  test('an import of lines that pay no invoice opens no transaction: one statement a chunk, each with its audit row', async () => {
    const app = await start();
    const op = await createOperator(app);
    const seen = watch(app);
    const result = okBody(
      await call(app, importStatement, { body: { format: 'camt053', content: xml(app, 'ONE-1') } }, { token: op.accessToken }),
    );
    expect(result.result).toMatchObject({ creditLines: LINES, newLines: LINES, matched: 0 });
    expect(seen).toEqual({ transactions: 0, guarded: 3, scripts: [] });
    expect(await state(app, 'ONE-1')).toEqual({ receipts: LINES, posted: LINES, stray: 0, audited: [IMPORT_CHUNK, IMPORT_CHUNK, 5] });
  });

  test('a chunk whose lines another import took between its reads and its statement writes nothing; the rest is skipped', async () => {
    const app = await start();
    const op = await createOperator(app);
    let other: Promise<unknown> | undefined;
    // The state forced: just before this import's first guarded statement, the same statement is
    // imported whole by another request (its own statements run while this one waits).
    const seen = watch(app, {
      before: async () => {
        if (other) return;
        const started = call(app, importStatement, { body: { format: 'camt053', content: xml(app, 'ONE-2') } }, { token: op.accessToken });
        other = started;
        expect(okBody(await started).result).toMatchObject({ newLines: LINES });
      },
    });
    const late = okBody(
      await call(app, importStatement, { body: { format: 'camt053', content: xml(app, 'ONE-2') } }, { token: op.accessToken }),
    );
    expect(other).toBeDefined();
    // The first chunk's guard saw its lines taken (nothing written; its reads, made again, found
    // them in: decision 299); the later chunks found their lines in before writing. No transaction.
    expect(late.result).toMatchObject({ newLines: 0, matched: 0 });
    expect(seen.transactions).toBe(0);
    expect(await state(app, 'ONE-2')).toEqual({ receipts: LINES, posted: LINES, stray: 0, audited: [IMPORT_CHUNK, IMPORT_CHUNK, 5] });
  });

  test('a chunk that pays an invoice is one guarded script; a payment on the invoice between its reads and its write: it writes nothing, reads again and allocates only the rest, released once', async () => {
    const app = await start();
    const s = await invoicedEngagement(app, hourlyTerms(app, { currency: 'EUR', rateMinor: 5_000 }), [32, 32], { companyName: 'Globex' });
    const op = s.operator.accessToken;
    const gross = s.invoice.grossMinor;
    const { net } = splitFee(gross, 'EUR');
    // The state forced: just before the chunk's guarded script, 10.00 of the invoice is paid by hand
    // (its own transaction runs while the import waits).
    let hand: { allocatedMinor: number } | undefined;
    const seen = watch(app, {
      beforeScript: async () => {
        if (hand) return;
        const manual = {
          bookedOn: today(app),
          currency: 'EUR' as const,
          amount: '10.00',
          bankReference: 'RACE-1',
          remittance: s.invoice.paymentReference,
        };
        hand = okBody(await call(app, recordReceipt, { body: manual }, { token: op })).receipt;
      },
    });
    const content = statementXml({
      stmt: 'RACE-1',
      date: today(app),
      amount: toMajorString(gross, 'EUR'),
      ref: s.invoice.paymentReference,
    });
    const result = okBody(await call(app, importStatement, { body: { format: 'camt053', content } }, { token: op })).result;
    expect(hand).toMatchObject({ allocatedMinor: 1_000 });
    // The first script's guard saw the payment (nothing written); read again, the second wrote; the
    // one transaction is the receipt by hand's.
    expect(seen).toEqual({ transactions: 1, guarded: 0, scripts: [false, true] });
    expect(result).toMatchObject({ newLines: 2, matched: 1 });
    const paid = async () =>
      rowsOf<{ amount: string | number; allocated: string | number; source: string }>(
        await app.db.execute(
          sql`SELECT amount_minor AS amount, allocated_minor AS allocated, source FROM bank_receipts WHERE invoice_id = ${s.invoice.id} ORDER BY source`,
        ),
      ).map((r) => ({ amount: Number(r.amount), allocated: Number(r.allocated), source: r.source }));
    // Paid exactly in full: the statement's line pays what was still owed, the rest unallocated.
    expect(await paid()).toEqual([
      { amount: gross, allocated: gross - 1_000, source: 'camt053' },
      { amount: 1_000, allocated: 1_000, source: 'manual' },
    ]);
    const released = async () =>
      Number(
        rowsOf<{ n: string | number }>(
          await app.db.execute(sql`SELECT count(*) AS n FROM invoice_releases WHERE invoice_id = ${s.invoice.id}`),
        )[0]?.n,
      );
    expect(await released()).toBe(1);
    const freelancer = { freelancerId: s.f.id };
    expect(await balanceOf(app.db, freelancer, 'freelancer_earned_held', 'EUR')).toBe(0);
    expect(await balanceOf(app.db, freelancer, 'freelancer_payable', 'EUR')).toBe(-net);
    expect(await subjectsFor(app, s.f.email)).toEqual(
      expect.arrayContaining([`The company paid ${s.invoice.number} in part`, `The company paid ${s.invoice.number}`]),
    );
    expect(await subjectsFor(app, billingEmailOf(s.company))).toEqual(
      expect.arrayContaining([`Payment received: ${formatMoney(gross - 1_000, 'EUR')} for ${s.invoice.number}`]),
    );
    // The same statement again changes nothing.
    const again = okBody(await call(app, importStatement, { body: { format: 'camt053', content } }, { token: op })).result;
    expect(again).toMatchObject({ alreadyImported: true, newLines: 0 });
    expect(await paid()).toHaveLength(2);
    expect(await released()).toBe(1);
  });
});
