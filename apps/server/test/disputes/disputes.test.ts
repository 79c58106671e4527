import {
  answerDispute,
  decideDispute,
  getDispute,
  getMyDispute,
  listDisputes,
  listMyDisputes,
  openDispute,
} from '@talentloop/contract/api/disputes';
import { listFreelancerStatements } from '@talentloop/contract/api/invoices';
import { createPayoutBatch, sendPayoutBatch } from '@talentloop/contract/api/payouts';
import { getConversation, openConversation } from '@talentloop/contract/api/messages';
import { getConsoleOverview, listAuditLog } from '@talentloop/contract/api/operator-console';
import { listFreelancerPayments, listReleasesDue, recordReceipt } from '@talentloop/contract/api/receipts';
import { splitDisputed } from '@talentloop/contract/rules/disputes';
import { splitFee, toMajorString } from '@talentloop/contract/rules/money';
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { accountBalance, balanceOf, earningsOf } from '../../src/features/ledger/service.ts';
import { releaseDue } from '../../src/features/receipts/service.ts';
import { billingEmailOf, hourlyTerms, invoicedEngagement, subjectsFor } from '../engagements/support.ts';
import { tokenOf } from '../reviews/support.ts';
import { withMailbox } from '../company/documents-support.ts';
import { balance, ibanDetails, makePayable, savePayoutDetails, startPayoutApp } from '../payouts/support.ts';
import { DAY, type TestApp, call, expectFailure, okBody, useApi } from '../helpers.ts';

// Disputes (issue 35): each step, who may take it, every refusal, and the ledger after each decision.

const env = useApi();

/** An active EUR hourly engagement with one approved week: its invoice as the freelancer's statement lists it. */
const invoicedWeek = (app: TestApp, companyName: string) =>
  invoicedEngagement(app, hourlyTerms(app, { currency: 'EUR', rateMinor: 5_000 }), [32, 32], { companyName });

const today = (app: TestApp) => app.clock.now().toISOString().slice(0, 10);

async function pay(app: TestApp, op: string, s: Awaited<ReturnType<typeof invoicedWeek>>, ref: string) {
  okBody(
    await call(
      app,
      recordReceipt,
      {
        body: {
          bookedOn: today(app),
          currency: 'EUR',
          amount: toMajorString(s.invoice.grossMinor, 'EUR'),
          bankReference: ref,
          remittance: s.invoice.paymentReference,
        },
      },
      { token: op },
    ),
  );
}

const eur = async (app: TestApp, account: Parameters<typeof accountBalance>[1]) =>
  (await accountBalance(app.db, account)).find((r) => r.currency === 'EUR')?.balanceMinor ?? 0;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

async function attach(app: TestApp, token: string, disputeId: string, data: Buffer, type = 'application/pdf') {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(data)], { type }), 'evidence.pdf');
  const res = await fetch(`${app.baseUrl}/api/disputes/${disputeId}/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { responseCode?: string; dispute?: { files: { id: string; side: string }[] } } };
}

const fetchFile = (app: TestApp, token: string, path: string) =>
  fetch(`${app.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });

