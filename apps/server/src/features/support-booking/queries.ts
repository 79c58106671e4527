import type { SupportBookingRead } from '@talentloop/contract/api/support-booking';
import type { SupportReason } from '@talentloop/contract/lists/company';
import { zonedDate, zonedTime } from '@talentloop/contract/rules/support-slots';
import { and, asc, eq, gt, gte, lte, sql } from 'drizzle-orm';
import { supportBookings } from '../../infra/db/schema.ts';
import type { Tx } from '../company/queries.ts';

// Reads of support calls. A company's calls are always read by its own id (found from the
// caller's user id), never by an id from a request alone.

export type BookingRow = typeof supportBookings.$inferSelect;

/** Seats taken per call start (ISO instant) between `from` and `to`, both included. */
export async function seatsTaken(db: Tx, from: Date, to: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({ slotStart: supportBookings.slotStart, taken: sql<number>`count(*)::int` })
    .from(supportBookings)
    .where(and(eq(supportBookings.status, 'booked'), gte(supportBookings.slotStart, from), lte(supportBookings.slotStart, to)))
    .groupBy(supportBookings.slotStart);
  return new Map(rows.map((r) => [r.slotStart.toISOString(), Number(r.taken)]));
}

/** Seats taken in one call. */
export async function seatsTakenAt(db: Tx, start: Date): Promise<number> {
  const [row] = await db
    .select({ taken: sql<number>`count(*)::int` })
    .from(supportBookings)
    .where(and(eq(supportBookings.status, 'booked'), eq(supportBookings.slotStart, start)));
  return Number(row?.taken ?? 0);
}

/** The company's booked call that has not ended yet, if any. */
export async function upcomingBooking(db: Tx, companyId: string, now: Date): Promise<BookingRow | null> {
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
