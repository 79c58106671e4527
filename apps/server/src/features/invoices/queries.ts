import { type SQL, and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db/client.ts';
import { rowsOf } from '../../infra/db/rows.ts';
import { companies, invoiceCounters, invoicePdfs, invoices } from '../../infra/db/schema.ts';
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

/**
 * Locks many issuers' counters of one kind and year at once (made at 0 the first time) in one
 * statement, in issuer order (two batches lock in the same order, never in a cycle): each issuer's
 * last number. The no-op update of an existing row is what locks it (INSERT ... ON CONFLICT DO
 * UPDATE takes the row's lock like SELECT ... FOR UPDATE, and waits for a transaction holding it).
 */
export async function lockCounters(
  db: DbOrTx,
  issuerIds: readonly string[],
  kind: InvoiceKind,
  year: number,
): Promise<Map<string, number>> {
  if (issuerIds.length === 0) return new Map();
  const ids = [...new Set(issuerIds)].sort();
  const values = sql.join(
    ids.map((issuerId) => sql`(${issuerId}::uuid, ${kind}::text, ${year}::int, 0)`),
    sql`, `,
  );
  const rows = rowsOf<{ issuer_id: string; last_seq: number | string }>(
    await db.execute(sql`
      INSERT INTO invoice_counters (issuer_id, kind, year, last_seq) VALUES ${values}
      ON CONFLICT (issuer_id, kind, year) DO UPDATE SET last_seq = invoice_counters.last_seq
      RETURNING issuer_id, last_seq`),
  );
  return new Map(rows.map((r) => [r.issuer_id, Number(r.last_seq)]));
}

/** The issuers' last numbers of one kind and year as they are now, not locked (0: none yet). Decision 298. */
export async function readCounters(
  db: DbOrTx,
  issuerIds: readonly string[],
  kind: InvoiceKind,
  year: number,
): Promise<Map<string, number>> {
  const ids = [...new Set(issuerIds)].sort();
  const last = new Map(ids.map((id) => [id, 0]));
  if (ids.length === 0) return last;
  const rows = rowsOf<{ issuer_id: string; last_seq: number | string }>(
    await db.execute(sql`
      SELECT issuer_id, last_seq FROM invoice_counters
      WHERE kind = ${kind} AND year = ${year} AND issuer_id IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`),
  );
  for (const r of rows) last.set(r.issuer_id, Number(r.last_seq));
  return last;
}

/** True when every issuer's last number of this kind and year is still `read` (0: no counter yet): a guard's condition (decision 298). */
export function countersAreSql(read: ReadonlyMap<string, number>, kind: InvoiceKind, year: number): SQL {
  const values = sql.join(
    [...read].map(([issuerId, seq]) => sql`(${issuerId}::uuid, ${seq}::int)`),
    sql`, `,
  );
  return sql`NOT EXISTS (SELECT 1 FROM (VALUES ${values}) AS v(issuer_id, seq)
    WHERE coalesce((SELECT c.last_seq FROM invoice_counters c WHERE c.issuer_id = v.issuer_id AND c.kind = ${kind} AND c.year = ${year}), 0) <> v.seq)`;
}

/** The statement that sets many issuers' last numbers, making the counters that do not exist yet (decision 298). */
export function setCountersStatement(last: ReadonlyMap<string, number>, kind: InvoiceKind, year: number): SQL {
  const values = sql.join(
    [...last].map(([issuerId, seq]) => sql`(${issuerId}::uuid, ${kind}::text, ${year}::int, ${seq}::int)`),
    sql`, `,
  );
  return sql`
    INSERT INTO invoice_counters (issuer_id, kind, year, last_seq) VALUES ${values}
    ON CONFLICT (issuer_id, kind, year) DO UPDATE SET last_seq = EXCLUDED.last_seq`;
}

/** The statement that sets many issuers' last numbers of one kind and year (run inside another: decision 282). */
export function advanceCountersStatement(last: ReadonlyMap<string, number>, kind: InvoiceKind, year: number): SQL {
  const values = sql.join(
    [...last].map(([issuerId, seq]) => sql`(${issuerId}::uuid, ${seq}::int)`),
    sql`, `,
  );
  return sql`
    UPDATE invoice_counters AS c SET last_seq = v.seq
    FROM (VALUES ${values}) AS v(issuer_id, seq)
    WHERE c.issuer_id = v.issuer_id AND c.kind = ${kind} AND c.year = ${year}`;
}

/**
 * The statement that inserts many documents (run inside the journal's statement, decision 282). A
 * source that has its document already is skipped (ON CONFLICT DO NOTHING), so the entry and the
 * week that refer to it fail their foreign keys at the statement's end: the whole statement fails.
 */
export function insertInvoicesStatement(db: DbOrTx, values: InvoiceValues[]): SQL {
  return db
    .insert(invoices)
    .values(values)
    .onConflictDoNothing({ target: [invoices.sourceKind, invoices.sourceId, invoices.kind] })
    .getSQL();
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

/** The documents of a company (kind: all) or a freelancer, newest first. */
export async function documentsOf(db: DbOrTx, party: { companyId: string } | { freelancerId: string }): Promise<InvoiceRow[]> {
  const where = 'companyId' in party ? eq(invoices.companyId, party.companyId) : eq(invoices.freelancerId, party.freelancerId);
  return db.select().from(invoices).where(where).orderBy(desc(invoices.issueDate), desc(invoices.createdAt), desc(invoices.number));
}

/** One document of the party: undefined for another party's (the caller answers 404). */
export async function documentOf(db: DbOrTx, id: string, party: { companyId: string } | { freelancerId: string }) {
  const where = 'companyId' in party ? eq(invoices.companyId, party.companyId) : eq(invoices.freelancerId, party.freelancerId);
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), where));
  return row;
}

export async function numbersOf(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: invoices.id, number: invoices.number }).from(invoices).where(inArray(invoices.id, ids));
  return new Map(rows.map((r) => [r.id, r.number]));
}

export async function storedPdf(db: DbOrTx, invoiceId: string, view: 'invoice' | 'statement') {
  const [row] = await db
    .select()
    .from(invoicePdfs)
    .where(and(eq(invoicePdfs.invoiceId, invoiceId), eq(invoicePdfs.view, view)));
  return row;
}

/** Stores a rendering unless one is there already (a parallel first open): the stored row either way. */
export async function storePdf(db: DbOrTx, values: { invoiceId: string; view: 'invoice' | 'statement'; pdf: Buffer; sha256: string }) {
  await db.insert(invoicePdfs).values(values).onConflictDoNothing();
  return storedPdf(db, values.invoiceId, values.view);
}

/**
 * One statement for a download: the party's document (a company by its owner's user id, a
 * freelancer by theirs) with its stored PDF of the view, if any. Undefined: not the party's.
 */
export async function documentForDownload(
  db: DbOrTx,
  id: string,
  party: { ownerUserId: string } | { freelancerId: string },
  view: 'invoice' | 'statement',
) {
  const owns =
    'ownerUserId' in party
      ? sql`${invoices.companyId} = (SELECT ${companies.id} FROM ${companies} WHERE ${companies.ownerUserId} = ${party.ownerUserId})`
      : eq(invoices.freelancerId, party.freelancerId);
  const [row] = await db
    .select({ invoice: invoices, pdf: invoicePdfs.pdf, sha256: invoicePdfs.sha256 })
    .from(invoices)
    .leftJoin(invoicePdfs, and(eq(invoicePdfs.invoiceId, invoices.id), eq(invoicePdfs.view, view)))
    .where(and(eq(invoices.id, id), owns));
  return row;
}
