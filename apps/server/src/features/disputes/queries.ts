import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db/client.ts';
import { rowsOf } from '../../infra/db/rows.ts';
import { disputeFiles, disputes } from '../../infra/db/schema.ts';

// Disputes (issue 35, decisions 246-249): SQL only. A dispute's steps are conditional updates on
// its status and version, so of two answers or two decisions one wins and the other changes nothing.

export type DisputeRow = typeof disputes.$inferSelect;
export type DisputeValues = typeof disputes.$inferInsert;

/** Inserts a dispute unless its invoice has one: the row, or undefined. */
export async function insertDispute(db: DbOrTx, values: DisputeValues): Promise<DisputeRow | undefined> {
  const [row] = await db.insert(disputes).values(values).onConflictDoNothing({ target: disputes.invoiceId }).returning();
  return row;
}

/** Records the answer if the dispute is still open at this version: the row, or undefined. */
export async function setAnswer(
  db: DbOrTx,
  id: string,
  version: number,
  values: { answer: string; answeredByUserId: string; answeredAt: Date },
) {
  const [row] = await db
    .update(disputes)
    .set({ ...values, status: 'answered', version: version + 1 })
    .where(and(eq(disputes.id, id), eq(disputes.version, version), eq(disputes.status, 'open')))
    .returning();
  return row;
}

/** Records the decision if the dispute is undecided at this version: the row, or undefined. */
export async function setDecision(
  db: DbOrTx,
  id: string,
  version: number,
  values: {
    outcome: string;
    refundMinor: number | null;
    decisionReason: string;
    decidedBy: string;
    decidedAt: Date;
    creditNoteId: string | null;
  },
) {
  const [row] = await db
    .update(disputes)
    .set({ ...values, status: 'decided', version: version + 1 })
    .where(and(eq(disputes.id, id), eq(disputes.version, version), sql`${disputes.status} <> 'decided'`))
    .returning();
  return row;
}

/** Locks a dispute row for the decision's transaction (a second decision waits, then sees it decided). */
export async function lockDispute(db: DbOrTx, id: string): Promise<DisputeRow | undefined> {
  const [row] = await db.select().from(disputes).where(eq(disputes.id, id)).for('update');
  return row;
}

export type DisputeListRow = {
  id: string;
  invoice_id: string;
  number: string;
  currency: string;
  subtotal_minor: string | number;
  net_minor: string | number;
  company_id: string;
  freelancer_id: string;
  company_name: string;
  freelancer_name: string;
  subject: string;
  status: string;
  raised_by: string;
  reason: string;
  opened_at: Date | string;
  answer: string | null;
  answered_at: Date | string | null;
  outcome: string | null;
  refund_minor: string | number | null;
  decision_reason: string | null;
  decided_at: Date | string | null;
  credit_note_number: string | null;
  version: number;
};

const listSelect = sql`
  SELECT d.id, d.invoice_id, i.number, i.currency, i.subtotal_minor, i.net_minor, i.company_id, i.freelancer_id,
    coalesce(i.recipient_details->>'legalName', '') AS company_name,
    coalesce(i.issuer_details->>'legalName', '') AS freelancer_name,
    d.subject, d.status, d.raised_by, d.reason, d.opened_at, d.answer, d.answered_at, d.outcome, d.refund_minor,
    d.decision_reason, d.decided_at, cn.number AS credit_note_number, d.version
  FROM disputes d JOIN invoices i ON i.id = d.invoice_id LEFT JOIN invoices cn ON cn.id = d.credit_note_id`;

/** Disputes: one by id, a party's, or all (undecided oldest first, then decided newest first), at most 200. */
export async function disputesList(
  db: DbOrTx,
  where: { id: string } | { freelancerId: string } | { companyId: string } | { all: true },
): Promise<DisputeListRow[]> {
  const filter =
    'id' in where
      ? sql`WHERE d.id = ${where.id}`
      : 'freelancerId' in where
        ? sql`WHERE i.freelancer_id = ${where.freelancerId}`
        : 'companyId' in where
          ? sql`WHERE i.company_id = ${where.companyId}`
          : sql``;
  return rowsOf<DisputeListRow>(
    await db.execute(sql`${listSelect} ${filter}
      ORDER BY (d.status = 'decided'), CASE WHEN d.status = 'decided' THEN NULL ELSE d.opened_at END ASC, d.decided_at DESC NULLS LAST, d.id
      LIMIT 200`),
  );
}

/** A party's invoices (not credit notes, not credited), newest first, with their dispute if any (at most 200). */
export async function invoicesOfParty(db: DbOrTx, party: { freelancerId: string } | { companyId: string }) {
  const where = 'freelancerId' in party ? sql`i.freelancer_id = ${party.freelancerId}` : sql`i.company_id = ${party.companyId}`;
  return rowsOf<{
    id: string;
    number: string;
    issue_date: string;
    currency: string;
    subtotal_minor: string | number;
    source_kind: string;
    dispute_id: string | null;
  }>(
    await db.execute(sql`
      SELECT i.id, i.number, i.issue_date::text AS issue_date, i.currency, i.subtotal_minor, i.source_kind, d.id AS dispute_id
      FROM invoices i LEFT JOIN disputes d ON d.invoice_id = i.id
      WHERE i.kind = 'invoice' AND ${where}
        AND NOT EXISTS (SELECT 1 FROM invoices c WHERE c.credits_invoice_id = i.id AND c.subtotal_minor = i.subtotal_minor)
      ORDER BY i.issue_date DESC, i.number DESC
      LIMIT 200`),
  );
}

/** The invoice's issue date and whether it was credited (the dispute's checks). */
export async function invoiceFacts(db: DbOrTx, invoiceId: string) {
  const [row] = rowsOf<{ issue_date: string; kind: string; credited: boolean }>(
    await db.execute(sql`
      SELECT i.issue_date::text AS issue_date, i.kind,
        EXISTS (SELECT 1 FROM invoices c WHERE c.credits_invoice_id = i.id AND c.subtotal_minor = i.subtotal_minor) AS credited
      FROM invoices i WHERE i.id = ${invoiceId}`),
  );
  return row;
}

/** The files attached to disputes, in upload order, by dispute id. */
export async function filesOf(db: DbOrTx, disputeIds: readonly string[]) {
  const out = new Map<string, { id: string; side: 'company' | 'freelancer'; mime: string; size: number }[]>();
  if (disputeIds.length === 0) return out;
  const rows = rowsOf<{ dispute_id: string; file_id: string; side: string; mime: string; size: number }>(
    await db.execute(sql`
      SELECT df.dispute_id, df.file_id, df.side, f.mime, f.size
      FROM dispute_files df JOIN files f ON f.id = df.file_id
      WHERE df.dispute_id = ANY(${`{${disputeIds.join(',')}}`}::uuid[])
      ORDER BY df.created_at, df.file_id`),
  );
  for (const r of rows) {
    const list = out.get(r.dispute_id) ?? [];
    list.push({ id: r.file_id, side: r.side as 'company' | 'freelancer', mime: r.mime, size: Number(r.size) });
    out.set(r.dispute_id, list);
  }
  return out;
}

/** How many files a side attached to a dispute. */
export async function fileCount(db: DbOrTx, disputeId: string, side: string): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`SELECT count(*) AS n FROM dispute_files WHERE dispute_id = ${disputeId} AND side = ${side}`),
  );
  return Number(row?.n ?? 0);
}

export async function insertDisputeFile(db: DbOrTx, values: typeof disputeFiles.$inferInsert) {
  await db.insert(disputeFiles).values(values);
}
