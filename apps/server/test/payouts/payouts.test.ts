import { getConsoleOverview } from '@talentloop/contract/api/operator-console';
import {
  PAYOUT_DETAIL_MESSAGES,
  confirmPayoutDetailsChange,
  createPayoutBatch,
  downloadPayoutCsv,
  downloadPayoutSepa,
  getPayoutBatch,
  getPayoutDetails,
  listMyPayouts,
  listPayouts,
  markPayoutPaid,
  markPayoutReturned,
  removePayoutLine,
  requestPayoutDetailsChange,
  sendPayoutBatch,
} from '@talentloop/contract/api/payouts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { accountBalance } from '../../src/features/ledger/service.ts';
import { auditLog, payoutLines } from '../../src/infra/db/schema.ts';
import { PAYOUT_LINES_PER_STATEMENT } from '../../src/features/payouts/queries.ts';
import { call, expectFailure, okBody, otherCode, useApi } from '../helpers.ts';
import { createOperator } from '../talent/loop-support.ts';
import {
  balance,
  ibanDetails,
  indiaDetails,
  makePayable,
  payoutCodeFor,
  savePayoutDetails,
  seedPayables,
  startPayoutApp,
} from './support.ts';

// Payouts (issue 35, decisions 215-219): payout details changed only through the mailed code,
// masked everywhere but the payout file; batches of everything payable, sent, each line paid or
// returned, with the ledger's balances after each step and every operator action audited.

const env = useApi();

const FULL_IBAN = 'FR1420041010050500013M02606';