describe('disputes', () => {
  test('the company disputes within the window, the money stays held, the freelancer answers, a non-party operator releases it', async () => {
    const app = withMailbox(await env.start(), env.mailbox);
    const s = await invoicedWeek(app, 'Globex');
    const op = s.operator.accessToken;
    const net = splitFee(s.invoice.grossMinor, 'EUR').net;
    const params = { invoiceId: s.invoice.id };
    const body = { subject: 'timesheet' as const, reason: 'Twelve of these hours were not worked.' };

    // Not a party: 404; an operator cannot open one; a short reason is refused.
    const stranger = await invoicedWeek(app, 'Initech');
    expectFailure(await call(app, openDispute, { params, body }, { token: stranger.company.token }), 404, 'TL_CORE_35151_E');
    expectFailure(await call(app, openDispute, { params, body }, { token: stranger.f.token }), 404, 'TL_CORE_35151_E');
    expectFailure(await call(app, openDispute, { params, body }, { token: op }), 404, 'TL_CORE_35151_E');
    expectFailure(
      await call(app, openDispute, { params, body: { ...body, reason: 'no' } }, { token: s.company.token }),
      400,
      'TL_CORE_00400_E',
    );

    const mine = okBody(await call(app, listMyDisputes, {}, { token: s.company.token }));
    expect(mine.invoices).toEqual([expect.objectContaining({ invoiceId: s.invoice.id, canDispute: true, disputeId: null })]);

    // The pair's conversation gets a dated line for each step.
    const conversation = okBody(
      await call(app, openConversation, { body: { candidateId: s.selection.candidateId } }, { token: s.company.token }),
    ).conversation;
    const waiting = async () => okBody(await call(app, getConsoleOverview, {}, { token: op })).overview.queues.disputes.waiting;
    const before = await waiting();
    const opened = okBody(await call(app, openDispute, { params, body }, { token: s.company.token })).dispute;
    expect(opened).toMatchObject({ status: 'open', raisedBy: 'company', subject: 'timesheet', version: 0 });
    expectFailure(await call(app, openDispute, { params, body }, { token: s.f.token }), 409, 'TL_CORE_35153_E');
    expect(await subjectsFor(app, s.f.email)).toContain(`${s.invoice.number} is disputed`);

    // Paid in full meanwhile: not released, the hold shown to both and in the operator's queue.
    await pay(app, op, s, 'DISPUTE-1');
    expect(await releaseDue(app.db, app.clock.now())).toBe(0);
    expect(await balanceOf(app.db, { freelancerId: s.f.id }, 'freelancer_payable', 'EUR')).toBe(0);
    expect(okBody(await call(app, listFreelancerPayments, {}, { token: s.f.token })).payments).toEqual([
      expect.objectContaining({ invoiceId: s.invoice.id, releasedOn: null, holdReason: 'Disputed by the company' }),
    ]);
    expect(okBody(await call(app, listReleasesDue, {}, { token: op })).releases).toEqual([
      expect.objectContaining({ invoiceId: s.invoice.id, holdReason: 'Disputed by the company' }),
    ]);
    expect(await waiting()).toBe(before + 1);

    // Answered by the other side only, once; another party's dispute is 404.
    const dp = { disputeId: opened.id };
    const answer = { answer: 'The hours are in the shared log, day by day.' };
    expectFailure(await call(app, getMyDispute, { params: dp }, { token: stranger.f.token }), 404, 'TL_CORE_35150_E');
    expectFailure(await call(app, answerDispute, { params: dp, body: answer }, { token: stranger.f.token }), 404, 'TL_CORE_35150_E');
    expectFailure(await call(app, answerDispute, { params: dp, body: answer }, { token: s.company.token }), 403, 'TL_CORE_35154_E');
    const answered = okBody(await call(app, answerDispute, { params: dp, body: answer }, { token: s.f.token })).dispute;
    expect(answered).toMatchObject({ status: 'answered', answer: answer.answer, version: 1 });
    expectFailure(await call(app, answerDispute, { params: dp, body: answer }, { token: s.f.token }), 409, 'TL_CORE_35155_E');

    // Deciding: parties cannot; an operator who is the company's owner cannot; a stale version is 409.
    const decision = { outcome: 'release' as const, reason: 'The log shows every hour.', version: 1 };
    expectFailure(await call(app, decideDispute, { params: dp, body: decision }, { token: s.company.token }), 403, 'TL_CORE_00403_E');
    await app.db.execute(sql`UPDATE users SET roles = array_append(roles, 'operator') WHERE email = ${s.company.accountEmail}`);
    const ownerOp = await tokenOf(app, s.company.accountEmail);
    expectFailure(await call(app, decideDispute, { params: dp, body: decision }, { token: ownerOp }), 403, 'TL_CORE_35156_E');
    expectFailure(await call(app, decideDispute, { params: dp, body: { ...decision, version: 0 } }, { token: op }), 409, 'TL_CORE_35155_E');

    const decided = okBody(await call(app, decideDispute, { params: dp, body: decision }, { token: op })).dispute;
    expect(decided).toMatchObject({ status: 'decided', outcome: 'release', decisionReason: decision.reason, version: 2 });
    expect(await balanceOf(app.db, { freelancerId: s.f.id }, 'freelancer_payable', 'EUR')).toBe(-net);
    expect(await balanceOf(app.db, { freelancerId: s.f.id }, 'freelancer_earned_held', 'EUR')).toBe(0);
    expect(okBody(await call(app, listFreelancerPayments, {}, { token: s.f.token })).payments[0]).toMatchObject({
      releasedOn: today(app),
      holdReason: null,
    });
    expect(await subjectsFor(app, s.f.email)).toContain(`The dispute of ${s.invoice.number} is decided`);
    expect(await subjectsFor(app, billingEmailOf(s.company))).toContain(`The dispute of ${s.invoice.number} is decided`);
    expect(await subjectsFor(app, billingEmailOf(s.company))).toContain(`The freelancer answered the dispute of ${s.invoice.number}`);
    expectFailure(await call(app, decideDispute, { params: dp, body: { ...decision, version: 2 } }, { token: op }), 409, 'TL_CORE_35155_E');
    const audit = okBody(await call(app, listAuditLog, { query: { action: 'dispute.decide' } }, { token: op })).entries;
    expect(audit).toEqual([expect.objectContaining({ action: 'dispute.decide', targetType: 'dispute', targetId: opened.id })]);
    expect(await waiting()).toBe(before);
    const thread = okBody(await call(app, getConversation, { params: { conversationId: conversation.id } }, { token: s.f.token }));
    expect(thread.messages.map((m) => m.systemEvent).filter((e) => e?.startsWith('dispute_'))).toEqual([
      'dispute_opened',
      'dispute_answered',
      'dispute_decided',
    ]);
  });

  test('after 30 days the invoice cannot be disputed and the window is shown as closed', async () => {
    const app = withMailbox(await env.start(), env.mailbox);
    const s = await invoicedWeek(app, 'Globex');
    const params = { invoiceId: s.invoice.id };
    const body = { subject: 'invoice' as const, reason: 'The invoice bills the wrong week.' };
    app.clock.advance(30 * DAY);
    const f = await tokenOf(app, s.f.email);
    const last = okBody(await call(app, listMyDisputes, {}, { token: f })).invoices[0];
    expect(last).toMatchObject({ canDispute: true, disputeUntil: today(app) });
    app.clock.advance(DAY);
    const f2 = await tokenOf(app, s.f.email);
    const c2 = await tokenOf(app, s.company.accountEmail);
    expect(okBody(await call(app, listMyDisputes, {}, { token: f2 })).invoices[0]).toMatchObject({ canDispute: false });
    expectFailure(await call(app, openDispute, { params, body }, { token: f2 }), 409, 'TL_CORE_35152_E');
    expectFailure(await call(app, openDispute, { params, body }, { token: c2 }), 409, 'TL_CORE_35152_E');
  });

  test('a refund is a credit note; after a release it takes the net back; the ledger balances', async () => {
    const app = withMailbox(await env.start(), env.mailbox);
    const s = await invoicedWeek(app, 'Globex');
    const op = s.operator.accessToken;
    await pay(app, op, s, 'REFUND-1');
    const net = splitFee(s.invoice.grossMinor, 'EUR').net;
    expect(await balanceOf(app.db, { freelancerId: s.f.id }, 'freelancer_payable', 'EUR')).toBe(-net);
    const fee0 = await eur(app, 'platform_fee_revenue');
    const d = okBody(
      await call(
        app,
        openDispute,
        { params: { invoiceId: s.invoice.id }, body: { subject: 'invoice', reason: 'Nothing was delivered that week.' } },
        { token: s.f.token },
      ),
    ).dispute;
    expect(d.raisedBy).toBe('freelancer');
    const decided = okBody(
      await call(
        app,
        decideDispute,
        { params: { disputeId: d.id }, body: { outcome: 'refund', reason: 'The freelancer agrees nothing was due.', version: 0 } },
        { token: op },
      ),
    ).dispute;
    expect(decided).toMatchObject({ outcome: 'refund', refundMinor: s.invoice.grossMinor, creditNoteNumber: expect.stringMatching(/CN/) });
    expect(await balanceOf(app.db, { freelancerId: s.f.id }, 'freelancer_payable', 'EUR')).toBe(0);
    expect(await balanceOf(app.db, { freelancerId: s.f.id }, 'freelancer_earned_held', 'EUR')).toBe(0);
    expect(await eur(app, 'platform_fee_revenue')).toBe(fee0 + (s.invoice.grossMinor - net));
    // Nothing earned on refunded work, though it had been released (the refund took the payable back).
    expect(await earningsOf(app.db, s.f.id)).toEqual([]);
    // The company paid and got a credit note: the receivable owes it the gross back.
    expect(await balanceOf(app.db, { companyId: d.invoiceId ? await companyOf(app, d.invoiceId) : '' }, 'company_receivable', 'EUR')).toBe(
      -s.invoice.grossMinor,
    );
    // Every account together still sums to zero.
    const all = rowsSum(await app.db.execute(sql`SELECT coalesce(sum(amount_minor), 0) AS n FROM journal_lines WHERE currency = 'EUR'`));
    expect(all).toBe(0);
  });

  test('a split refunds part and releases the rest; of two decisions at once one wins', async () => {
    const app = withMailbox(await env.start(), env.mailbox);
    const s = await invoicedWeek(app, 'Globex');
    const op = s.operator.accessToken;
    const gross = s.invoice.grossMinor;
    const { net } = splitFee(gross, 'EUR');
    const d = okBody(
      await call(
        app,
        openDispute,
        { params: { invoiceId: s.invoice.id }, body: { subject: 'timesheet', reason: 'Half of Tuesday was a holiday.' } },
        { token: s.company.token },
      ),
    ).dispute;
    const params = { disputeId: d.id };
    const split = { outcome: 'split' as const, refund: '100.00', reason: 'Four hours were not worked.', version: 0 };
    // Not paid yet: a split cannot release its part.
    expectFailure(await call(app, decideDispute, { params, body: split }, { token: op }), 409, 'TL_CORE_35158_E');
    expectFailure(
      await call(app, decideDispute, { params, body: { ...split, refund: toMajorString(gross, 'EUR') } }, { token: op }),
      400,
      'TL_CORE_35157_E',
    );
    await pay(app, op, s, 'SPLIT-1');
    const fee0 = await eur(app, 'platform_fee_revenue');
    const decided = okBody(await call(app, decideDispute, { params, body: split }, { token: op })).dispute;
    expect(decided).toMatchObject({ outcome: 'split', refundMinor: 10_000, creditNoteNumber: expect.stringMatching(/CN/) });
    const parts = splitDisputed(gross, net, 10_000, 'EUR');
    // The refunded part is a credit note of its own: the part's figures, referring to the invoice, its entry the split's.
    const note = okBody(await call(app, listFreelancerStatements, {}, { token: s.f.token })).documents.find(
      (doc) => doc.number === decided.creditNoteNumber,
    );
    expect(note).toMatchObject({ kind: 'credit_note', grossMinor: 10_000, netMinor: 8_500, creditsNumber: s.invoice.number });
    const noteEntry = rowsSum(
      await app.db.execute(
        sql`SELECT count(*) AS n FROM journal_entries e JOIN invoices c ON c.id = e.invoice_id WHERE c.number = ${decided.creditNoteNumber ?? ''} AND e.kind = 'dispute_refund'`,
      ),
    );
    expect(noteEntry).toBe(1);
    expect(parts).toEqual({ refundGross: 10_000, refundFee: 1_500, refundNet: 8_500, releaseNet: net - 8_500 });
    // Released: the net less the refunded part's net; EUR 100 owed back to the company; its fee given back.
    expect(await balanceOf(app.db, { freelancerId: s.f.id }, 'freelancer_payable', 'EUR')).toBe(-(net - 8_500));
    expect(await balanceOf(app.db, { freelancerId: s.f.id }, 'freelancer_earned_held', 'EUR')).toBe(0);
    expect(await balanceOf(app.db, { companyId: await companyOf(app, d.invoiceId) }, 'company_receivable', 'EUR')).toBe(-10_000);
    expect(await eur(app, 'platform_fee_revenue')).toBe(fee0 + 1_500);
    expect(okBody(await call(app, listFreelancerPayments, {}, { token: s.f.token })).payments[0]).toMatchObject({ releasedOn: today(app) });
    const all = rowsSum(await app.db.execute(sql`SELECT coalesce(sum(amount_minor), 0) AS n FROM journal_lines WHERE currency = 'EUR'`));
    expect(all).toBe(0);

    // Two operators decide another dispute at once: one wins, the other is told it changed.
    const s2 = await invoicedWeek(app, 'Initech');
    await pay(app, op, s2, 'SPLIT-2');
    const d2 = okBody(
      await call(
        app,
        openDispute,
        { params: { invoiceId: s2.invoice.id }, body: { subject: 'invoice', reason: 'The invoice bills a week twice.' } },
        { token: s2.f.token },
      ),
    ).dispute;
    const other = await app.signIn((await secondOperator(app, s.operator.email)) ?? '');
    const [a, b] = await Promise.all([
      call(app, decideDispute, { params: { disputeId: d2.id }, body: split }, { token: op }),
      call(
        app,
        decideDispute,
        { params: { disputeId: d2.id }, body: { ...split, outcome: 'release' as const } },
        { token: other.accessToken },
      ),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const won = okBody(await call(app, getDispute, { params: { disputeId: d2.id } }, { token: op })).dispute;
    const net2 = splitFee(s2.invoice.grossMinor, 'EUR').net;
    const payable2 = await balanceOf(app.db, { freelancerId: s2.f.id }, 'freelancer_payable', 'EUR');
    const parts2 = splitDisputed(s2.invoice.grossMinor, net2, 10_000, 'EUR');
    expect(payable2).toBe(won.outcome === 'split' ? -(parts2?.releaseNet ?? 0) : -net2);
    // One release entry, whoever won.
    const releases = rowsSum(await app.db.execute(sql`SELECT count(*) AS n FROM invoice_releases WHERE invoice_id = ${s2.invoice.id}`));
    expect(releases).toBe(1);
    const audits = okBody(await call(app, listAuditLog, { query: { action: 'dispute.decide' } }, { token: op })).entries;
    expect(audits.filter((e) => e.targetId === d2.id)).toHaveLength(1);
    expect(okBody(await call(app, listDisputes, {}, { token: op })).disputes).toContainEqual(
      expect.objectContaining({ id: d.id, status: 'decided' }),
    );
  });
});

function rowsSum(result: unknown): number {
  const rows = (result as { rows?: { n: string | number }[] }).rows ?? (result as { n: string | number }[]);
  return Number(rows[0]?.n ?? 0);
}

async function companyOf(app: TestApp, invoiceId: string): Promise<string> {
  const r = await app.db.execute(sql`SELECT company_id AS n FROM invoices WHERE id = ${invoiceId}`);
  const rows = (r as { rows?: { n: string }[] }).rows ?? (r as unknown as { n: string }[]);
  return String(rows[0]?.n ?? '');
}

/** A second operator (an existing freelancer account made operator): its email. */
async function secondOperator(app: TestApp, notEmail: string): Promise<string | undefined> {
  const r = await app.db.execute(
    sql`SELECT email AS n FROM users WHERE email <> ${notEmail} AND NOT ('client' = ANY(roles)) AND email LIKE '%@%' ORDER BY created_at LIMIT 1`,
  );
  const rows = (r as { rows?: { n: string }[] }).rows ?? (r as unknown as { n: string }[]);
  const email = rows[0]?.n;
  if (email) await app.db.execute(sql`UPDATE users SET roles = array_append(roles, 'operator') WHERE email = ${email}`);
  return email;
}

describe('a refund after the money was paid out', () => {
  test('a refund or a split of money already paid out is refused and leaves the payable as it was; a release still works', async () => {
    const app = await startPayoutApp(env);
    const s = await makePayable(app);
    const op = s.operator.accessToken;
    await savePayoutDetails(app, { token: s.f.token, email: s.f.email }, ibanDetails());
    const made = okBody(await call(app, createPayoutBatch, { body: {} }, { token: op })).batch;
    okBody(await call(app, sendPayoutBatch, { params: { batchId: made.id }, body: { version: made.version } }, { token: op }));
    expect(await balance(app, s.f.id, 'freelancer_payable', 'EUR')).toBe(0);
    const [invoice] = okBody(await call(app, listFreelancerStatements, {}, { token: s.f.token })).documents;
    const d = okBody(
      await call(
        app,
        openDispute,
        { params: { invoiceId: invoice?.id ?? '' }, body: { subject: 'invoice', reason: 'The week was never worked.' } },
        { token: s.company.token },
      ),
    ).dispute;
    const params = { disputeId: d.id };
    const reason = 'The company proved the week was not worked.';
    const entries = rowsSum(await app.db.execute(sql`SELECT count(*) AS n FROM journal_entries`));
    expectFailure(
      await call(app, decideDispute, { params, body: { outcome: 'refund', reason, version: 0 } }, { token: op }),
      409,
      'TL_CORE_35161_E',
    );
    expectFailure(
      await call(app, decideDispute, { params, body: { outcome: 'split', refund: '100.00', reason, version: 0 } }, { token: op }),
      409,
      'TL_CORE_35161_E',
    );
    // Nothing changed: no entry, no credit note, the payable never below zero, the dispute still open.
    expect(rowsSum(await app.db.execute(sql`SELECT count(*) AS n FROM journal_entries`))).toBe(entries);
    expect(await balance(app, s.f.id, 'freelancer_payable', 'EUR')).toBe(0);
    expect(okBody(await call(app, listFreelancerStatements, {}, { token: s.f.token })).documents).toHaveLength(1);
    const decided = okBody(
      await call(app, decideDispute, { params, body: { outcome: 'release', reason, version: 0 } }, { token: op }),
    ).dispute;
    expect(decided).toMatchObject({ status: 'decided', outcome: 'release' });
    expect(await balance(app, s.f.id, 'freelancer_payable', 'EUR')).toBe(0);
  });
});

describe('dispute evidence', () => {
  test('each side attaches files until the decision; both sides and operators download them; nobody else can', async () => {
    const app = withMailbox(await env.start(), env.mailbox);
    const s = await invoicedWeek(app, 'Globex');
    const stranger = await invoicedWeek(app, 'Initech');
    const op = s.operator.accessToken;
    const d = okBody(
      await call(
        app,
        openDispute,
        { params: { invoiceId: s.invoice.id }, body: { subject: 'invoice', reason: 'The rate on this invoice is wrong.' } },
        { token: s.company.token },
      ),
    ).dispute;
    expect(d.files).toEqual([]);
    const mine = await attach(app, s.company.token, d.id, PDF);
    expect(mine.status).toBe(200);
    const [file] = mine.body.dispute?.files ?? [];
    expect(file).toMatchObject({ side: 'company' });
    expect((await attach(app, s.f.token, d.id, PDF)).body.dispute?.files.map((f) => f.side)).toEqual(['company', 'freelancer']);
    // Not a party: 404; not a pdf/doc/image: refused.
    expect((await attach(app, stranger.company.token, d.id, PDF)).status).toBe(404);
    expect((await attach(app, s.company.token, d.id, Buffer.from('just text'), 'text/plain')).body.responseCode).toBe('TL_CORE_11020_E');

    const path = `/disputes/${d.id}/files/${file?.id}`;
    const got = await fetchFile(app, s.f.token, path);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-disposition')).toBe(`attachment; filename="dispute-${s.invoice.number}-file-1.pdf"`);
    expect(Buffer.from(await got.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await fetchFile(app, stranger.f.token, path)).status).toBe(404);
    expect((await fetchFile(app, s.f.token, `/disputes/${d.id}/files/${crypto.randomUUID()}`)).status).toBe(404);
    // An operator who is not a party reads it through the console's path only.
    expect((await fetchFile(app, op, path)).status).toBe(404);
    expect((await fetchFile(app, op, `/operator${path}`)).status).toBe(200);

    // At most 5 a side; none after the decision.
    for (let i = 1; i < 5; i += 1) expect((await attach(app, s.company.token, d.id, PDF)).status).toBe(200);
    expect((await attach(app, s.company.token, d.id, PDF)).body.responseCode).toBe('TL_CORE_35160_E');
    okBody(
      await call(
        app,
        decideDispute,
        { params: { disputeId: d.id }, body: { outcome: 'release', reason: 'The rate is the one both accepted.', version: 0 } },
        { token: op },
      ),
    );
    const late = await attach(app, s.f.token, d.id, PDF);
    expect(late).toMatchObject({ status: 409, body: { responseCode: 'TL_CORE_35160_E' } });
  });
});
