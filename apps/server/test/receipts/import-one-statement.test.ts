import { importStatement } from '@talentloop/contract/api/receipts';
import { sql } from 'drizzle-orm';
import { describe, expect, onTestFinished, test } from 'vitest';
import { benchStatementXml } from '../../src/features/bench/money-seed.ts';
import { IMPORT_CHUNK } from '../../src/features/receipts/service.ts';
import { rowsOf } from '../../src/infra/db/rows.ts';
import { createOperator } from '../company/documents-support.ts';
import { SAMPLE_IBAN } from '../fixtures/camt053/statement.ts';
import { type TestApp, call, okBody, useApi } from '../helpers.ts';

// Decision 298: on embedded PGlite (one connection, every statement of the server in one queue) a
// statement chunk whose lines pay no invoice is written by ONE guarded statement, not a transaction
// of several round trips, so a request arriving meanwhile waits for one statement at most. Its reads
// run before it; the guard re-checks them inside the statement and writes nothing when they changed
// (the chunk then runs as a transaction, as on PostgreSQL).

const env = useApi();

async function start() {
  return env.start({
    config: {
      clientAccounts: true,
      bank: {
        accountName: 'Talentloop Client Money',
        bankName: 'Commerzbank',
        iban: SAMPLE_IBAN,
        accountNumber: undefined,
        ifsc: undefined,
        swift: 'COBADEFFXXX',
      },
    },
  });
}

const LINES = IMPORT_CHUNK * 2 + 5;
const xml = (app: TestApp, statementRef: string) =>
  benchStatementXml({ iban: SAMPLE_IBAN.replaceAll(' ', ''), day: app.clock.now().toISOString().slice(0, 10), lines: LINES, statementRef });

type Client = {
  transaction: (...args: unknown[]) => Promise<unknown>;
  query: (text: string, ...rest: unknown[]) => Promise<unknown>;
};
const GUARDED = /^\s*WITH guard AS/;

/** The embedded database's client (the worker's, or PGlite in-thread), its calls watched for this test. */
function watch(app: TestApp, before?: (text: string) => Promise<void>) {
  const client = (app.db as unknown as { $client: Client }).$client;
  const seen = { transactions: 0, guarded: 0 };
  const { transaction, query } = client;
  client.transaction = (...args) => {
    seen.transactions += 1;
    return transaction.apply(client, args);
  };
  client.query = async (text, ...rest) => {
    if (GUARDED.test(text)) {
      seen.guarded += 1;
      await before?.(text);
    }
    return query.apply(client, [text, ...rest]);
  };
  onTestFinished(() => {
    client.transaction = transaction;
    client.query = query;
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

describe.skipIf(Boolean(process.env.DATABASE_URL))('on embedded PGlite a statement chunk is one guarded statement', () => {
  test('an import of lines that pay no invoice opens no transaction: one statement a chunk, each with its audit row', async () => {
    const app = await start();
    const op = await createOperator(app);
    const seen = watch(app);
    const result = okBody(
      await call(app, importStatement, { body: { format: 'camt053', content: xml(app, 'ONE-1') } }, { token: op.accessToken }),
    );
    expect(result.result).toMatchObject({ creditLines: LINES, newLines: LINES, matched: 0 });
    expect(seen).toEqual({ transactions: 0, guarded: 3 });
    expect(await state(app, 'ONE-1')).toEqual({ receipts: LINES, posted: LINES, stray: 0, audited: [IMPORT_CHUNK, IMPORT_CHUNK, 5] });
  });

  test('a chunk whose lines another import took between its reads and its statement writes nothing; the rest is skipped', async () => {
    const app = await start();
    const op = await createOperator(app);
    let other: Promise<unknown> | undefined;
    // The state forced: just before this import's first guarded statement, the same statement is
    // imported whole by another request (its own statements run while this one waits).
    const seen = watch(app, async () => {
      if (other) return;
      const started = call(app, importStatement, { body: { format: 'camt053', content: xml(app, 'ONE-2') } }, { token: op.accessToken });
      other = started;
      expect(okBody(await started).result).toMatchObject({ newLines: LINES });
    });
    const late = okBody(
      await call(app, importStatement, { body: { format: 'camt053', content: xml(app, 'ONE-2') } }, { token: op.accessToken }),
    );
    expect(other).toBeDefined();
    // The first chunk's guard saw its lines taken (nothing written, the chunk then ran as a
    // transaction and found them in); the later chunks found their lines in before writing.
    expect(late.result).toMatchObject({ newLines: 0, matched: 0 });
    expect(seen.transactions).toBe(1);
    expect(await state(app, 'ONE-2')).toEqual({ receipts: LINES, posted: LINES, stray: 0, audited: [IMPORT_CHUNK, IMPORT_CHUNK, 5] });
  });
});
