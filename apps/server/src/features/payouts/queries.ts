import type { PayoutDetails } from '@talentloop/contract/api/payouts';
import type { Currency } from '@talentloop/contract/rules/money';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db/client.ts';
import { rowsOf } from '../../infra/db/rows.ts';
import { payoutBatches, payoutDetailRequests, payoutDetails, payoutLines, users } from '../../infra/db/schema.ts';

// The SQL of payouts (issue 35, decisions 215-219): payout details and the change waiting for its
// code, batches and their lines. What is payable is the ledger's freelancer_payable read here
// straight from journal_lines (its account index), less what pending lines already hold.

export type PayoutDetailsRow = typeof payoutDetails.$inferSelect;
export type PayoutBatchRow = typeof payoutBatches.$inferSelect;
export type PayoutLineRow = typeof payoutLines.$inferSelect;

/** The account columns of details as stored: the one kind filled, the other null. */
export function accountColumns(details: PayoutDetails) {
  return details.method === 'iban'
    ? { method: 'iban', accountHolder: details.accountHolder, iban: details.iban, bic: details.bic, accountNumber: null, ifsc: null }
    : {
        method: 'india',
        accountHolder: details.accountHolder,
        iban: null,
        bic: null,
        accountNumber: details.accountNumber,
        ifsc: details.ifsc,
      };
}

