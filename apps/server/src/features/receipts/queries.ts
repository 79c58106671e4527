import type { Currency } from '@talentloop/contract/rules/money';
import { type SQL, and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db/client.ts';
import { rowsOf } from '../../infra/db/rows.ts';
import { bankReceipts, bankStatements, invoiceReleases, invoices, releaseHolds } from '../../infra/db/schema.ts';

// Receipts, statements and releases (issue 35, decisions 211-212): SQL only. An invoice is locked
// (SELECT … FOR UPDATE; the row itself never changes) by whatever allocates money to it or releases
// it, so a receipt and a release of the same invoice run one after the other.

export type ReceiptRow = typeof bankReceipts.$inferSelect;
export type StatementValues = typeof bankStatements.$inferInsert;
export type ReceiptValues = typeof bankReceipts.$inferInsert;

/** Inserts a statement unless the same (account, statement id) is in: its id, or undefined. */
export async function insertStatement(db: DbOrTx, values: StatementValues): Promise<string | undefined> {
  const [row] = await db.insert(bankStatements).values(values).onConflictDoNothing().returning({ id: bankStatements.id });
  return row?.id;
}

export async function findStatement(db: DbOrTx, account: string, statementRef: string) {
  const [row] = await db
    .select()
    .from(bankStatements)
    .where(and(eq(bankStatements.account, account), eq(bankStatements.statementRef, statementRef)));
  return row;
}

/** Inserts receipts whose line key is new: the rows inserted (a key already in is skipped, whoever inserted it). */
export async function insertReceipts(db: DbOrTx, values: ReceiptValues[]): Promise<ReceiptRow[]> {
  if (values.length === 0) return [];
  return db.insert(bankReceipts).values(values).onConflictDoNothing({ target: bankReceipts.lineKey }).returning();
}

export async function findReceipt(db: DbOrTx, id: string, lock = false): Promise<ReceiptRow | undefined> {
  const q = db.select().from(bankReceipts).where(eq(bankReceipts.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** Records what a receipt paid and its journal entry. */
export async function setReceiptPosting(
  db: DbOrTx,
  id: string,
  values: { invoiceId: string | null; allocatedMinor: number; entryId: string },
) {
  await db.update(bankReceipts).set(values).where(eq(bankReceipts.id, id));
}

/** Assigns an unassigned receipt (conditional: null when it was assigned meanwhile). */
export async function assignReceiptRow(db: DbOrTx, id: string, invoiceId: string, allocatedMinor: number) {
  const [row] = await db
    .update(bankReceipts)
    .set({ invoiceId, allocatedMinor })
    .where(and(eq(bankReceipts.id, id), isNull(bankReceipts.invoiceId)))
    .returning();
  return row ?? null;
}

export type InvoiceForMoney = {
  id: string;
  number: string;
  paymentReference: string;
  companyId: string;
  freelancerId: string;
  engagementId: string;
  currency: Currency;
  purpose: 'work_approved' | 'milestone_funding';
  sourceId: string;
  subtotalMinor: number;
  netMinor: number;
  dueDate: string;
};

const invoiceColumns = {
  id: invoices.id,
  number: invoices.number,
  paymentReference: invoices.paymentReference,
  companyId: invoices.companyId,
  freelancerId: invoices.freelancerId,
  engagementId: invoices.engagementId,
  currency: invoices.currency,
  purpose: invoices.purpose,
  sourceId: invoices.sourceId,
  subtotalMinor: invoices.subtotalMinor,
  netMinor: invoices.netMinor,
  dueDate: invoices.dueDate,
};

/** The invoice (not a credit note, not credited) with this printed payment reference, locked for the caller's transaction. */
export async function lockInvoiceByReference(db: DbOrTx, reference: string): Promise<InvoiceForMoney | undefined> {
  const [row] = await db
    .select(invoiceColumns)
    .from(invoices)
    .where(
      and(
        eq(invoices.paymentReference, reference),
        eq(invoices.kind, 'invoice'),
        sql`NOT EXISTS (SELECT 1 FROM invoices c WHERE c.credits_invoice_id = ${invoices.id} AND c.subtotal_minor = ${invoices.subtotalMinor})`,
      ),
    )
    .for('update');
  return row as InvoiceForMoney | undefined;
}

/**
 * The invoices (not credit notes, not credited) with any of these printed payment references, locked
 * for the caller's transaction in id order (so two importers lock in the same order): one query for
 * a whole chunk of statement lines (issue 35's bench row).
 */
export async function lockInvoicesByReferences(db: DbOrTx, references: readonly string[]): Promise<InvoiceForMoney[]> {
  return invoicesByReferences(db, references, true);
}

/** The same invoices, locked (`lock`) or only read (an import chunk's reads before its guarded statement, decision 298). */
export async function invoicesByReferences(db: DbOrTx, references: readonly string[], lock = false): Promise<InvoiceForMoney[]> {
  if (references.length === 0) return [];
  const q = db
    .select(invoiceColumns)
    .from(invoices)
    .where(
      and(
        inArray(invoices.paymentReference, [...references]),
        eq(invoices.kind, 'invoice'),
        sql`NOT EXISTS (SELECT 1 FROM invoices c WHERE c.credits_invoice_id = ${invoices.id} AND c.subtotal_minor = ${invoices.subtotalMinor})`,
      ),
    )
    .orderBy(asc(invoices.id));
  return (lock ? await q.for('update') : await q) as InvoiceForMoney[];
}

/** Which of these line keys are in already. */
export async function knownLineKeys(db: DbOrTx, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ lineKey: bankReceipts.lineKey })
    .from(bankReceipts)
    .where(inArray(bankReceipts.lineKey, [...keys]));
  return new Set(rows.map((r) => r.lineKey));
}

/**
 * What an import chunk's allocation was computed from, as one text: the invoices `invoicesByReferences`
 * finds for these references and what each has been paid, `id:paid` in id order (`paidFingerprint`
 * makes the same text from the rows read).
 */
function paidFingerprintSql(references: readonly string[]): SQL {
  if (references.length === 0) return sql`''`;
  return sql`(SELECT coalesce(string_agg(i.id::text || ':' || (SELECT coalesce(sum(b.allocated_minor), 0) FROM bank_receipts b WHERE b.invoice_id = i.id)::text, ',' ORDER BY i.id), '')
    FROM invoices i
    WHERE i.payment_reference IN (${sql.join(
      references.map((r) => sql`${r}`),
      sql`, `,
    )}) AND i.kind = 'invoice'
      AND NOT EXISTS (SELECT 1 FROM invoices c WHERE c.credits_invoice_id = i.id AND c.subtotal_minor = i.subtotal_minor))`;
}

export function paidFingerprint(found: readonly { id: string }[], paid: ReadonlyMap<string, number>): string {
  return [...found]
    .map((i) => i.id.toLowerCase())
    .sort()
    .map((id) => `${id}:${paid.get(id) ?? 0}`)
    .join(',');
}

/**
 * The guard of an import chunk's one statement (decision 298): none of its lines is in yet, the
 * statement's row is not in yet when the chunk makes it, and the invoices its references name with
 * what each has been paid are as read (`fingerprint`).
 */
export function importChunkGuard(opts: {
  lineKeys: readonly string[];
  newStatement?: { account: string; statementRef: string } | undefined;
  references: readonly string[];
  fingerprint: string;
}): SQL {
  const keys = sql.join(
    opts.lineKeys.map((k) => sql`${k}`),
    sql`, `,
  );
  return sql`NOT EXISTS (SELECT 1 FROM bank_receipts WHERE line_key IN (${keys}))
    ${opts.newStatement ? sql`AND NOT EXISTS (SELECT 1 FROM bank_statements WHERE account = ${opts.newStatement.account} AND statement_ref = ${opts.newStatement.statementRef})` : sql``}
    AND ${paidFingerprintSql(opts.references)} = ${opts.fingerprint}::text`;
}

/** The statement's row, inserted by a chunk's guarded statement (`when`; in a guarded script, always). */
export function statementInsertStatement(id: string, v: StatementValues, when: SQL = sql`true`): SQL {
  return sql`INSERT INTO bank_statements (id, format, account, statement_ref, currency, closing_minor, closing_on, imported_by, imported_at)
    SELECT ${id}::uuid, ${v.format}::text, ${v.account}::text, ${v.statementRef}::text, ${v.currency ?? null}::text, ${v.closingMinor ?? null}::bigint,
      ${v.closingOn ?? null}::date, ${v.importedBy ?? null}::uuid, ${v.importedAt ? v.importedAt.toISOString() : null}::timestamptz
    WHERE ${when}`;
}

/** Receipts inserted with their posting (invoice, allocation, entry) by a chunk's guarded statement (`when`; in a guarded script, always). */
export function receiptsInsertStatement(
  rows: ReadonlyArray<
    Required<Pick<ReceiptValues, 'id' | 'lineKey' | 'source' | 'bookedOn' | 'currency' | 'amountMinor' | 'remittance' | 'payerName'>> & {
      statementId: string;
      invoiceId: string | null;
      allocatedMinor: number;
      entryId: string;
      createdAt: Date;
    }
  >,
  when: SQL = sql`true`,
): SQL {
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.id}::uuid, ${r.lineKey}::text, ${r.statementId}::uuid, ${r.source}::text, ${r.bookedOn}::date, ${r.currency}::text, ${r.amountMinor}::bigint, ${r.remittance}::text, ${r.payerName}::text, ${r.invoiceId}::uuid, ${r.allocatedMinor}::bigint, ${r.entryId}::uuid, ${r.createdAt.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  return sql`INSERT INTO bank_receipts (id, line_key, statement_id, source, booked_on, currency, amount_minor, remittance, payer_name, invoice_id, allocated_minor, entry_id, created_at)
    SELECT * FROM (VALUES ${values}) AS v(id, line_key, statement_id, source, booked_on, currency, amount_minor, remittance, payer_name, invoice_id, allocated_minor, entry_id, created_at)
    WHERE ${when}`;
}

/** What receipts have paid so far on each of these invoices (absent: nothing). */
export async function paidOnInvoices(db: DbOrTx, invoiceIds: readonly string[]): Promise<Map<string, number>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db
    .select({ invoiceId: bankReceipts.invoiceId, paid: sql<string | number>`sum(${bankReceipts.allocatedMinor})` })
    .from(bankReceipts)
    .where(inArray(bankReceipts.invoiceId, [...invoiceIds]))
    .groupBy(bankReceipts.invoiceId);
  return new Map(rows.map((r) => [r.invoiceId as string, Number(r.paid)]));
}

/** The statement recording what many receipts paid and their journal entries (run by the ledger's postEntries, in the statement posting those entries). */
export function receiptPostingsStatement(
  values: ReadonlyArray<{ id: string; invoiceId: string | null; allocatedMinor: number; entryId: string }>,
) {
  const rows = sql.join(
    values.map((v) => sql`(${v.id}::uuid, ${v.invoiceId}::uuid, ${v.allocatedMinor}::bigint, ${v.entryId}::uuid)`),
    sql`, `,
  );
  return sql`
    UPDATE bank_receipts r SET invoice_id = v.invoice_id, allocated_minor = v.allocated_minor, entry_id = v.entry_id
    FROM (VALUES ${rows}) AS v(id, invoice_id, allocated_minor, entry_id)
    WHERE r.id = v.id`;
}

export async function lockInvoice(db: DbOrTx, id: string): Promise<InvoiceForMoney | undefined> {
  const [row] = await db.select(invoiceColumns).from(invoices).where(eq(invoices.id, id)).for('update');
  return row as InvoiceForMoney | undefined;
}

/** What receipts have paid on an invoice so far. */
export async function paidOnInvoice(db: DbOrTx, invoiceId: string): Promise<number> {
  const [row] = rowsOf<{ paid: string | number | null }>(
    await db.execute(sql`SELECT coalesce(sum(allocated_minor), 0) AS paid FROM bank_receipts WHERE invoice_id = ${invoiceId}`),
  );
  return Number(row?.paid ?? 0);
}

/**
 * Where an invoice's money stands, from its receipts, the ledger and its holds: paid so far, the
 * day paid in full, the day its work was approved (a milestone's release entry; approved work: the
 * issue date), whether it was released (and when), credited (a credit note for the whole gross: a
 * dispute's split credits only a part, decision 273), or held (the open hold's reason).
 */
export type MoneyState = {
  invoiceId: string;
  paidMinor: number;
  receivedOn: string | null;
  approvedOn: string | null;
  releasedAt: Date | null;
  credited: boolean;
  holdReason: string | null;
};

const moneyStateSelect = sql`
  SELECT i.id AS invoice_id,
    coalesce((SELECT sum(r.allocated_minor) FROM bank_receipts r WHERE r.invoice_id = i.id), 0) AS paid,
    (SELECT max(r.booked_on)::text FROM bank_receipts r WHERE r.invoice_id = i.id AND r.allocated_minor > 0) AS last_booked,
    CASE WHEN i.purpose = 'work_approved' THEN i.issue_date::text
      ELSE (SELECT (e.occurred_at AT TIME ZONE 'UTC')::date::text FROM journal_entries e
            WHERE e.kind = 'milestone_release' AND e.milestone_id = i.source_id) END AS approved_on,
    (SELECT rl.released_at FROM invoice_releases rl WHERE rl.invoice_id = i.id) AS released_at,
    EXISTS (SELECT 1 FROM invoices c WHERE c.credits_invoice_id = i.id AND c.subtotal_minor = i.subtotal_minor) AS credited,
    (SELECT h.reason FROM release_holds h WHERE h.invoice_id = i.id AND h.closed_at IS NULL ORDER BY h.opened_at LIMIT 1) AS hold_reason
  FROM invoices i`;

type MoneyStateRow = {
  invoice_id: string;
  paid: string | number;
  last_booked: string | null;
  approved_on: string | null;
  released_at: Date | string | null;
  credited: boolean;
  hold_reason: string | null;
  subtotal_minor?: string | number;
};

function toMoneyState(r: MoneyStateRow, grossMinor: number): MoneyState {
  const paidMinor = Number(r.paid);
  return {
    invoiceId: r.invoice_id,
    paidMinor,
    receivedOn: paidMinor >= grossMinor ? r.last_booked : null,
    approvedOn: r.approved_on,
    releasedAt: r.released_at ? new Date(r.released_at) : null,
    credited: !!r.credited,
    holdReason: r.hold_reason,
  };
}

/** The money states of these invoices as one text (each row's JSON, in id order): what a paying chunk's guard compares (decision 299). */
function moneyFingerprintSql(invoiceIds: readonly string[]): SQL {
  const ids = sql.join(
    invoiceIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return sql`(SELECT coalesce(string_agg(row_to_json(s)::text, ',' ORDER BY s.invoice_id), '') FROM (${moneyStateSelect} WHERE i.id IN (${ids})) s)`;
}

/**
 * The money states of these invoices, read without locks before a paying chunk's guarded script
 * (decision 299), and their fingerprint (`moneyFingerprintSql` as read now), which its guard re-checks.
 */
export async function moneyStatesRead(
  db: DbOrTx,
  invoices: ReadonlyArray<{ id: string; subtotalMinor: number }>,
): Promise<{ states: Map<string, MoneyState & { lastBooked: string | null }>; fingerprint: string }> {
  if (invoices.length === 0) return { states: new Map(), fingerprint: '' };
  const gross = new Map(invoices.map((i) => [i.id, i.subtotalMinor]));
  const [row] = rowsOf<{ rows: MoneyStateRow[] | string | null; fp: string }>(
    await db.execute(sql`
      SELECT (SELECT json_agg(row_to_json(s) ORDER BY s.invoice_id) FROM (${moneyStateSelect} WHERE i.id IN (${sql.join(
        invoices.map((i) => sql`${i.id}::uuid`),
        sql`, `,
      )})) s) AS rows,
      ${moneyFingerprintSql(invoices.map((i) => i.id))} AS fp`),
  );
  const rows = (typeof row?.rows === 'string' ? JSON.parse(row.rows) : (row?.rows ?? [])) as MoneyStateRow[];
  const states = new Map(
    rows.map((r) => [r.invoice_id, { ...toMoneyState(r, gross.get(r.invoice_id) ?? Number.POSITIVE_INFINITY), lastBooked: r.last_booked }]),
  );
  return { states, fingerprint: String(row?.fp ?? '') };
}

/**
 * A paying chunk's guard, as a query (infra/db/script.ts `runGuarded`): the chunk's own
 * (`importChunkGuard`) and the paid invoices' money states as read (`fingerprint`, decision 299).
 */
export function payingChunkGuard(chunkGuard: SQL, invoiceIds: readonly string[], fingerprint: string): SQL {
  const states = invoiceIds.length === 0 ? sql`true` : sql`${moneyFingerprintSql(invoiceIds)} = ${fingerprint}::text`;
  return sql`SELECT (${chunkGuard}) AND ${states} AS held`;
}

/** Releases' rows, for a guarded script (decision 299). */
export function releasesInsertStatement(rows: ReadonlyArray<{ invoiceId: string; entryId: string; at: Date }>): SQL {
  return sql`INSERT INTO invoice_releases (invoice_id, entry_id, released_at) VALUES ${sql.join(
    rows.map((r) => sql`(${r.invoiceId}::uuid, ${r.entryId}::uuid, ${r.at.toISOString()}::timestamptz)`),
    sql`, `,
  )}`;
}

export async function moneyStateOf(db: DbOrTx, invoice: { id: string; subtotalMinor: number }): Promise<MoneyState> {
  const [row] = rowsOf<MoneyStateRow>(await db.execute(sql`${moneyStateSelect} WHERE i.id = ${invoice.id}`));
  if (!row) throw new Error('invoice vanished');
  return toMoneyState(row, invoice.subtotalMinor);
}

export async function insertRelease(db: DbOrTx, invoiceId: string, entryId: string, at: Date) {
  await db.insert(invoiceReleases).values({ invoiceId, entryId, releasedAt: at });
}

/**
 * Invoices paid in full, approved, not credited, not released and not held, claimed for one
 * release run: FOR UPDATE SKIP LOCKED, so an invoice another instance (or a receipt) holds is skipped.
 */
export async function claimReleasable(db: DbOrTx, limit: number): Promise<InvoiceForMoney[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT i.id, i.number, i.payment_reference, i.company_id, i.freelancer_id, i.engagement_id, i.currency, i.purpose,
        i.source_id, i.subtotal_minor, i.net_minor, i.due_date::text AS due_date
      FROM invoices i
      WHERE i.kind = 'invoice'
        AND NOT EXISTS (SELECT 1 FROM invoice_releases rl WHERE rl.invoice_id = i.id)
        AND NOT EXISTS (SELECT 1 FROM invoices c WHERE c.credits_invoice_id = i.id AND c.subtotal_minor = i.subtotal_minor)
        AND NOT EXISTS (SELECT 1 FROM release_holds h WHERE h.invoice_id = i.id AND h.closed_at IS NULL)
        AND (i.purpose = 'work_approved'
          OR EXISTS (SELECT 1 FROM journal_entries e WHERE e.kind = 'milestone_release' AND e.milestone_id = i.source_id))
        AND (SELECT coalesce(sum(r.allocated_minor), 0) FROM bank_receipts r WHERE r.invoice_id = i.id) >= i.subtotal_minor
      ORDER BY i.issue_date, i.id
      LIMIT ${limit}
      FOR UPDATE OF i SKIP LOCKED`),
  );
  return rows.map(toInvoice);
}

function toInvoice(r: Record<string, unknown>): InvoiceForMoney {
  return {
    id: String(r.id),
    number: String(r.number),
    paymentReference: String(r.payment_reference),
    companyId: String(r.company_id),
    freelancerId: String(r.freelancer_id),
    engagementId: String(r.engagement_id),
    currency: r.currency as Currency,
    purpose: r.purpose as InvoiceForMoney['purpose'],
    sourceId: String(r.source_id),
    subtotalMinor: Number(r.subtotal_minor),
    netMinor: Number(r.net_minor),
    dueDate: String(r.due_date),
  };
}

/** Received and approved invoices not yet released (held ones too), with the names, for the operator's queue. */
export async function releasesDue(db: DbOrTx) {
  return rowsOf<MoneyStateRow & Record<string, unknown>>(
    await db.execute(sql`
      SELECT * FROM (
        ${moneyStateSelect}
      ) s JOIN (
        SELECT i.id, i.number, i.currency, i.net_minor, i.subtotal_minor, i.kind,
          coalesce(i.issuer_details->>'legalName', '') AS freelancer_name,
          coalesce(i.recipient_details->>'legalName', '') AS company_name
        FROM invoices i
      ) d ON d.id = s.invoice_id
      WHERE d.kind = 'invoice' AND s.released_at IS NULL AND NOT s.credited AND s.approved_on IS NOT NULL
        AND s.paid >= d.subtotal_minor`),
  );
}

/** The unmatched receipts waiting for the operator (the console badge). */
export async function unmatchedCount(db: DbOrTx): Promise<{ waiting: number; oldestAt: string | null }> {
  const [row] = rowsOf<{ n: number | string; oldest: Date | string | null }>(
    await db.execute(sql`SELECT count(*) AS n, min(created_at) AS oldest FROM bank_receipts WHERE invoice_id IS NULL`),
  );
  return { waiting: Number(row?.n ?? 0), oldestAt: row?.oldest ? new Date(row.oldest).toISOString() : null };
}

/** Receipts, newest booking first, with their invoice's figures (at most `limit`). */
export async function receiptsList(db: DbOrTx, opts: { unmatchedOnly?: boolean; id?: string; limit: number }) {
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT r.id, r.booked_on::text AS booked_on, r.currency, r.amount_minor, r.allocated_minor, r.remittance, r.payer_name,
        r.source, r.invoice_id, i.number, i.payment_reference, i.subtotal_minor,
        (SELECT coalesce(sum(x.allocated_minor), 0) FROM bank_receipts x WHERE x.invoice_id = r.invoice_id) AS invoice_paid
      FROM bank_receipts r LEFT JOIN invoices i ON i.id = r.invoice_id
      ${opts.id ? sql`WHERE r.id = ${opts.id}` : opts.unmatchedOnly ? sql`WHERE r.invoice_id IS NULL` : sql``}
      ORDER BY r.booked_on DESC, r.created_at DESC, r.id
      LIMIT ${opts.limit}`),
  );
}

