import { SUPPORT_HOURS, findSupportSlot, supportAvailability, supportDays } from '@talentloop/contract/rules/support-slots';
import type { SupportBookingBody } from '@talentloop/contract/validation/support-booking';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import { enqueueCappedMail } from '../../infra/mail/caps.ts';
import type { OutboxWorker } from '../../infra/mail/outbox.ts';
import { ensureCompany, findCompany } from '../company/service.ts';
import { type CallMail, callBookedMail, callCancelledMail, senderAddress } from './mails.ts';
import {
  type BookingRow,
  cancelUpcomingBooking,
  insertBooking,
  lockCompanyRow,
  lockSlot,
  seatsTaken,
  seatsTakenAt,
  toBookingRead,
  upcomingBooking,
} from './queries.ts';

// Support calls (issue 11, the third verification method; docs/decisions.md "Support booking").
// The calls offered are computed from the clock (contract rules/support-slots.ts); the seats left
// come from the bookings. A booking locks its company's row (one upcoming call per company), then
// the call's row in support_slots, counts the seats taken and inserts, all in one transaction: of
// any number of companies taking the last seat at once, the database lets exactly one through.
// Mail goes only to an address the product has proven (the account's login address, or the
// company's address verified by a code), and bookings are capped per account and per address
// (contract mail-caps.ts, counted in the booking's transaction; issue 18).

/** The addresses proven to be the caller's: the account's login address and the company's verified one. */
function provenAddresses(accountEmail: string, verifiedEmail: string | null | undefined): string[] {
  const all = [accountEmail, verifiedEmail].filter((a): a is string => !!a).map((a) => a.toLowerCase());
  return [...new Set(all)];
}

type Deps = { db: Db; clock: Clock; config: Config; outbox: Pick<OutboxWorker, 'kick'> };

/** What the call's mails need of a booking. */
export const callOf = (row: BookingRow): CallMail => ({
  id: row.id,
  email: row.email,
  reason: row.reason,
  notes: row.notes,
  start: row.slotStart,
  end: row.slotEnd,
  timeZone: row.timeZone,
  sequence: row.sequence,
});

/** The organizer and UID domain of the calls' calendar entries. */
export const callMailOptions = (config: Pick<Config, 'mailFrom' | 'publicUrl'>) => ({
  organizer: senderAddress(config.mailFrom),
  uidDomain: new URL(config.publicUrl).hostname,
});

export function createSupportBookingService({ db, clock, config, outbox }: Deps) {
  const timeZone = config.supportTimeZone;
  const capacity = config.supportSlotCapacity;
  const mailOpts = callMailOptions(config);

  return {
    timeZone,
    capacity,

    /** The calls offered now, with the seats left and labels. */
    async availability() {
      const days = supportDays(clock.now(), timeZone);
      const starts = days.flatMap((d) => d.slots.map((s) => s.start));
      const first = starts[0];
      const last = starts.at(-1);
      const taken = first && last ? await seatsTaken(db, new Date(first), new Date(last)) : new Map<string, number>();
      return supportAvailability(days, taken, capacity);
    },

    /**
     * The company's upcoming call, or null; the addresses a booking may be mailed to, and the one
     * the form starts with (the company's contact address once verified, else the account's).
     */
    async upcoming(user: { id: string; email: string }) {
      const company = await findCompany(db, user.id);
      const row = company ? await upcomingBooking(db, company.id, clock.now()) : null;
      const contactVerified = !!company?.contactEmail && company.contactEmail === company.verifiedEmail;
      return {
        booking: row ? toBookingRead(row) : null,
        defaultEmail: contactVerified ? (company?.contactEmail ?? user.email) : user.email,
        emails: provenAddresses(user.email, company?.verifiedEmail),
      };
    },

    async book(user: { id: string; email: string }, body: SupportBookingBody) {
      const userId = user.id;
      const now = clock.now();
      const slot = findSupportSlot(supportDays(now, timeZone), body.date, body.time);
      if (!slot) throw new AppError('TL_CORE_11031_E');
      const start = new Date(slot.start);
      const end = new Date(start.getTime() + SUPPORT_HOURS.slotMinutes * 60_000);

      const row = await db.transaction(async (tx) => {
        const company = await ensureCompany(tx, userId);
        if (!provenAddresses(user.email, company.verifiedEmail).includes(body.email.toLowerCase())) throw new AppError('TL_CORE_12000_E');
        // One upcoming call per company: bookings of one company run one after another.
        await lockCompanyRow(tx, company.id);
        if (await upcomingBooking(tx, company.id, now)) throw new AppError('TL_CORE_11032_E');

        // The call's row is the lock its seats are counted under.
        await lockSlot(tx, start, now);
        if ((await seatsTakenAt(tx, start)) >= capacity) throw new AppError('TL_CORE_11030_E');

        const inserted = await insertBooking(tx, {
          companyId: company.id,
          bookedBy: userId,
          slotStart: start,
          slotEnd: end,
          timeZone,
          reason: body.reason,
          notes: body.notes,
          email: body.email,
          createdAt: now,
        });
        if (!inserted) throw new Error('booking insert returned nothing');
        await enqueueCappedMail(tx, 'supportCallBooked', callBookedMail(callOf(inserted), mailOpts), { account: userId, now });
        return inserted;
      });
      outbox.kick();
      return toBookingRead(row);
    },

    /** Cancels the company's call `bookingId` if it has not started; its seat is free at once. */
    async cancel(userId: string, bookingId: string) {
      const now = clock.now();
      const company = await findCompany(db, userId);
      if (!company) throw new AppError('TL_CORE_11033_E');
      await db.transaction(async (tx) => {
        const row = await cancelUpcomingBooking(tx, bookingId, company.id, now);
        if (!row) throw new AppError('TL_CORE_11033_E');
        // Counted with the booking's invitation: a booked call can always be cancelled.
        await enqueueCappedMail(tx, 'supportCallCancelled', callCancelledMail(callOf(row), mailOpts), { account: userId, now });
      });
      outbox.kick();
    },
  };
}