export async function findPayoutDetails(db: DbOrTx, userId: string, lock = false): Promise<PayoutDetailsRow | undefined> {
  const q = db.select().from(payoutDetails).where(eq(payoutDetails.userId, userId));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** Holds a change until its code is entered (replacing any earlier one). */
export async function holdDetailsChange(db: DbOrTx, userId: string, details: PayoutDetails, now: Date): Promise<void> {
  await db
    .insert(payoutDetailRequests)
    .values({ userId, details, requestedAt: now })
    .onConflictDoUpdate({ target: payoutDetailRequests.userId, set: { details, requestedAt: now } });
}

/** Takes the held change (deleting it): undefined when none. */
export async function takeDetailsChange(db: DbOrTx, userId: string): Promise<{ details: unknown; requestedAt: Date } | undefined> {
  const [row] = await db
    .delete(payoutDetailRequests)
    .where(eq(payoutDetailRequests.userId, userId))
    .returning({ details: payoutDetailRequests.details, requestedAt: payoutDetailRequests.requestedAt });
  return row;
}

/** Saves details when the stored version is `version` (0: none yet): the new row, or undefined when stale. */
export async function saveDetailsRow(db: DbOrTx, userId: string, version: number, details: PayoutDetails, now: Date) {
  const values = accountColumns(details);
  if (version === 0) {
    const [row] = await db
      .insert(payoutDetails)
      .values({ userId, ...values, version: 1, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    return row;
  }
  const [row] = await db
    .update(payoutDetails)
    .set({ ...values, version: sql`${payoutDetails.version} + 1`, updatedAt: now })
    .where(and(eq(payoutDetails.userId, userId), eq(payoutDetails.version, version)))
    .returning();
  return row;
}

export type PayableBalance = { freelancerId: string; freelancerName: string; currency: Currency; amountMinor: number };

/**
 * What freelancer_payable owes each freelancer per currency (credit balance, as a positive amount),
 * for those with no pending payout line in that currency (a pending line holds it already).
 */
export async function payableBalances(db: DbOrTx): Promise<PayableBalance[]> {
  const rows = rowsOf<{ freelancer_id: string; first_name: string | null; last_name: string | null; currency: Currency; owed: string }>(
    await db.execute(sql`
      SELECT b.freelancer_id, u.first_name, u.last_name, b.currency, b.owed
      FROM (
        SELECT freelancer_id, currency, -sum(amount_minor) AS owed
        FROM journal_lines
        WHERE account = 'freelancer_payable' AND freelancer_id IS NOT NULL
        GROUP BY freelancer_id, currency
        HAVING sum(amount_minor) < 0
      ) b
      LEFT JOIN users u ON u.id = b.freelancer_id
      WHERE NOT EXISTS (
        SELECT 1 FROM payout_lines l
        WHERE l.freelancer_id = b.freelancer_id AND l.currency = b.currency AND l.status = 'pending'
      )
      ORDER BY u.last_name, u.first_name, b.freelancer_id, b.currency`),
  );
  return rows.map((r) => ({
    freelancerId: r.freelancer_id,
    freelancerName: [r.first_name, r.last_name].filter(Boolean).join(' ') || 'Deleted account',
    currency: r.currency,
    amountMinor: Number(r.owed),
  }));
}

/** How many pending lines of a batch are more than their freelancer's payable balance now (one statement). */
export async function linesBeyondPayable(db: DbOrTx, batchId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      SELECT count(*)::int AS n FROM payout_lines l
      WHERE l.batch_id = ${batchId} AND l.status = 'pending'
        AND l.amount_minor > COALESCE((
          SELECT -sum(j.amount_minor) FROM journal_lines j
          WHERE j.account = 'freelancer_payable' AND j.freelancer_id = l.freelancer_id AND j.currency = l.currency), 0)`),
  );
  return Number(row?.n ?? 0);
}

export async function detailsOfMany(db: DbOrTx, userIds: string[]): Promise<Map<string, PayoutDetailsRow>> {
  if (userIds.length === 0) return new Map();
  const rows: PayoutDetailsRow[] = [];
  for (let i = 0; i < userIds.length; i += 5000) {
    rows.push(
      ...(await db
        .select()
        .from(payoutDetails)
        .where(inArray(payoutDetails.userId, userIds.slice(i, i + 5000)))),
    );
  }
  return new Map(rows.map((r) => [r.userId, r]));
}

export async function insertBatch(db: DbOrTx, createdBy: string, now: Date): Promise<PayoutBatchRow> {
  const [row] = await db.insert(payoutBatches).values({ createdBy, createdAt: now }).returning();
  if (!row) throw new Error('no batch');
  return row;
}

/** Payout lines one insert statement holds (below the 65,535 parameters a statement takes). */
export const PAYOUT_LINES_PER_STATEMENT = 2000;

export async function insertLines(db: DbOrTx, lines: Array<typeof payoutLines.$inferInsert>): Promise<void> {
  for (let i = 0; i < lines.length; i += PAYOUT_LINES_PER_STATEMENT)
    await db.insert(payoutLines).values(lines.slice(i, i + PAYOUT_LINES_PER_STATEMENT));
}

export async function findBatch(db: DbOrTx, batchId: string, lock = false): Promise<PayoutBatchRow | undefined> {
  const q = db.select().from(payoutBatches).where(eq(payoutBatches.id, batchId));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function linesOfBatch(db: DbOrTx, batchId: string) {
  return db
    .select({ line: payoutLines, firstName: users.firstName, lastName: users.lastName })
    .from(payoutLines)
    .leftJoin(users, eq(users.id, payoutLines.freelancerId))
    .where(and(eq(payoutLines.batchId, batchId), sql`${payoutLines.status} <> 'removed'`))
    .orderBy(users.lastName, users.firstName, payoutLines.currency, payoutLines.id);
}

export async function findLine(db: DbOrTx, lineId: string, lock = false) {
  const q = db
    .select({ line: payoutLines, firstName: users.firstName, lastName: users.lastName })
    .from(payoutLines)
    .leftJoin(users, eq(users.id, payoutLines.freelancerId))
    .where(eq(payoutLines.id, lineId));
  const [row] = lock ? await q.for('update', { of: payoutLines }) : await q;
  return row;
}

/** Moves a line from one status to another (a conditional update: only one caller wins); the row, or undefined. */
export async function moveLine(
  db: DbOrTx,
  lineId: string,
  from: PayoutLineRow['status'],
  set: Partial<Pick<PayoutLineRow, 'status' | 'paidOn' | 'returnedReason' | 'settledAt'>>,
) {
  const [row] = await db
    .update(payoutLines)
    .set(set)
    .where(and(eq(payoutLines.id, lineId), eq(payoutLines.status, from)))
    .returning();
  return row;
}

/** Marks every pending line of a batch sent; the rows. */
export async function sendLines(db: DbOrTx, batchId: string, now: Date) {
  return db
    .update(payoutLines)
    .set({ status: 'sent', sentAt: now })
    .where(and(eq(payoutLines.batchId, batchId), eq(payoutLines.status, 'pending')))
    .returning();
}

/** Changes a batch when it is in `from` at `version` (bumping it): the row, or undefined. */
export async function moveBatch(
  db: DbOrTx,
  batchId: string,
  from: string,
  version: number | null,
  set: Partial<Pick<PayoutBatchRow, 'status' | 'sentAt'>>,
) {
  const [row] = await db
    .update(payoutBatches)
    .set({ ...set, version: sql`${payoutBatches.version} + 1` })
    .where(
      and(eq(payoutBatches.id, batchId), eq(payoutBatches.status, from), version === null ? undefined : eq(payoutBatches.version, version)),
    )
    .returning();
  return row;
}

/** Closes a sent batch whose lines are all paid or returned. */
export async function closeBatchIfSettled(db: DbOrTx, batchId: string): Promise<void> {
  await db.execute(sql`
    UPDATE payout_batches SET status = 'closed', version = version + 1
    WHERE id = ${batchId} AND status = 'sent'
      AND NOT EXISTS (SELECT 1 FROM payout_lines WHERE batch_id = ${batchId} AND status IN ('pending', 'sent'))`);
}

export type BatchFigures = {
  batch: PayoutBatchRow;
  lineCount: number;
  openLines: number;
  totals: Array<{ currency: Currency; amountMinor: number }>;
};

/** Batches (one, or all newest first) with their line counts and totals per currency. */
export async function batchFigures(db: DbOrTx, batchId?: string): Promise<BatchFigures[]> {
  const batches = await db
    .select()
    .from(payoutBatches)
    .where(batchId ? eq(payoutBatches.id, batchId) : undefined)
    .orderBy(desc(payoutBatches.createdAt), desc(payoutBatches.id))
    .limit(100);
  if (batches.length === 0) return [];
  const ids = batches.map((b) => b.id);
  const sums = await db
    .select({
      batchId: payoutLines.batchId,
      currency: payoutLines.currency,
      count: sql<number>`count(*)::int`,
      open: sql<number>`(count(*) FILTER (WHERE ${payoutLines.status} IN ('pending', 'sent')))::int`,
      total: sql<string>`sum(${payoutLines.amountMinor})`,
    })
    .from(payoutLines)
    .where(and(inArray(payoutLines.batchId, ids), sql`${payoutLines.status} <> 'removed'`))
    .groupBy(payoutLines.batchId, payoutLines.currency)
    .orderBy(payoutLines.currency);
  return batches.map((batch) => {
    const mine = sums.filter((s) => s.batchId === batch.id);
    return {
      batch,
      lineCount: mine.reduce((n, s) => n + Number(s.count), 0),
      openLines: mine.reduce((n, s) => n + Number(s.open), 0),
      totals: mine.map((s) => ({ currency: s.currency as Currency, amountMinor: Number(s.total) })),
    };
  });
}

/** A freelancer's payout lines, newest first (removed ones are not payouts). */
export async function linesOfFreelancer(db: DbOrTx, freelancerId: string) {
  return db
    .select()
    .from(payoutLines)
    .where(and(eq(payoutLines.freelancerId, freelancerId), sql`${payoutLines.status} <> 'removed'`))
    .orderBy(desc(payoutLines.createdAt), desc(payoutLines.id))
    .limit(200);
}
