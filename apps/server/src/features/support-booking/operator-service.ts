import { SUPPORT_CALLS_PAST_DAYS, type SupportCallOutcome, type SupportCallsQuery } from '@talentloop/contract/api/support-booking';
import { zonedDate, zonedTime } from '@talentloop/contract/rules/support-slots';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import { enqueueCappedMail } from '../../infra/mail/caps.ts';
import type { OutboxWorker } from '../../infra/mail/outbox.ts';
import { type AuditActor, recordAudit } from '../audit/audit.ts';
import { callCancelledMail } from './mails.ts';
import {
  type CallListRow,
  callById,
  callsEndedBetween,
  callsNotEnded,
  cancelUpcomingByOperator,
  lockBooking,
  setBookingOutcome,
  toSupportCallRead,
} from './queries.ts';
import { callMailOptions, callOf } from './service.ts';

// The operators' support calls (operator console, issue 21): every call that has not ended, the
// calls of a past window, cancelling a booked call with a message to the company, and marking an
// ended call held or missed. Each action is one conditional write plus its audit entry (and the
// cancellation's mail, through the outbox) in one transaction. Seats are counted from bookings in
// status 'booked' (queries.ts seatsTaken), so a cancelled call's seat is free the moment it commits.

const DAY_MS = 86_400_000;

type Deps = { db: Db; clock: Clock; config: Config; outbox: Pick<OutboxWorker, 'kick'> };

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** What the audit log shows for a call: the company and when, in the support zone. */
const labelOf = ({ booking, companyName }: CallListRow) =>
  `${companyName || 'Company'}: ${zonedDate(booking.slotStart, booking.timeZone)} ${zonedTime(booking.slotStart, booking.timeZone)} (${booking.timeZone})`;

export function createSupportCallConsoleService({ db, clock, config, outbox }: Deps) {
  const mailOpts = callMailOptions(config);

  return {
    timeZone: config.supportTimeZone,

    /** Calls not ended (soonest first) and those of the past window (newest first; default the last 14 days). */
    async list(query: SupportCallsQuery) {
      const now = clock.now();
      const to = query.to ?? utcDay(now);
      const from = query.from ?? utcDay(new Date(Date.parse(`${to}T00:00:00Z`) - (SUPPORT_CALLS_PAST_DAYS - 1) * DAY_MS));
      const [upcoming, past] = await Promise.all([
        callsNotEnded(db, now),
        callsEndedBetween(db, now, new Date(`${from}T00:00:00Z`), new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS)),
      ]);
      return { upcoming: upcoming.map(toSupportCallRead), past: past.map(toSupportCallRead), window: { from, to } };
    },

    /**
     * Cancels a booked call that has not started (one write, from 'booked'), mails the company the
     * cancellation with the operator's message and a METHOD:CANCEL entry, and audits it.
     */
    async cancel(actor: AuditActor, id: string, message: string) {
      const now = clock.now();
      const call = await db.transaction(async (tx) => {
        const row = await cancelUpcomingByOperator(tx, id, message, now);
        const found = await callById(tx, id);
        if (!found) throw new AppError('TL_CORE_14122_E');
        if (!row) throw new AppError(found.booking.status === 'cancelled' ? 'TL_CORE_14123_E' : 'TL_CORE_14124_E');
        // The cancellation is counted with the call's invitation (mail-caps.ts): always sent.
        await enqueueCappedMail(tx, 'supportCallCancelled', callCancelledMail(callOf(found.booking), mailOpts, { message }), {
          account: null,
          now,
        });
        await recordAudit(
          tx,
          actor,
          {
            action: 'support_call.cancel',
            targetType: 'support_booking',
            targetId: id,
            targetLabel: labelOf(found),
            before: { status: 'booked' },
            after: { status: 'cancelled', cancelledBy: 'operator' },
            reason: message,
          },
          now,
        );
        return found;
      });
      outbox.kick();
      return toSupportCallRead(call);
    },

    /** Marks a booked call that has ended held or missed (again: the new mark replaces the old, audited). */
    async markOutcome(actor: AuditActor, id: string, outcome: SupportCallOutcome) {
      const now = clock.now();
      const call = await db.transaction(async (tx) => {
        const locked = await lockBooking(tx, id);
        if (!locked) throw new AppError('TL_CORE_14122_E');
        if (locked.status !== 'booked') throw new AppError('TL_CORE_14126_E');
        if (locked.slotEnd.getTime() > now.getTime()) throw new AppError('TL_CORE_14125_E');
        if (locked.outcome !== outcome) {
          await setBookingOutcome(tx, id, outcome);
        }
        const found = await callById(tx, id);
        if (!found) throw new Error('support call vanished under its lock');
        if (locked.outcome !== outcome) {
          await recordAudit(
            tx,
            actor,
            {
              action: 'support_call.outcome',
              targetType: 'support_booking',
              targetId: id,
              targetLabel: labelOf(found),
              before: { outcome: locked.outcome },
              after: { outcome },
            },
            now,
          );
        }
        return found;
      });
      return toSupportCallRead(call);
    },
  };
}
