import type { DbOrTx } from '../../infra/db/client.ts';
import type { SupportBookingRead, SupportCallRead } from '@talentloop/contract/api/support-booking';
import type { SupportReason } from '@talentloop/contract/lists/company';
import { zonedDate, zonedTime } from '@talentloop/contract/rules/support-slots';
import { and, asc, desc, eq, gt, gte, lt, lte, sql } from 'drizzle-orm';
import { companies, supportBookings, supportSlots, users } from '../../infra/db/schema.ts';

// Reads of support calls. A company's calls are always read by its own id (found from the
// caller's user id), never by an id from a request alone; only the operators' reads (below) take
// a booking id from the request.

export type BookingRow = typeof supportBookings.$inferSelect;

/** Seats taken per call start (ISO instant) between `from` and `to`, both included. */
export async function seatsTaken(db: DbOrTx, from: Date, to: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({ slotStart: supportBookings.slotStart, taken: sql<number>`count(*)::int` })
    .from(supportBookings)
    .where(and(eq(supportBookings.status, 'booked'), gte(supportBookings.slotStart, from), lte(supportBookings.slotStart, to)))
    .groupBy(supportBookings.slotStart);
  return new Map(rows.map((r) => [r.slotStart.toISOString(), Number(r.taken)]));
}

/** Seats taken in one call. */
export async function seatsTakenAt(db: DbOrTx, start: Date): Promise<number> {
  const [row] = await db
    .select({ taken: sql<number>`count(*)::int` })
    .from(supportBookings)
    .where(and(eq(supportBookings.status, 'booked'), eq(supportBookings.slotStart, start)));
  return Number(row?.taken ?? 0);
}

/** The company's booked call that has not ended yet, if any. */
export async function upcomingBooking(db: DbOrTx, companyId: string, now: Date): Promise<BookingRow | null> {
  const [row] = await db
    .select()
    .from(supportBookings)
    .where(and(eq(supportBookings.companyId, companyId), eq(supportBookings.status, 'booked'), gt(supportBookings.slotEnd, now)))
    .orderBy(asc(supportBookings.slotStart))
    .limit(1);
  return row ?? null;
}

export function toBookingRead(row: BookingRow): SupportBookingRead {
  return {
    id: row.id,
    reason: row.reason as SupportReason,
    notes: row.notes,
    email: row.email,
    date: zonedDate(row.slotStart, row.timeZone),
    time: zonedTime(row.slotStart, row.timeZone),
    start: row.slotStart.toISOString(),
    end: row.slotEnd.toISOString(),
    timeZone: row.timeZone,
  };
}

// ---- the operators' support calls (operator console, issue 21) ----

/** A call as the operators see it: the booking, its company's name and who booked it. */
export type CallListRow = { booking: BookingRow; companyName: string | null; bookedByEmail: string | null };

const asCancelledBy = (value: string | null): SupportCallRead['cancelledBy'] =>
  value === 'company' || value === 'operator' ? value : null;
const asOutcome = (value: string | null): SupportCallRead['outcome'] => (value === 'held' || value === 'missed' ? value : null);

export function toSupportCallRead({ booking: row, companyName, bookedByEmail }: CallListRow): SupportCallRead {
  return {
    id: row.id,
    companyId: row.companyId,
    companyName: companyName ?? '',
    bookedByEmail,
    email: row.email,
    reason: row.reason as SupportReason,
    notes: row.notes,
    slotStart: row.slotStart.toISOString(),
    slotEnd: row.slotEnd.toISOString(),
    timeZone: row.timeZone,
    status: row.status === 'cancelled' ? 'cancelled' : 'booked',
    cancelledAt: row.cancelledAt ? row.cancelledAt.toISOString() : null,
    cancelledBy: row.status === 'cancelled' ? asCancelledBy(row.cancelledBy) : null,
    cancelMessage: row.cancelMessage,
    outcome: asOutcome(row.outcome),
  };
}

