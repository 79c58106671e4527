import { approveMilestone, fundMilestone, submitMilestone } from '@talentloop/contract/api/engagements';
import { getFreelancerEarnings, listFreelancerStatements } from '@talentloop/contract/api/invoices';
import { listAuditLog } from '@talentloop/contract/api/operator-console';
import {
  assignReceipt,
  importStatement,
  listCompanyPayments,
  listFreelancerPayments,
  listReceipts,
  listReleasesDue,
  recordReceipt,
} from '@talentloop/contract/api/receipts';
import { type Currency, formatMoney, splitFee, toMajorString } from '@talentloop/contract/rules/money';
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { rowsOf } from '../../src/infra/db/rows.ts';
import { accountBalance, balanceOf } from '../../src/features/ledger/service.ts';
import { closeHolds, openHold, releaseDue } from '../../src/features/receipts/service.ts';
import {
  billingEmailOf,
  engaged,
  fixedTerms,
  freelancerView,
  hourlyTerms,
  invoicedEngagement,
  subjectsFor,
} from '../engagements/support.ts';
import { statementXml } from '../fixtures/camt053/statement.ts';
import { type TestApp, call, expectFailure, okBody, useApi } from '../helpers.ts';
import { startWithBank, today } from './support.ts';

// Receipts from the bank and their release (issue 35): who may take each step, every refusal, and
// the ledger's balances after each.

const env = useApi();

const start = () => startWithBank(env);

/** An active EUR hourly engagement with one approved week: its invoice as the freelancer's statement lists it. */
const invoicedWeek = (app: TestApp, companyName: string) =>
  invoicedEngagement(app, hourlyTerms(app, { currency: 'EUR', rateMinor: 5_000 }), [32, 32], { companyName });

const major = (minor: number, currency: Currency = 'EUR') => toMajorString(minor, currency);
const count = async (app: TestApp, what: string) =>
  Number(rowsOf<{ n: string | number }>(await app.db.execute(sql.raw(`SELECT count(*) AS n FROM ${what}`)))[0]?.n);
const cash = async (app: TestApp) => (await accountBalance(app.db, 'cash_at_bank')).find((r) => r.currency === 'EUR')?.balanceMinor ?? 0;
const unallocated = async (app: TestApp) =>
  (await accountBalance(app.db, 'receipts_unallocated')).find((r) => r.currency === 'EUR')?.balanceMinor ?? 0;