describe('payout details', () => {
  test('saved only with the mailed code, shown masked, the change mailed, never logged; stale and wrong refused', async () => {
    const app = await startPayoutApp(env);
    const { f, company } = await makePayable(app, 'EUR');
    const me = { token: f.token, email: f.email };

    expect(okBody(await call(app, getPayoutDetails, {}, { token: f.token }))).toMatchObject({ version: 0, details: null });

    // Bad details: the contract's message, nothing held, no code mailed.
    const bad = await call(
      app,
      requestPayoutDetailsChange,
      { body: { details: ibanDetails({ iban: 'FR1420041010050500013M02607' }), version: 0 } },
      { token: f.token },
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(PAYOUT_DETAIL_MESSAGES.ibanInvalid);
    const badIfsc = await call(
      app,
      requestPayoutDetailsChange,
      { body: { details: indiaDetails({ ifsc: 'HDFC1001234' }), version: 0 } },
      { token: f.token },
    );
    expect(badIfsc.status).toBe(400);
    expect(JSON.stringify(badIfsc.body)).toContain(PAYOUT_DETAIL_MESSAGES.ifscInvalid);
    await expect(payoutCodeFor(app, f.email)).rejects.toThrow(/no payout details code/);

    // Asked: nothing saved until the code is entered.
    okBody(await call(app, requestPayoutDetailsChange, { body: { details: ibanDetails(), version: 0 } }, { token: f.token }));
    expect(okBody(await call(app, getPayoutDetails, {}, { token: f.token })).details).toBeNull();
    const code = await payoutCodeFor(app, f.email);
    expectFailure(
      await call(app, confirmPayoutDetailsChange, { body: { otp: otherCode(code), version: 0 } }, { token: f.token }),
      400,
      'TL_CORE_01015_E',
    );
    expect(okBody(await call(app, getPayoutDetails, {}, { token: f.token })).details).toBeNull();

    const saved = okBody(await call(app, confirmPayoutDetailsChange, { body: { otp: code, version: 0 } }, { token: f.token }));
    expect(saved.version).toBe(1);
    expect(saved.details).toMatchObject({
      method: 'iban',
      accountHolder: 'Asha Rao',
      accountMasked: 'FR•• •••• 2606',
      bankCode: 'PSSTFRPPLIL',
    });
    expect(JSON.stringify(saved)).not.toContain('0500013');
    // The code is used up; the change was mailed to the account's address, masked.
    expect((await call(app, confirmPayoutDetailsChange, { body: { otp: code, version: 1 } }, { token: f.token })).status).toBe(400);
    const subjects = (await import('../helpers.ts')).outboxFor(app.db, f.email);
    const changed = (await subjects).find((m) => m.subject.includes('payout details were changed'));
    expect(changed?.text).toContain('FR•• •••• 2606');
    expect(changed?.text).not.toContain(FULL_IBAN);

    // A change from a stale page is refused before any mail.
    expectFailure(
      await call(app, requestPayoutDetailsChange, { body: { details: indiaDetails(), version: 0 } }, { token: f.token }),
      409,
      'TL_CORE_35500_E',
    );
    // Changed to an Indian account the whole way (a new code: 30 s after the last).
    app.clock.advance(31_000);
    const india = await savePayoutDetails(app, me, indiaDetails());
    expect(india.details).toMatchObject({ method: 'india', accountMasked: '•••• 6789', bankCode: 'HDFC0001234' });

    // Never in the logs.
    // Never in the logs (neither the refused IBAN nor the saved ones).
    expect(app.logs.text()).not.toContain('20041010050500013');
    expect(app.logs.text()).not.toContain('50100123456789');

    // Only a freelancer has payout details; an operator endpoint is not theirs.
    expectFailure(await call(app, getPayoutDetails, {}, { token: company.token }), 403, 'TL_CORE_00403_E');
    expectFailure(await call(app, listPayouts, {}, { token: f.token }), 403, 'TL_CORE_00403_E');
  });
});

describe('payout batches', () => {
  test('created, downloaded, sent, paid: the ledger after each step, every refusal, each action audited', async () => {
    const app = await startPayoutApp(env);
    const paid = await makePayable(app, 'EUR');
    const blocked = await makePayable(app, 'INR');
    await savePayoutDetails(app, { token: paid.f.token, email: paid.f.email }, ibanDetails());
    const op = { token: paid.operator.accessToken };
    const fid = paid.f.id;
    const net = paid.netMinor;

    // Payable: the IBAN holder; the freelancer without details blocked with why.
    const before = okBody(await call(app, listPayouts, {}, op));
    expect(before.payable).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ freelancerId: fid, currency: 'EUR', amountMinor: net, blocked: null }),
        expect.objectContaining({ freelancerId: blocked.f.id, currency: 'INR', amountMinor: blocked.netMinor, blocked: 'no_details' }),
      ]),
    );
    expect(await balance(app, fid, 'freelancer_payable', 'EUR')).toBe(-net);

    // Only operators.
    expectFailure(await call(app, createPayoutBatch, { body: {} }, { token: paid.f.token }), 403, 'TL_CORE_00403_E');
    expectFailure(await call(app, createPayoutBatch, { body: {} }, { token: paid.company.token }), 403, 'TL_CORE_00403_E');

    const waiting = async () => okBody(await call(app, getConsoleOverview, {}, op)).overview.queues.payouts.waiting;
    const waitingBefore = await waiting();
    const cashBefore = (await accountBalance(app.db, 'cash_at_bank')).find((b) => b.currency === 'EUR')?.balanceMinor ?? 0;
    const { batch } = okBody(await call(app, createPayoutBatch, { body: {} }, op));
    expect(batch).toMatchObject({ status: 'draft' });
    // Nothing else payable that is not blocked or already in a batch: no second batch.
    expectFailure(await call(app, createPayoutBatch, { body: {} }, op), 409, 'TL_CORE_35504_E');
    const after = okBody(await call(app, listPayouts, {}, op));
    expect(after.payable.map((p) => p.freelancerId)).not.toContain(fid);
    expect(await waiting()).toBe(waitingBefore + 1);

    // Lines masked in the batch view; the SEPA file has the full account; the CSV no EUR line.
    const opened = okBody(await call(app, getPayoutBatch, { params: { batchId: batch.id } }, op));
    const line = opened.lines.find((l) => l.freelancerId === fid);
    expect(line).toMatchObject({ accountMasked: 'FR•• •••• 2606', amountMinor: net, status: 'pending', currency: 'EUR' });
    expect(opened.lines.map((l) => l.freelancerId)).not.toContain(blocked.f.id);
    expect(batch.totals).toEqual([{ currency: 'EUR', amountMinor: opened.lines.reduce((sum, l) => sum + l.amountMinor, 0) }]);
    expect(JSON.stringify(opened)).not.toContain(FULL_IBAN);
    if (!line) throw new Error('no line');
    const sepa = await call(app, downloadPayoutSepa, { params: { batchId: batch.id } }, op);
    expect(sepa.status).toBe(200);
    const xml = String(sepa.body);
    expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
    expect(xml).toContain(`<IBAN>${FULL_IBAN}</IBAN>`);
    expect(xml).toContain(`<InstdAmt Ccy="EUR">${(net / 100).toFixed(2)}</InstdAmt>`);
    expect(xml).toContain('<IBAN>DE89370400440532013000</IBAN>');
    const csv = await call(app, downloadPayoutCsv, { params: { batchId: batch.id } }, op);
    expect(String(csv.body)).not.toContain(FULL_IBAN);

    // Ids: unknown or malformed, 404.
    expectFailure(await call(app, getPayoutBatch, { params: { batchId: crypto.randomUUID() } }, op), 404, 'TL_CORE_35502_E');
    expectFailure(await call(app, getPayoutBatch, { params: { batchId: 'nope' } }, op), 404, 'TL_CORE_35502_E');
    expectFailure(
      await call(app, markPayoutPaid, { params: { lineId: crypto.randomUUID() }, body: { paidOn: '2026-01-01' } }, op),
      404,
      'TL_CORE_35503_E',
    );

    // Not sent yet: cannot be paid. Stale send refused.
    expectFailure(
      await call(app, markPayoutPaid, { params: { lineId: line.id }, body: { paidOn: '2026-01-01' } }, op),
      409,
      'TL_CORE_35506_E',
    );
    expectFailure(
      await call(app, sendPayoutBatch, { params: { batchId: batch.id }, body: { version: batch.version + 1 } }, op),
      409,
      'TL_CORE_35510_E',
    );

    const sent = okBody(await call(app, sendPayoutBatch, { params: { batchId: batch.id }, body: { version: batch.version } }, op)).batch;
    expect(sent.status).toBe('sent');
    expect(await balance(app, fid, 'freelancer_payable', 'EUR')).toBe(0);
    expect(await balance(app, fid, 'payouts_in_transit', 'EUR')).toBe(-net);

    // Fixed once sent.
    expectFailure(
      await call(app, sendPayoutBatch, { params: { batchId: batch.id }, body: { version: sent.version } }, op),
      409,
      'TL_CORE_35505_E',
    );
    expectFailure(await call(app, removePayoutLine, { params: { lineId: line.id }, body: {} }, op), 409, 'TL_CORE_35505_E');

    // Paid on a day not in the future; once only.
    const today = app.clock.now().toISOString().slice(0, 10);
    expectFailure(
      await call(app, markPayoutPaid, { params: { lineId: line.id }, body: { paidOn: '2999-01-01' } }, op),
      400,
      'TL_CORE_00400_E',
    );
    const paidLine = okBody(await call(app, markPayoutPaid, { params: { lineId: line.id }, body: { paidOn: today } }, op)).line;
    const others = opened.lines.filter((l) => l.id !== line.id);
    expect(okBody(await call(app, getPayoutBatch, { params: { batchId: batch.id } }, op)).batch.status).toBe(
      others.length ? 'sent' : 'closed',
    );
    for (const other of others) okBody(await call(app, markPayoutPaid, { params: { lineId: other.id }, body: { paidOn: today } }, op));
    expect(paidLine).toMatchObject({ status: 'paid', paidOn: today });
    expectFailure(await call(app, markPayoutPaid, { params: { lineId: line.id }, body: { paidOn: today } }, op), 409, 'TL_CORE_35506_E');
    expectFailure(
      await call(app, markPayoutReturned, { params: { lineId: line.id }, body: { reason: 'Account closed' } }, op),
      409,
      'TL_CORE_35506_E',
    );
    expect(await balance(app, fid, 'payouts_in_transit', 'EUR')).toBe(0);
    expect(await accountBalance(app.db, 'cash_at_bank')).toContainEqual({
      currency: 'EUR',
      balanceMinor: cashBefore - (batch.totals[0]?.amountMinor ?? 0),
    });
    expect(okBody(await call(app, getPayoutBatch, { params: { batchId: batch.id } }, op)).batch.status).toBe('closed');
    expect(await waiting()).toBe(waitingBefore);

    // The freelancer sees it paid, on the day; the other freelancer sees nothing of it.
    expect(okBody(await call(app, listMyPayouts, {}, { token: paid.f.token })).payouts).toEqual([
      expect.objectContaining({
        id: line.id,
        status: 'paid',
        paidOn: today,
        amountMinor: net,
        currency: 'EUR',
        accountMasked: 'FR•• •••• 2606',
      }),
    ]);
    expect(okBody(await call(app, listMyPayouts, {}, { token: blocked.f.token })).payouts).toEqual([]);

    // Every operator action in the audit log.
    const actions = (await app.db.select().from(auditLog).where(sql`${auditLog.targetId} IN (${batch.id}, ${line.id})`)).map(
      (a) => a.action,
    );
    expect(actions.sort()).toEqual(['payout_batch.create', 'payout_batch.send', 'payout_line.paid']);
  });

  test('a returned payout is payable again with its reason; a removed line too; the CSV carries the full account', async () => {
    const app = await startPayoutApp(env);
    const s = await makePayable(app, 'INR');
    await savePayoutDetails(app, { token: s.f.token, email: s.f.email }, indiaDetails());
    const op = { token: s.operator.accessToken };
    const fid = s.f.id;

    // Removed from a draft: payable again, and a new batch takes it.
    const first = okBody(await call(app, createPayoutBatch, { body: {} }, op)).batch;
    const firstLine = okBody(await call(app, getPayoutBatch, { params: { batchId: first.id } }, op)).lines.find(
      (l) => l.freelancerId === fid,
    );
    const removed = okBody(await call(app, removePayoutLine, { params: { lineId: firstLine?.id ?? '' }, body: {} }, op)).batch;
    expect(removed).toMatchObject({ lineCount: first.lineCount - 1, version: first.version + 1 });
    expectFailure(await call(app, removePayoutLine, { params: { lineId: firstLine?.id ?? '' }, body: {} }, op), 409, 'TL_CORE_35505_E');
    if (removed.lineCount === 0) {
      expectFailure(
        await call(app, sendPayoutBatch, { params: { batchId: first.id }, body: { version: removed.version } }, op),
        409,
        'TL_CORE_35504_E',
      );
    }

    const batch = okBody(await call(app, createPayoutBatch, { body: {} }, op)).batch;
    const line = okBody(await call(app, getPayoutBatch, { params: { batchId: batch.id } }, op)).lines.find((l) => l.freelancerId === fid);
    if (!line) throw new Error('no line');
    const csv = String((await call(app, downloadPayoutCsv, { params: { batchId: batch.id } }, op)).body);
    expect(csv).toContain('50100123456789');
    expect(csv).toContain('HDFC0001234');
    okBody(await call(app, sendPayoutBatch, { params: { batchId: batch.id }, body: { version: batch.version } }, op));
    expect(await balance(app, fid, 'freelancer_payable', 'INR')).toBe(0);

    expect((await call(app, markPayoutReturned, { params: { lineId: line.id }, body: { reason: '  ' } }, op)).status).toBe(400);
    const returned = okBody(
      await call(app, markPayoutReturned, { params: { lineId: line.id }, body: { reason: 'Beneficiary account closed' } }, op),
    ).line;
    expect(returned).toMatchObject({ status: 'returned', returnedReason: 'Beneficiary account closed' });
    expect(await balance(app, fid, 'freelancer_payable', 'INR')).toBe(-s.netMinor);
    expect(await balance(app, fid, 'payouts_in_transit', 'INR')).toBe(0);
    expect(okBody(await call(app, listPayouts, {}, op)).payable).toContainEqual(
      expect.objectContaining({ freelancerId: fid, currency: 'INR', amountMinor: s.netMinor, blocked: null }),
    );
    expect(okBody(await call(app, listMyPayouts, {}, { token: s.f.token })).payouts[0]).toMatchObject({
      status: 'returned',
      returnedReason: 'Beneficiary account closed',
      paidOn: null,
    });
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.action, 'payout_line.returned'));
    expect(audit).toEqual([expect.objectContaining({ targetId: line.id, reason: 'Beneficiary account closed' })]);
  });

  test('parallel batch creations: each payable amount in one open batch only; parallel payments of a line: paid once', async () => {
    const app = await startPayoutApp(env);
    const s = await makePayable(app, 'EUR');
    await savePayoutDetails(app, { token: s.f.token, email: s.f.email }, ibanDetails());
    const op = { token: s.operator.accessToken };

    const answers = await Promise.all(Array.from({ length: 8 }, () => call(app, createPayoutBatch, { body: {} }, op)));
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    for (const a of answers.filter((x) => !x.ok))
      expect(['TL_CORE_35504_E', 'TL_CORE_35507_E']).toContain((a.body as { responseCode: string }).responseCode);
    const pending = await app.db.select().from(payoutLines).where(eq(payoutLines.freelancerId, s.f.id));
    expect(pending).toHaveLength(1);

    // The database refuses a second pending line for the same payable, whatever the code does.
    const [row] = pending;
    if (!row) throw new Error('no line');
    const { id: _id, ...copy } = row;
    await expect(app.db.insert(payoutLines).values(copy)).rejects.toThrow();

    const batch = okBody(await call(app, listPayouts, {}, op)).batches.find((b) => b.id === row.batchId);
    if (!batch) throw new Error('no batch');
    okBody(await call(app, sendPayoutBatch, { params: { batchId: batch.id }, body: { version: batch.version } }, op));
    const today = app.clock.now().toISOString().slice(0, 10);
    const paid = await Promise.all(
      Array.from({ length: 6 }, () => call(app, markPayoutPaid, { params: { lineId: row.id }, body: { paidOn: today } }, op)),
    );
    expect(paid.filter((p) => p.ok)).toHaveLength(1);
    expect(await balance(app, s.f.id, 'payouts_in_transit', 'EUR')).toBe(0);
    expect(await balance(app, s.f.id, 'freelancer_payable', 'EUR')).toBe(0);
    const entries = await app.db.execute(
      sql`SELECT count(*)::int AS n FROM journal_entries WHERE kind = 'payout_paid' AND memo LIKE ${`%${row.id}%`}`,
    );
    expect(JSON.stringify(entries)).toContain('"n":1');
  });

  // One payout more than an insert statement of payout lines holds: the lines span two statements,
  // and so do the payout_sent entries (21 parameters each, sliced at 30,000 by the ledger). The size
  // is the claim's minimum; the 5,000-line figure is the bench's row (decision 293).
  const manyPayouts = PAYOUT_LINES_PER_STATEMENT + 1;
  test(`a batch of ${manyPayouts} payouts (more than one statement holds) is made, filed as one SEPA file and sent, one balanced entry per payout`, async () => {
    const app = await startPayoutApp(env);
    const operator = await createOperator(app);
    const op = { token: operator.accessToken };
    await seedPayables(app, manyPayouts);
    const started = performance.now();
    const batch = okBody(await call(app, createPayoutBatch, { body: {} }, op)).batch;
    const sepa = await call(app, downloadPayoutSepa, { params: { batchId: batch.id } }, op);
    const sent = okBody(await call(app, sendPayoutBatch, { params: { batchId: batch.id }, body: { version: batch.version } }, op)).batch;
    // biome-ignore lint/suspicious/noConsole: the elapsed time, for the report (not asserted: no timed tests)
    console.info(`payout batch of ${batch.lineCount} lines: made, filed and sent in ${Math.round(performance.now() - started)} ms`);
    expect(batch.lineCount).toBeGreaterThanOrEqual(manyPayouts);
    expect(String(sepa.body).match(/<CdtTrfTxInf>/g)?.length).toBe(batch.lineCount);
    expect(sent.status).toBe('sent');
    // Nothing of theirs is payable any more: all of it is in transit, one balanced entry per payout.
    expect(okBody(await call(app, listPayouts, {}, op)).payable.filter((p) => p.freelancerName.startsWith('Payee Number'))).toEqual([]);
    const entry = await app.db.execute(
      sql`SELECT count(*)::int AS n FROM journal_entries WHERE kind = 'payout_sent' AND memo LIKE ${`%${batch.id}%`}`,
    );
    expect(JSON.stringify(entry)).toContain(`"n":${batch.lineCount}`);
  }, 300_000); // a ceiling, not a wait: thousands of rows on a loaded machine
});
