import crypto from 'node:crypto';
import { splitFee } from '@talentloop/contract/rules/money';
import { readPaymentReference } from '@talentloop/contract/rules/payment-reference';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import {
  type IssueInvoiceInput,
  type IssuedDocument,
  issueCreditNote,
  issueInvoice,
  releaseMilestone,
} from '../../src/features/invoices/service.ts';
import { balanceOf } from '../../src/features/ledger/service.ts';
import type { Db } from '../../src/infra/db/client.ts';
import { rowsOf } from '../../src/infra/db/rows.ts';
import { invoiceCounters, invoices, journalEntries } from '../../src/infra/db/schema.ts';
import { useApi } from '../helpers.ts';
import { makeParties, refusal, weekInvoice } from '../ledger/support.ts';

// Invoices (issue 34, decision 201): numbered gaplessly per issuer and year, one per source however
// many approvals race, immutable once issued, each with its journal entry; the ledger's balances are
// the documents' sums.

const env = useApi();
const week = weekInvoice;

const issue = (db: Db, input: IssueInvoiceInput) => db.transaction((tx) => issueInvoice(tx, input));

describe('issueInvoice', () => {
  test('numbers each issuer gaplessly per year, snapshots both parties, splits the fee once and posts the entry', async () => {
    const db = env.database.db;
    const p = await makeParties(db);
    const first = await issue(db, week(p));
    expect(first.number).toBe('INV-2026-0001');
    expect(readPaymentReference(first.paymentReference.toLowerCase())).toBe(first.paymentReference);
    const [row] = await db.select().from(invoices).where(eq(invoices.id, first.invoiceId));
    expect(row).toMatchObject({
      kind: 'invoice',
      issuerId: p.freelancerId,
      subtotalMinor: 2_687_500,
      feeMinor: splitFee(2_687_500, 'INR').fee,
      netMinor: splitFee(2_687_500, 'INR').net,
      issueDate: '2026-11-23',
      dueDate: '2026-12-07',
      poNumber: 'PO-7781',
      issuerDetails: { legalName: 'Asha Rao', city: 'Kolkata', country: 'IN', email: expect.stringContaining('@') },
      recipientDetails: { legalName: 'Acme Labs Private Limited', taxNumber: '29AAGCA1234A1ZA', email: p.billingEmail },
    });
    expect((await issue(db, week(p))).number).toBe('INV-2026-0002');
    expect((await issue(db, week(p, { issueDate: '2026-12-31' }))).number).toBe('INV-2026-0003');
    // A new year starts again at 1; another issuer has a series of their own.
    expect((await issue(db, week(p, { issueDate: '2027-01-01' }))).number).toBe('INV-2027-0001');
    const q = await makeParties(db);
    expect((await issue(db, week(q))).number).toBe('INV-2026-0001');
    // Parallel issues for one issuer take the next numbers, each once, none skipped.
    const parallel = await Promise.all(Array.from({ length: 8 }, () => issue(db, week(p))));
    expect(parallel.map((d) => d.number).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `INV-2026-${String(i + 4).padStart(4, '0')}`));
    const numbers = await db.select({ seq: invoices.seq }).from(invoices).where(eq(invoices.issuerId, p.freelancerId));
    expect(numbers.map((n) => n.seq).sort((a, b) => a - b)).toEqual([1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  test('20 parallel issues of one source give one invoice, one journal entry and one number', async () => {
    const db = env.database.db;
    const p = await makeParties(db);
    const input = week(p);
    const results = await Promise.all(Array.from({ length: 20 }, () => issue(db, input)));
    expect(new Set(results.map((r) => r.invoiceId)).size).toBe(1);
    expect(results[0]?.number).toBe('INV-2026-0001');
    const rows = await db.select().from(invoices).where(eq(invoices.sourceId, input.source.id));
    expect(rows).toHaveLength(1);
    expect(
      await db
        .select()
        .from(journalEntries)
        .where(eq(journalEntries.invoiceId, results[0]?.invoiceId ?? '')),
    ).toHaveLength(1);
    const [counter] = await db.select().from(invoiceCounters).where(eq(invoiceCounters.issuerId, p.freelancerId));
    expect(counter?.lastSeq).toBe(1);
    expect(await balanceOf(db, { companyId: p.companyId }, 'company_receivable', 'INR')).toBe(2_687_500);
    // The next source takes number 2: the losers of the race used none.
    expect((await issue(db, week(p))).number).toBe('INV-2026-0002');
  });

  test('refuses to issue without both parties billing details, and writes nothing', async () => {
    const db = env.database.db;
    const unproven = await makeParties(db, { companyBilling: 'unproven' });
    await expect(issue(db, week(unproven))).rejects.toMatchObject({ code: 'TL_CORE_34200_E' });
    const none = await makeParties(db, { companyBilling: 'none' });
    await expect(issue(db, week(none))).rejects.toMatchObject({ code: 'TL_CORE_34200_E' });
    const noFreelancer = await makeParties(db, { freelancerBilling: false });
    await expect(issue(db, week(noFreelancer))).rejects.toMatchObject({ code: 'TL_CORE_34201_E' });
    for (const p of [unproven, none, noFreelancer]) {
      expect(await db.select().from(invoices).where(eq(invoices.companyId, p.companyId))).toEqual([]);
      expect(await db.select().from(invoiceCounters).where(eq(invoiceCounters.issuerId, p.freelancerId))).toEqual([]);
    }
  });

  test('an issued invoice never changes: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    const db = env.database.db;
    const p = await makeParties(db);
    const doc = await issue(db, week(p));
    for (const statement of [
      `UPDATE invoices SET subtotal_minor = 1, fee_minor = 0, net_minor = 1 WHERE id = '${doc.invoiceId}'`,
      `UPDATE invoices SET po_number = 'PO-X' WHERE id = '${doc.invoiceId}'`,
      `DELETE FROM invoices WHERE id = '${doc.invoiceId}'`,
      'TRUNCATE invoices CASCADE',
    ]) {
      expect(await refusal(db.execute(sql.raw(statement))), statement).toMatch(/append-only/);
    }
    const [row] = await db.select().from(invoices).where(eq(invoices.id, doc.invoiceId));
    expect(row).toMatchObject({ subtotalMinor: 2_687_500, poNumber: 'PO-7781' });
  });

  test("the ledger's balances equal the documents' sums: weeks, milestones funded and released, credit notes", async () => {
    const db = env.database.db;
    const p = await makeParties(db);
    const weeks = [week(p), week(p, { lines: [{ description: 'Wed', quarterHours: 1, unitMinor: 333, amountMinor: 83 }] })];
    for (const w of weeks) await issue(db, w);
    const milestones = [crypto.randomUUID(), crypto.randomUUID()];
    const funded: IssuedDocument[] = [];
    for (const [i, id] of milestones.entries()) {
      funded.push(
        await issue(
          db,
          week(p, {
            source: { kind: 'milestone', id },
            purpose: 'milestone_funding',
            lines: [{ description: `Milestone ${i + 1}`, amountMinor: 1_000_001 * (i + 1) }],
          }),
        ),
      );
    }
    // The first milestone is approved: its funds are released (twice asked, once done).
    const release = {
      engagementId: p.engagementId,
      companyId: p.companyId,
      freelancerId: p.freelancerId,
      milestoneId: milestones[0] as string,
      currency: 'INR' as const,
      grossMinor: 1_000_001,
    };
    const first = await db.transaction((tx) => releaseMilestone(tx, release));
    const again = await db.transaction((tx) => releaseMilestone(tx, release));
    expect(again).toMatchObject({ entryId: first.entryId, released: false });
    // The first week is credited; a released milestone's funding cannot be.
    const all = await db.select().from(invoices).where(eq(invoices.companyId, p.companyId));
    const firstWeek = all.find((r) => r.sourceId === weeks[0]?.source.id);
    const credit = await db.transaction((tx) =>
      issueCreditNote(tx, { invoiceId: firstWeek?.id ?? '', reason: 'Hours on Tuesday were logged twice', issueDate: '2026-11-30' }),
    );
    expect(credit.number).toBe('CN-2026-0001');
    expect((await db.transaction((tx) => issueCreditNote(tx, { invoiceId: firstWeek?.id ?? '', reason: 'again' }))).invoiceId).toBe(
      credit.invoiceId,
    );
    await expect(db.transaction((tx) => issueCreditNote(tx, { invoiceId: funded[0]?.invoiceId ?? '', reason: 'x' }))).rejects.toMatchObject(
      { code: 'TL_CORE_34203_E' },
    );
    await expect(db.transaction((tx) => issueCreditNote(tx, { invoiceId: credit.invoiceId, reason: 'x' }))).rejects.toMatchObject({
      code: 'TL_CORE_34204_E',
    });

    const docs = await db.select().from(invoices).where(eq(invoices.companyId, p.companyId));
    const sign = (r: (typeof docs)[number]) => (r.kind === 'credit_note' ? -1 : 1);
    const sum = (rows: typeof docs, f: (r: (typeof docs)[number]) => number) => rows.reduce((s, r) => s + sign(r) * f(r), 0);
    const work = docs.filter((r) => r.purpose === 'work_approved');
    const funding = docs.filter((r) => r.purpose === 'milestone_funding');
    const releasedSplit = splitFee(1_000_001, 'INR');
    expect(await balanceOf(db, { companyId: p.companyId }, 'company_receivable', 'INR')).toBe(sum(docs, (r) => r.subtotalMinor));
    expect(await balanceOf(db, { freelancerId: p.freelancerId }, 'freelancer_earned_held', 'INR')).toBe(
      -(sum(work, (r) => r.netMinor) + releasedSplit.net),
    );
    expect(await balanceOf(db, { engagementId: p.engagementId }, 'platform_fee_revenue', 'INR')).toBe(
      -(sum(work, (r) => r.feeMinor) + releasedSplit.fee),
    );
    expect(await balanceOf(db, { engagementId: p.engagementId }, 'engagement_funds_held', 'INR')).toBe(
      -(sum(funding, (r) => r.subtotalMinor) - 1_000_001),
    );
    // And the whole ledger balances.
    const [total] = rowsOf<{ s: string | number }>(await db.execute(sql`SELECT coalesce(sum(amount_minor), 0) AS s FROM journal_lines`));
    expect(Number(total?.s)).toBe(0);
  });
});