describe('receipts from the bank', () => {
  test('a statement pays an invoice in part, a receipt by hand pays the rest and releases it at once; an unmatched line is assigned', async () => {
    const app = await start();
    const s = await invoicedWeek(app, 'Globex');
    const op = s.operator.accessToken;
    const gross = s.invoice.grossMinor;
    const { net } = splitFee(gross, 'EUR');
    const freelancer = { freelancerId: s.f.id };
    const base = { cash: await cash(app), unallocated: await unallocated(app) };
    expect(await balanceOf(app.db, freelancer, 'freelancer_earned_held', 'EUR')).toBe(-net);
    expect(await balanceOf(app.db, freelancer, 'freelancer_payable', 'EUR')).toBe(0);

    // The reference typed as people type it: lower case, spaces, no hyphens.
    const typed = s.invoice.paymentReference.toLowerCase().replace(/-/g, ' ');
    const xml = statementXml({
      date: today(app),
      amount: major(gross - 1_000),
      ref: `Invoice ${typed}`,
      closing: major(gross - 1_000 + 1_250 - 100),
    });
    const body = { format: 'camt053' as const, content: xml };

    // Only an operator imports.
    for (const token of [s.f.token, s.company.token])
      expectFailure(await call(app, importStatement, { body }, { token }), 403, 'TL_CORE_00403_E');
    expect(await count(app, 'bank_receipts')).toBe(0);

    // A bad statement names its line and posts nothing.
    const before = await count(app, 'journal_entries');
    const bad = await call(
      app,
      importStatement,
      {
        body: {
          ...body,
          content: xml.replace(`<Amt Ccy="EUR">12.50</Amt>\n        <CdtDbtInd>`, `<Amt Ccy="EUR">-12.50</Amt>\n        <CdtDbtInd>`),
        },
      },
      { token: op },
    );
    expectFailure(bad, 400, 'TL_CORE_35101_E');
    expect(bad.body).toMatchObject({
      responseMessage: expect.stringContaining('Entry 2 (STMT-2026-11-27-0002): the amount -12.50 is negative'),
    });
    const wrongAccount = await call(
      app,
      importStatement,
      { body: { ...body, content: xml.replace('DE89370400440532013000', 'GB29NWBK60161331926819') } },
      { token: op },
    );
    expectFailure(wrongAccount, 400, 'TL_CORE_35101_E');
    expect(await count(app, 'journal_entries')).toBe(before);
    expect(await count(app, 'bank_receipts')).toBe(0);

    // Imported: the first line matches (partly paid), the second waits to be assigned, the debit is not a receipt.
    const imported = okBody(await call(app, importStatement, { body }, { token: op }));
    expect(imported.result).toMatchObject({ alreadyImported: false, creditLines: 2, newLines: 2, matched: 1, unmatched: 1 });
    expect(await cash(app)).toBe(base.cash + gross - 1_000 + 1_250);
    expect(await balanceOf(app.db, { companyId: s.invoice ? await companyIdOf(app, s.invoice.id) : '' }, 'company_receivable', 'EUR')).toBe(
      1_000,
    );
    expect(await unallocated(app)).toBe(base.unallocated - 1_250);
    expect(await balanceOf(app.db, freelancer, 'freelancer_payable', 'EUR')).toBe(0);
    const receipts = okBody(await call(app, listReceipts, {}, { token: op })).receipts;
    expect(receipts.map((r) => [r.amountMinor, r.state, r.invoice?.number ?? null]).sort()).toEqual(
      [
        [gross - 1_000, 'partly_paid', s.invoice.number],
        [1_250, 'unmatched', null],
      ].sort(),
    );
    let timeline = okBody(await call(app, listFreelancerPayments, {}, { token: s.f.token })).payments;
    expect(timeline).toEqual([
      expect.objectContaining({ invoiceId: s.invoice.id, receivedMinor: gross - 1_000, receivedOn: null, releasedOn: null }),
    ]);

    // The same statement again changes nothing.
    const again = okBody(await call(app, importStatement, { body }, { token: op }));
    expect(again.result).toMatchObject({ alreadyImported: true, newLines: 0 });
    expect(await cash(app)).toBe(base.cash + gross - 1_000 + 1_250);

    // The rest by hand, 5.00 too much: paid in full, released at once, the excess unallocated.
    const manual = {
      bookedOn: today(app),
      currency: 'EUR' as const,
      amount: major(1_500),
      bankReference: 'MANUAL-1',
      remittance: s.invoice.paymentReference.replace(/-/g, ''),
    };
    expectFailure(await call(app, recordReceipt, { body: manual }, { token: s.company.token }), 403, 'TL_CORE_00403_E');
    expectFailure(await call(app, recordReceipt, { body: { ...manual, amount: '-15' } }, { token: op }), 400, 'TL_CORE_35101_E');
    const paid = okBody(await call(app, recordReceipt, { body: manual }, { token: op })).receipt;
    expect(paid).toMatchObject({ state: 'overpaid', allocatedMinor: 1_000, amountMinor: 1_500 });
    expectFailure(await call(app, recordReceipt, { body: manual }, { token: op }), 409, 'TL_CORE_35102_E');
    expect(await balanceOf(app.db, freelancer, 'freelancer_earned_held', 'EUR')).toBe(0);
    expect(await balanceOf(app.db, freelancer, 'freelancer_payable', 'EUR')).toBe(-net);
    expect(await unallocated(app)).toBe(base.unallocated - 1_250 - 500);
    expect(await cash(app)).toBe(base.cash + gross + 1_250 + 500);
    // Earnings are what was earned, released or not.
    expect(okBody(await call(app, getFreelancerEarnings, {}, { token: s.f.token })).earnings).toEqual([
      { currency: 'EUR', grossMinor: gross, feeMinor: gross - net, netMinor: net },
    ]);
    timeline = okBody(await call(app, listFreelancerPayments, {}, { token: s.f.token })).payments;
    expect(timeline).toEqual([
      expect.objectContaining({
        receivedMinor: gross,
        receivedOn: today(app),
        releasedOn: today(app),
        releaseExpectedOn: null,
        paidExpectedOn: today(app),
      }),
    ]);
    expect(okBody(await call(app, listCompanyPayments, {}, { token: s.company.token })).payments).toEqual([
      expect.objectContaining({ invoiceId: s.invoice.id, receivedOn: today(app), releasedOn: today(app) }),
    ]);
    expect(okBody(await call(app, listReleasesDue, {}, { token: op })).releases).toEqual([]);
    // A second release run releases nothing more.
    expect(await releaseDue(app.db, app.clock.now())).toBe(0);

    // The unmatched line: assigned by an operator only, to a real reference, once.
    const unmatched = receipts.find((r) => r.state === 'unmatched');
    if (!unmatched) throw new Error('no unmatched receipt');
    const params = { receiptId: unmatched.id };
    expectFailure(
      await call(app, assignReceipt, { params, body: { paymentReference: s.invoice.paymentReference } }, { token: s.f.token }),
      403,
      'TL_CORE_00403_E',
    );
    expectFailure(
      await call(app, assignReceipt, { params, body: { paymentReference: 'TL-0000-0000-1' } }, { token: op }),
      404,
      'TL_CORE_35104_E',
    );
    expectFailure(
      await call(
        app,
        assignReceipt,
        { params: { receiptId: '00000000-0000-4000-8000-000000000000' }, body: { paymentReference: s.invoice.paymentReference } },
        { token: op },
      ),
      404,
      'TL_CORE_35103_E',
    );
    const other = await invoicedWeek(app, 'Initech');
    const assigned = okBody(
      await call(app, assignReceipt, { params, body: { paymentReference: other.invoice.paymentReference.toLowerCase() } }, { token: op }),
    ).receipt;
    expect(assigned).toMatchObject({
      state: 'partly_paid',
      allocatedMinor: 1_250,
      invoice: { number: other.invoice.number, outstandingMinor: other.invoice.grossMinor - 1_250 },
    });
    expectFailure(
      await call(app, assignReceipt, { params, body: { paymentReference: other.invoice.paymentReference } }, { token: op }),
      409,
      'TL_CORE_35105_E',
    );
    expect(await unallocated(app)).toBe(base.unallocated - 500);

    // Every step in the audit log.
    const audit = okBody(await call(app, listAuditLog, { query: {} }, { token: op })).entries.map((e) => e.action);
    expect(audit.filter((a) => a.startsWith('statement.') || a.startsWith('receipt.')).sort()).toEqual([
      'receipt.assign',
      'receipt.record',
      'statement.import',
    ]);
    // Both sides told: the freelancer, and the company at its invoices' address.
    expect(await subjectsFor(app, s.f.email)).toEqual(
      expect.arrayContaining([`The company paid ${s.invoice.number} in part`, `The company paid ${s.invoice.number}`]),
    );
    expect(await subjectsFor(app, billingEmailOf(s.company))).toEqual(
      expect.arrayContaining([`Payment received: ${formatMoney(gross - 1_000, 'EUR')} for ${s.invoice.number}`]),
    );
  });

  test('a held invoice is not released: the operator sees it with its deadline until the hold closes', async () => {
    const app = await start();
    const s = await invoicedWeek(app, 'Hooli');
    const op = s.operator.accessToken;
    const { net } = splitFee(s.invoice.grossMinor, 'EUR');
    await openHold(app.db, s.invoice.id, 'Disputed by the company', app.clock.now());
    const manual = {
      bookedOn: today(app),
      currency: 'EUR' as const,
      amount: major(s.invoice.grossMinor),
      bankReference: 'HOLD-1',
      remittance: s.invoice.paymentReference,
    };
    expect(okBody(await call(app, recordReceipt, { body: manual }, { token: op })).receipt.state).toBe('matched');
    expect(await balanceOf(app.db, { freelancerId: s.f.id }, 'freelancer_payable', 'EUR')).toBe(0);
    const due = okBody(await call(app, listReleasesDue, {}, { token: op })).releases;
    expect(due).toEqual([
      expect.objectContaining({
        invoiceId: s.invoice.id,
        receivedOn: today(app),
        deadline: addDays(today(app), 7),
        holdReason: 'Disputed by the company',
        netMinor: net,
      }),
    ]);
    expectFailure(await call(app, listReleasesDue, {}, { token: s.company.token }), 403, 'TL_CORE_00403_E');
    expect(okBody(await call(app, listFreelancerPayments, {}, { token: s.f.token })).payments).toEqual([
      expect.objectContaining({ releasedOn: null, releaseExpectedOn: addDays(today(app), 7), holdReason: 'Disputed by the company' }),
    ]);
    expect(await releaseDue(app.db, app.clock.now())).toBe(0);

    await closeHolds(app.db, s.invoice.id, app.clock.now());
    // Two release runs at once release it once.
    const runs = await Promise.all([releaseDue(app.db, app.clock.now()), releaseDue(app.db, app.clock.now())]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await balanceOf(app.db, { freelancerId: s.f.id }, 'freelancer_payable', 'EUR')).toBe(-net);
    expect(okBody(await call(app, listReleasesDue, {}, { token: op })).releases).toEqual([]);
  });

  test('a CSV statement with its column mapping pays an invoice; without a mapping or with a bad row it is refused', async () => {
    const app = await start();
    const s = await invoicedWeek(app, 'Stark');
    const op = s.operator.accessToken;
    const csv = `Day,Value,Ccy,Text\n${today(app)},${major(s.invoice.grossMinor)},EUR,"paid ${s.invoice.paymentReference.replace(/-/g, ' ')}"\n`;
    const mapping = { date: 'Day', amount: 'Value', currency: 'Ccy', reference: 'Text' };
    const before = await count(app, 'bank_receipts');
    expectFailure(await call(app, importStatement, { body: { format: 'csv', content: csv } }, { token: op }), 400, 'TL_CORE_35101_E');
    const bad = await call(
      app,
      importStatement,
      { body: { format: 'csv', content: `${csv}${today(app)},-1.00,EUR,x\n`, csv: mapping } },
      { token: op },
    );
    expectFailure(bad, 400, 'TL_CORE_35101_E');
    expect(bad.body).toMatchObject({ responseMessage: 'Row 3: the amount -1.00 is negative.' });
    expect(await count(app, 'bank_receipts')).toBe(before);
    const imported = okBody(await call(app, importStatement, { body: { format: 'csv', content: csv, csv: mapping } }, { token: op }));
    expect(imported.result).toMatchObject({ newLines: 1, matched: 1 });
    expect(
      okBody(await call(app, importStatement, { body: { format: 'csv', content: csv, csv: mapping } }, { token: op })).result,
    ).toMatchObject({
      alreadyImported: true,
    });
    expect(await balanceOf(app.db, { freelancerId: s.f.id }, 'freelancer_payable', 'EUR')).toBe(-splitFee(s.invoice.grossMinor, 'EUR').net);
  });

  test('a milestone funded and paid is released when it is approved, not before', async () => {
    const app = await start();
    const s = await engaged(app, fixedTerms(app), { companyName: 'Wayne' });
    const op = s.operator.accessToken;
    const [first] = (await freelancerView(app, s.f.token, s.engagement.id)).milestones;
    if (!first) throw new Error('no milestone');
    const mid = { milestoneId: first.id };
    okBody(await call(app, fundMilestone, { params: mid, body: { version: first.version } }, { token: s.company.token }));
    const [funding] = okBody(await call(app, listFreelancerStatements, {}, { token: s.f.token })).documents;
    if (!funding) throw new Error('no funding invoice');
    const body = {
      bookedOn: today(app),
      currency: 'INR' as const,
      amount: major(funding.grossMinor, 'INR'),
      bankReference: 'WAYNE-1',
      remittance: funding.paymentReference,
    };
    expect(okBody(await call(app, recordReceipt, { body }, { token: op })).receipt.state).toBe('matched');
    const payable = () => balanceOf(app.db, { freelancerId: s.f.id }, 'freelancer_payable', 'INR');
    expect(await payable()).toBe(0);
    expect(okBody(await call(app, listFreelancerPayments, {}, { token: s.f.token })).payments).toEqual([
      expect.objectContaining({ receivedOn: today(app), releasedOn: null, releaseExpectedOn: null }),
    ]);
    const submitted = okBody(
      await call(
        app,
        submitMilestone,
        { params: mid, body: { version: first.version + 1, note: 'Wireframes for every page.', links: [] } },
        { token: s.f.token },
      ),
    ).milestone;
    okBody(await call(app, approveMilestone, { params: mid, body: { version: submitted.version } }, { token: s.company.token }));
    expect(await payable()).toBe(-splitFee(funding.grossMinor, 'INR').net);
    expect(await balanceOf(app.db, { freelancerId: s.f.id }, 'freelancer_earned_held', 'INR')).toBe(0);
  });

  test('20 parallel imports of the same statement post each line once', async () => {
    const app = await start();
    const s = await invoicedWeek(app, 'Vandelay');
    const xml = statementXml({ stmt: 'PAR-1', date: today(app), amount: major(s.invoice.grossMinor), ref: s.invoice.paymentReference });
    const before = {
      receipts: await count(app, 'bank_receipts'),
      entries: await count(app, "journal_entries WHERE kind = 'receipt'"),
      releases: await count(app, "journal_entries WHERE kind = 'release'"),
      cash: await cash(app),
    };
    // 20 at once, each holding a database connection while it waits for the statement's lock. On a
    // loaded machine some wait longer than the pool's bounded wait for a connection and are answered
    // 503 (retry later; nothing changed), as they would be for a real client, which then sends again.
    const importUntilAnswered = async () => {
      for (;;) {
        const res = await call(app, importStatement, { body: { format: 'camt053', content: xml } }, { token: s.operator.accessToken });
        if (res.status !== 503) return res;
        expectFailure(res, 503, 'TL_CORE_00503_E');
      }
    };
    const results = await Promise.all(Array.from({ length: 20 }, importUntilAnswered));
    for (const r of results) expect(r.status).toBe(200);
    expect(await count(app, 'bank_receipts')).toBe(before.receipts + 2);
    expect(await count(app, "journal_entries WHERE kind = 'receipt'")).toBe(before.entries + 2);
    expect(await count(app, "journal_entries WHERE kind = 'release'")).toBe(before.releases + 1);
    expect(await cash(app)).toBe(before.cash + s.invoice.grossMinor + 1_250);
    expect(await balanceOf(app.db, { freelancerId: s.f.id }, 'freelancer_payable', 'EUR')).toBe(-splitFee(s.invoice.grossMinor, 'EUR').net);
  });
});

function addDays(day: string, n: number) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

async function companyIdOf(app: TestApp, invoiceId: string): Promise<string> {
  const [row] = rowsOf<{ company_id: string }>(await app.db.execute(sql`SELECT company_id FROM invoices WHERE id = ${invoiceId}`));
  return row?.company_id ?? '';
}