function callsWith(db: DbOrTx) {
  return db
    .select({ booking: supportBookings, companyName: companies.name, bookedByEmail: users.email })
    .from(supportBookings)
    .innerJoin(companies, eq(companies.id, supportBookings.companyId))
    .leftJoin(users, eq(users.id, supportBookings.bookedBy));
}

/** Calls that have not ended (booked or cancelled), soonest first. */
export async function callsNotEnded(db: DbOrTx, now: Date): Promise<CallListRow[]> {
  return callsWith(db).where(gt(supportBookings.slotEnd, now)).orderBy(asc(supportBookings.slotStart), asc(supportBookings.createdAt));
}

/** Calls that have ended and started in [from, to), newest first. */
export async function callsEndedBetween(db: DbOrTx, now: Date, from: Date, to: Date): Promise<CallListRow[]> {
  return callsWith(db)
    .where(and(lte(supportBookings.slotEnd, now), gte(supportBookings.slotStart, from), lt(supportBookings.slotStart, to)))
    .orderBy(desc(supportBookings.slotStart), asc(supportBookings.createdAt));
}

/** One call by id. */
export async function callById(db: DbOrTx, id: string): Promise<CallListRow | null> {
  const [row] = await callsWith(db).where(eq(supportBookings.id, id));
  return row ?? null;
}

// ---- a booking's transaction (service.ts) ----

/** Locks the company's row: bookings of one company run one after another. */
export async function lockCompanyRow(tx: DbOrTx, companyId: string): Promise<void> {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
}

/** Makes the call's row if it is new and locks it: the lock its seats are counted under. */
export async function lockSlot(tx: DbOrTx, start: Date, now: Date): Promise<void> {
  await tx.insert(supportSlots).values({ slotStart: start, createdAt: now }).onConflictDoNothing();
  await tx.select({ slotStart: supportSlots.slotStart }).from(supportSlots).where(eq(supportSlots.slotStart, start)).for('update');
}

export async function insertBooking(tx: DbOrTx, values: typeof supportBookings.$inferInsert): Promise<BookingRow | undefined> {
  const [inserted] = await tx.insert(supportBookings).values(values).returning();
  return inserted;
}

/** Cancels the company's booked call `bookingId` if it has not started: the row, or null. */
export async function cancelUpcomingBooking(tx: DbOrTx, bookingId: string, companyId: string, now: Date): Promise<BookingRow | null> {
  const [row] = await tx
    .update(supportBookings)
    .set({ status: 'cancelled', cancelledAt: now, sequence: 1, cancelledBy: 'company' })
    .where(
      and(
        eq(supportBookings.id, bookingId),
        eq(supportBookings.companyId, companyId),
        eq(supportBookings.status, 'booked'),
        gt(supportBookings.slotStart, now),
      ),
    )
    .returning();
  return row ?? null;
}

// ---- the operators' side (operator-service.ts) ----

/** An operator cancels a booked call that has not started: the row, or null. */
export async function cancelUpcomingByOperator(tx: DbOrTx, id: string, message: string, now: Date): Promise<{ id: string } | null> {
  const [row] = await tx
    .update(supportBookings)
    .set({ status: 'cancelled', cancelledAt: now, sequence: 1, cancelledBy: 'operator', cancelMessage: message })
    .where(and(eq(supportBookings.id, id), eq(supportBookings.status, 'booked'), gt(supportBookings.slotStart, now)))
    .returning({ id: supportBookings.id });
  return row ?? null;
}

/** A booking, locked for the transaction (null: none). */
export async function lockBooking(tx: DbOrTx, id: string): Promise<BookingRow | null> {
  const [locked] = await tx.select().from(supportBookings).where(eq(supportBookings.id, id)).for('update');
  return locked ?? null;
}

export async function setBookingOutcome(tx: DbOrTx, id: string, outcome: string): Promise<void> {
  await tx.update(supportBookings).set({ outcome }).where(eq(supportBookings.id, id));
}
