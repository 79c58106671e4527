import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db/client.ts';
import { rowsOf } from '../../infra/db/rows.ts';
import { invoiceCounters, invoices } from '../../infra/db/schema.ts';
import type { InvoiceKind } from '@talentloop/contract/rules/invoice-numbers';

// Invoices' SQL (issue 34, decision 201). Documents are only inserted; the number comes from the
// issuer's counter row, locked FOR UPDATE in the issuing transaction (gapless, never a sequence).

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceValues = typeof invoices.$inferInsert;

export async function findBySource(db: DbOrTx, sourceKind: string, sourceId: string, kind: InvoiceKind): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.sourceKind, sourceKind), eq(invoices.sourceId, sourceId), eq(invoices.kind, kind)));
  return row;
}

export async function findInvoice(db: DbOrTx, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

export async function findCreditNoteOf(db: DbOrTx, invoiceId: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.creditsInvoiceId, invoiceId));
  return row;
}

/** Locks the issuer's counter for the kind and year (made at 0 the first time) and returns its last number. */
export async function lockCounter(db: DbOrTx, issuerId: string, kind: InvoiceKind, year: number): Promise<number> {
  await db.insert(invoiceCounters).values({ issuerId, kind, year, lastSeq: 0 }).onConflictDoNothing();
  const [row] = rowsOf<{ last_seq: number }>(
    await db.execute(
      sql`SELECT last_seq FROM invoice_counters WHERE issuer_id = ${issuerId} AND kind = ${kind} AND year = ${year} FOR UPDATE`,
    ),
  );
  if (!row) throw new Error('the invoice counter row is missing');
  return Number(row.last_seq);
}

export async function advanceCounter(db: DbOrTx, issuerId: string, kind: InvoiceKind, year: number, seq: number): Promise<void> {
  await db
    .update(invoiceCounters)
    .set({ lastSeq: seq })
    .where(and(eq(invoiceCounters.issuerId, issuerId), eq(invoiceCounters.kind, kind), eq(invoiceCounters.year, year)));
}

/** Inserts the document unless its source already has one of this kind: true when inserted. */
export async function insertInvoice(db: DbOrTx, values: InvoiceValues): Promise<boolean> {
  const rows = await db
    .insert(invoices)
    .values(values)
    .onConflictDoNothing({ target: [invoices.sourceKind, invoices.sourceId, invoices.kind] })
    .returning({ id: invoices.id });
  return rows.length === 1;
}
