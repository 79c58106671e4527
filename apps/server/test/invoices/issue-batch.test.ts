import { splitFee } from '@talentloop/contract/rules/money';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { type IssueInvoiceInput, issueInvoice, issueInvoices } from '../../src/features/invoices/service.ts';
import { balanceOf } from '../../src/features/ledger/service.ts';
import type { Db } from '../../src/infra/db/client.ts';
import { invoiceCounters, invoices, journalEntries, journalLines } from '../../src/infra/db/schema.ts';
import { useApi } from '../helpers.ts';
import { makeParties, type Parties, weekInvoice } from '../ledger/support.ts';

// issueInvoices (the sweep's batch, decision 282): the documents, the counters' advance, the entries
// and lines and the caller's own statements in one statement; the same numbers, split and entries as
// one at a time, all or nothing.

const env = useApi();
/** One line, issued on the last day of 2026 (the year's last numbers, then the next year's). */
const week = (p: Parties, overrides: Partial<IssueInvoiceInput> = {}): IssueInvoiceInput =>
  weekInvoice(p, {
    lines: [{ description: 'Mon: design review', quarterHours: 30, unitMinor: 250_000, amountMinor: 1_875_000 }],
    issueDate: '2026-12-31',
    ...overrides,
  });

const batch = (db: Db, inputs: IssueInvoiceInput[]) => db.transaction((tx) => issueInvoices(tx, inputs));
const seqsOf = async (db: Db, issuerId: string, year: number) =>
  (
    await db
      .select({ seq: invoices.seq })
      .from(invoices)
      .where(and(eq(invoices.issuerId, issuerId), eq(invoices.year, year)))
  )
    .map((r) => r.seq)
    .sort((a, b) => a - b);
const counterOf = async (db: Db, issuerId: string, year: number) =>
  (
    await db
      .select()
      .from(invoiceCounters)
      .where(and(eq(invoiceCounters.issuerId, issuerId), eq(invoiceCounters.kind, 'invoice'), eq(invoiceCounters.year, year)))
  )[0]?.lastSeq;

describe('issueInvoices', () => {
  test('a batch of two issuers in two currencies, either side of New Year: gapless numbers per issuer and year, the fee split, balanced entries', async () => {
    const db = env.database.db;
    const p = await makeParties(db);
    const q = await makeParties(db);
    // p's first invoice of 2026 one at a time: the batch continues after it.
    expect((await db.transaction((tx) => issueInvoice(tx, week(p)))).number).toBe('INV-2026-0001');
    const eur = { currency: 'EUR' as const, lines: [{ description: 'Tue: build', amountMinor: 3_333 }] };
    const inputs = [week(p), week(q, eur), week(p, eur), week(q)];
    const docs = await batch(db, inputs);
    expect(docs.map((d) => d.number)).toEqual(['INV-2026-0002', 'INV-2026-0001', 'INV-2026-0003', 'INV-2026-0002']);
    // The next year's batch starts each issuer at 1 again.
    const next = await batch(db, [week(q, { issueDate: '2027-01-01' }), week(p, { issueDate: '2027-01-01' })]);
    expect(next.map((d) => d.number)).toEqual(['INV-2027-0001', 'INV-2027-0001']);
    expect(await seqsOf(db, p.freelancerId, 2026)).toEqual([1, 2, 3]);
    expect(await seqsOf(db, q.freelancerId, 2026)).toEqual([1, 2]);
    expect(await counterOf(db, p.freelancerId, 2026)).toBe(3);
    expect(await counterOf(db, q.freelancerId, 2026)).toBe(2);
    expect(await counterOf(db, p.freelancerId, 2027)).toBe(1);
    for (const [i, doc] of docs.entries()) {
      const input = inputs[i] as IssueInvoiceInput;
      const gross = input.lines.reduce((s, l) => s + l.amountMinor, 0);
      const split = splitFee(gross, input.currency);
      const [row] = await db.select().from(invoices).where(eq(invoices.id, doc.invoiceId));
      expect(row).toMatchObject({ currency: input.currency, subtotalMinor: gross, feeMinor: split.fee, netMinor: split.net });
      expect(doc.recipientEmail).toBe(input.companyId === p.companyId ? p.billingEmail : q.billingEmail);
      const [entry] = await db.select().from(journalEntries).where(eq(journalEntries.invoiceId, doc.invoiceId));
      const lines = await db
        .select()
        .from(journalLines)
        .where(eq(journalLines.entryId, entry?.id ?? ''));
      expect(lines.reduce((s, l) => s + l.amountMinor, 0)).toBe(0);
      expect(lines.find((l) => l.account === 'platform_fee_revenue')?.amountMinor).toBe(-split.fee);
    }
    expect(await balanceOf(db, { companyId: q.companyId }, 'company_receivable', 'EUR')).toBe(3_333);
  });

  test('a batch with a source already invoiced writes nothing: no document, no entry, no number taken', async () => {
    const db = env.database.db;
    const p = await makeParties(db);
    const taken = week(p);
    await db.transaction((tx) => issueInvoice(tx, taken));
    const others = [week(p), week(p)];
    await expect(batch(db, [others[0] as IssueInvoiceInput, taken, others[1] as IssueInvoiceInput])).rejects.toThrow();
    const ids = others.map((i) => i.source.id);
    expect(await db.select().from(invoices).where(inArray(invoices.sourceId, ids))).toHaveLength(0);
    expect(await counterOf(db, p.freelancerId, 2026)).toBe(1);
    expect((await batch(db, others)).map((d) => d.number)).toEqual(['INV-2026-0002', 'INV-2026-0003']);
  });

  test('two batches for the same issuers at once take each number once, none skipped', async () => {
    const db = env.database.db;
    const p = await makeParties(db);
    const q = await makeParties(db);
    const [x, y] = await Promise.all([batch(db, [week(p), week(q), week(p)]), batch(db, [week(q), week(p), week(q)])]);
    expect([...(x ?? []), ...(y ?? [])]).toHaveLength(6);
    expect(await seqsOf(db, p.freelancerId, 2026)).toEqual([1, 2, 3]);
    expect(await seqsOf(db, q.freelancerId, 2026)).toEqual([1, 2, 3]);
    expect(await counterOf(db, p.freelancerId, 2026)).toBe(3);
  });
});
