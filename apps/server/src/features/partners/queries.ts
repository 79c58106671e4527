import {
  PARTNER_REQUESTS_PAGE_SIZE,
  PARTNER_REQUEST_STATUSES,
  type PartnerRequestRead,
  type PartnerRequestStatus,
} from '@talentloop/contract/api/partners';
import { type SQL, and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db/client.ts';
import { partnerRequests } from '../../infra/db/schema.ts';

/**
 * Stores a partner request; false when the same company (name in any case) already asked with the
 * same email. The unique index decides, so two identical requests racing store one row.
 */
export async function insertPartnerRequest(
  tx: DbOrTx,
  request: { companyName: string; companyEmail: string; now: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(partnerRequests)
    .values({ companyName: request.companyName, companyEmail: request.companyEmail, createdAt: request.now })
    .onConflictDoNothing()
    .returning({ id: partnerRequests.id });
  return rows.length > 0;
}

// ---- the operators' list (operator console, issue 21) ----

export type PartnerRequestRow = typeof partnerRequests.$inferSelect;

const asStatus = (value: string): PartnerRequestStatus =>
  (PARTNER_REQUEST_STATUSES as readonly string[]).includes(value) ? (value as PartnerRequestStatus) : 'new';

export function toPartnerRequestRead(row: PartnerRequestRow): PartnerRequestRead {
  return {
    id: row.id,
    companyName: row.companyName,
    companyEmail: row.companyEmail,
    createdAt: row.createdAt.toISOString(),
    status: asStatus(row.status),
    note: row.note,
    version: row.version,
    updatedAt: row.updatedAt ? row.updatedAt.toISOString() : null,
  };
}

/** The cursor of a row: its received instant and id, the list's order. */
export const cursorOf = (row: PartnerRequestRow) => `${row.createdAt.toISOString()}_${row.id}`;

function parseCursor(cursor: string): { at: Date; id: string } {
  const split = cursor.indexOf('_');
  return { at: new Date(cursor.slice(0, split)), id: cursor.slice(split + 1) };
}

/**
 * One page of requests, newest first ((created_at, id) descending, keyset from `cursor`), filtered
 * by status (the (status, created_at) index serves the filtered list).
 */
export async function readPartnerRequestPage(
  db: DbOrTx,
  query: { status?: PartnerRequestStatus; cursor?: string },
): Promise<{ rows: PartnerRequestRow[]; nextCursor: string | null }> {
  const where: SQL[] = [];
  if (query.status) where.push(eq(partnerRequests.status, query.status));
  if (query.cursor) {
    const { at, id } = parseCursor(query.cursor);
    const after = or(lt(partnerRequests.createdAt, at), and(eq(partnerRequests.createdAt, at), lt(partnerRequests.id, id)));
    if (after) where.push(after);
  }
  const rows = await db
    .select()
    .from(partnerRequests)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(partnerRequests.createdAt), desc(partnerRequests.id))
    .limit(PARTNER_REQUESTS_PAGE_SIZE + 1);
  const page = rows.slice(0, PARTNER_REQUESTS_PAGE_SIZE);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > PARTNER_REQUESTS_PAGE_SIZE && last ? cursorOf(last) : null };
}

/** Requests per status. */
export async function countPartnerRequests(db: DbOrTx): Promise<Record<PartnerRequestStatus, number>> {
  const rows = await db
    .select({ status: partnerRequests.status, n: sql<number>`count(*)::int` })
    .from(partnerRequests)
    .groupBy(partnerRequests.status);
  const counts: Record<PartnerRequestStatus, number> = { new: 0, contacted: 0, closed: 0 };
  for (const r of rows) counts[asStatus(r.status)] += Number(r.n);
  return counts;
}

/** Every request (optionally of one status), newest first: the CSV export. */
export async function readAllPartnerRequests(db: DbOrTx, status?: PartnerRequestStatus): Promise<PartnerRequestRow[]> {
  return db
    .select()
    .from(partnerRequests)
    .where(status ? eq(partnerRequests.status, status) : undefined)
    .orderBy(desc(partnerRequests.createdAt), desc(partnerRequests.id));
}

/** A partner request, locked for the rest of the transaction (null when there is none). */
export async function lockPartnerRequest(tx: DbOrTx, id: string): Promise<PartnerRequestRow | null> {
  const [row] = await tx.select().from(partnerRequests).where(eq(partnerRequests.id, id)).for('update');
  return row ?? null;
}

/** Sets a partner request's status, note and version: the row as stored. */
export async function updatePartnerRequest(
  tx: DbOrTx,
  id: string,
  set: { status: string; note: string; version: number; updatedAt: Date },
): Promise<PartnerRequestRow | undefined> {
  const [updated] = await tx.update(partnerRequests).set(set).where(eq(partnerRequests.id, id)).returning();
  return updated;
}