/** A party's invoices (not credit notes) with their money state, newest first. */
export async function timelinesOf(db: DbOrTx, party: { freelancerId: string } | { companyId: string }) {
  const where = 'freelancerId' in party ? sql`d.freelancer_id = ${party.freelancerId}` : sql`d.company_id = ${party.companyId}`;
  return rowsOf<MoneyStateRow & Record<string, unknown>>(
    await db.execute(sql`
      SELECT s.*, d.number, d.currency, d.subtotal_minor, d.net_minor, d.due_date::text AS due_date
      FROM (${moneyStateSelect}) s JOIN invoices d ON d.id = s.invoice_id
      WHERE d.kind = 'invoice' AND ${where}
      ORDER BY d.issue_date DESC, d.number DESC
      LIMIT 200`),
  );
}

export { toMoneyState };

/** Opens a hold on an invoice's release (disputes, and tests). */
export async function openHold(db: DbOrTx, invoiceId: string, reason: string, at: Date) {
  const [row] = await db.insert(releaseHolds).values({ invoiceId, reason, openedAt: at }).returning({ id: releaseHolds.id });
  return row?.id;
}

/** Closes every open hold of an invoice. */
export async function closeHolds(db: DbOrTx, invoiceId: string, at: Date) {
  await db
    .update(releaseHolds)
    .set({ closedAt: at })
    .where(and(eq(releaseHolds.invoiceId, invoiceId), isNull(releaseHolds.closedAt)));
}

/** Proven statement closing balances per currency (the latest statement's), for the reconciliation. */
export async function latestClosing(db: DbOrTx) {
  return rowsOf<{ currency: Currency; closing_minor: string | number; closing_on: string | null }>(
    await db.execute(sql`
      SELECT DISTINCT ON (currency) currency, closing_minor, closing_on::text AS closing_on
      FROM bank_statements WHERE closing_minor IS NOT NULL AND currency IS NOT NULL
      ORDER BY currency, closing_on DESC NULLS LAST, imported_at DESC`),
  );
}
