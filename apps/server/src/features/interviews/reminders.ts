import { paths } from '@talentloop/contract';
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import { interviews } from '../../infra/db/schema.ts';
import { enqueueMail } from '../../infra/mail/outbox.ts';
import { senderAddress } from '../support-booking/mails.ts';
import { reminderMails } from './mails.ts';
import { readParties } from './queries.ts';
import { startPeriodicSweep } from '../../infra/periodic-sweep.ts';

// Interview reminders (issue 22): a mail to both parties 24 hours and 1 hour before an accepted
// interview, each sent once whatever the number of server instances. A tick claims the due
// reminders with one conditional UPDATE (SET reminder_x_at = now WHERE reminder_x_at IS NULL AND
// status = 'accepted' AND starts_at in the window) RETURNING the claimed rows, and queues their
// mails in the same transaction: a second instance's UPDATE waits for the row lock, then finds the
// column set and claims nothing; a failed transaction claims nothing either. A reminder whose
// window had already begun when the time was accepted is skipped (the confirmation just went).

export const REMINDER_POLL_MS = 60_000;

const HOUR = 3_600_000;
const KINDS = [
  { kind: '24h', column: interviews.reminder24hAt, key: 'reminder24hAt', leadMs: 24 * HOUR, floorMs: HOUR },
  { kind: '1h', column: interviews.reminder1hAt, key: 'reminder1hAt', leadMs: HOUR, floorMs: 0 },
] as const;

type Deps = { db: Db; clock: Clock; config: Pick<Config, 'publicUrl' | 'mailFrom'> };

/** Claims and queues every due reminder once; the number of mails queued. */
export async function sendDueReminders({ db, clock, config }: Deps): Promise<number> {
  const now = clock.now();
  const opts = {
    organizer: senderAddress(config.mailFrom ?? `no-reply@${new URL(config.publicUrl).hostname}`),
    uidDomain: new URL(config.publicUrl).hostname,
  };
  const links = {
    freelancer: `${config.publicUrl}${paths.freelancer.dashboard}`,
    company: `${config.publicUrl}${paths.company.shortlists}`,
  };
  let queued = 0;
  for (const k of KINDS) {
    queued += await db.transaction(async (tx) => {
      const claimed = await tx
        .update(interviews)
        .set({ [k.key]: now })
        .where(
          and(
            eq(interviews.status, 'accepted'),
            isNull(k.column),
            gt(interviews.startsAt, new Date(now.getTime() + k.floorMs)),
            lte(interviews.startsAt, new Date(now.getTime() + k.leadMs)),
            // Accepted before this reminder's window opened (else the confirmation is fresh).
            sql`${interviews.updatedAt} < ${interviews.startsAt} - make_interval(secs => ${k.leadMs / 1000})`,
          ),
        )
        .returning();
      let n = 0;
      for (const row of claimed) {
        if (!row.startsAt || !row.endsAt) continue;
        const mails = reminderMails(
          {
            parties: await readParties(tx, row),
            interview: {
              id: row.id,
              sequence: row.sequence,
              start: row.startsAt,
              end: row.endsAt,
              location: row.location,
              locationKind: row.locationKind as 'link' | 'phone',
              note: row.note,
              durationMinutes: row.durationMinutes,
            },
            opts,
            links,
          },
          k.kind,
          now,
        );
        for (const mail of mails) await enqueueMail(tx, mail, now);
        n += mails.length;
      }
      return n;
    });
  }
  return queued;
}

/** Ticks every `pollMs` (not at start); `tick()` runs one now (tests). Stops on `stop()`, waiting for a tick in flight. */
export function startReminderWorker(deps: Deps & { log: FastifyBaseLogger; pollMs?: number; onQueued?: () => void }) {
  return startPeriodicSweep({
    work: () => sendDueReminders(deps),
    pollMs: deps.pollMs ?? REMINDER_POLL_MS,
    log: deps.log,
    failure: 'interview reminders failed',
    onQueued: deps.onQueued,
  });
}
export type ReminderWorker = ReturnType<typeof startReminderWorker>;
