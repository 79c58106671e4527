import { paths } from '@talentloop/contract';
import {
  type FreelancerMailKind,
  type FreelancerMailPreferences,
  type TalentStatusRead,
  VETTING_RETRY_DAYS,
  VETTING_STATUSES,
  type VettingOutcome,
  type VettingQueueItem,
  type VettingStatus,
} from '@talentloop/contract/api/talent-pool';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import { type AuditActor, recordAudit } from '../audit/audit.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db, DbOrTx } from '../../infra/db/client.ts';
import { enqueueMail } from '../../infra/mail/outbox.ts';
import { asVisibility } from '../account/privacy.ts';
import { profileChanged } from '../../infra/profile-events.ts';
import { vettingOutcomeMail } from './mails.ts';
import { readVettingQueue } from './queue.ts';
import {
  bumpFreelancerNotifications,
  emailOf,
  readStatusRow,
  readVettingStatus,
  recordEvent,
  transition,
  wasSubmitted,
  countProfileViews30d,
  freelancerMailPreferencesOf,
  mailableFreelancer as mailableFreelancerRow,
  mailableFreelancers as mailableFreelancersRows,
  readFreelancerNotifications,
  readOpenInterview,
  readTalentEvents,
  sectionSavedSince,
} from './queries.ts';
import { buildTimeline, reviewOpensAt, whatHappensNext } from './timeline.ts';

/** Who may be mailed (their choice, not a demo, a proven address): what other features ask before they queue a mail to a freelancer. */
export function mailableFreelancer(db: DbOrTx, userId: string, kind: FreelancerMailKind) {
  return mailableFreelancerRow(db, userId, kind);
}

/** Of many freelancers, those mail of `kind` may reach (one read: a sweep's batch), by user id. */
export function mailableFreelancers(db: DbOrTx, userIds: readonly string[], kind: FreelancerMailKind) {
  return mailableFreelancersRows(db, userIds, kind);
}

// Vetting, owned by the server (issue 20). Every transition is ONE conditional write
// (UPDATE freelancer_profiles ... WHERE user_id = $1 AND vetting_status = <the state decided on>
// RETURNING) plus a talent_events row, in one transaction, followed by the talent search refresh:
// of two operators deciding at once exactly one write matches, the other finds no row (409).

export { QUEUE_MAX } from './queue.ts';

const asStatus = (value: string): VettingStatus =>
  (VETTING_STATUSES as readonly string[]).includes(value) ? (value as VettingStatus) : 'not_submitted';

export function createTalentPoolService({ db, clock, config }: { db: Db; clock: Clock; config: Pick<Config, 'publicUrl'> }) {
  const dashboardUrl = `${config.publicUrl}${paths.freelancer.dashboard}`;

  async function readStatus(userId: string): Promise<TalentStatusRead> {
    const now = clock.now();
    const row = await readStatusRow(db, userId);
    const status = asStatus(row?.status ?? 'not_submitted');
    const opensAt = reviewOpensAt(status, row?.statusAt ?? null);
    const timeline = buildTimeline(await readTalentEvents(db, userId));
    const discoverable = !!row?.openToWork && asVisibility(row?.visibility ?? 'companies') !== 'hidden';
    return {
      vettingStatus: status,
      timeline,
      next: whatHappensNext({
        status,
        timeline,
        canRequestReviewAt: opensAt,
        now,
        discoverable,
        openInterview: await readOpenInterview(db, userId, now),
      }),
      canRequestReviewAt: opensAt ? opensAt.toISOString() : null,
      changedSinceRequest: status === 'changes_requested' && (await sectionSavedSince(db, userId, row?.statusAt ?? null)),
      discoverable,
      profileViews30d: await countProfileViews30d(db, userId, now),
    };
  }

  return {
    readStatus,

    /** 'Send for review': changes_requested (after a saved change) or declined (after the wait) -> in_review. */
    async sendForReview(userId: string): Promise<TalentStatusRead> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const row = await readVettingStatus(tx, userId);
        const status = asStatus(row?.status ?? 'not_submitted');
        const statusAt = row?.statusAt ?? null;
        if (status === 'changes_requested') {
          // A section saved after the request (its version's updated_at is later than the request).
          if (!(await sectionSavedSince(tx, userId, statusAt))) throw new AppError('TL_CORE_13002_E');
        } else if (status === 'declined') {
          const opensAt = reviewOpensAt(status, statusAt);
          if (opensAt && opensAt.getTime() > now.getTime()) {
            const day = opensAt.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
            throw new AppError('TL_CORE_13003_E', `You can ask for another review from ${day}.`);
          }
        } else {
          throw new AppError('TL_CORE_13001_E');
        }
        // The state read above must still hold: one conditional write (a parallel send finds none).
        if (!(await transition(tx, userId, status, 'in_review', now, statusAt ?? undefined))) throw new AppError('TL_CORE_13001_E');
        await recordEvent(tx, { freelancerId: userId, kind: 'in_review', actorId: userId, now });
        await profileChanged(tx, [userId]);
      });
      return readStatus(userId);
    },

    /** An operator's decision on a profile in review: one conditional write; 409 when it is no longer in review. */
    async decide(operator: AuditActor, freelancerId: string, outcome: VettingOutcome, reason: string | undefined): Promise<VettingStatus> {
      const to: VettingStatus = outcome === 'approve' ? 'vetted' : outcome === 'request_changes' ? 'changes_requested' : 'declined';
      const why = outcome === 'approve' ? null : (reason ?? null);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const operatorId = operator.id;
        if (!(await transition(tx, freelancerId, 'in_review', to, now))) {
          const exists = await wasSubmitted(tx, freelancerId);
          throw new AppError(exists ? 'TL_CORE_13000_E' : 'TL_CORE_13004_E');
        }
        await recordEvent(tx, { freelancerId, kind: to, actorId: operatorId, reason: why, now });
        // The decision's audit entry, in its transaction (issue 21): who, which freelancer, before and after.
        const email = await emailOf(tx, freelancerId);
        await recordAudit(
          tx,
          operator,
          {
            action: `vetting.${outcome}`,
            targetType: 'user',
            targetId: freelancerId,
            targetLabel: email ?? '',
            before: { vettingStatus: 'in_review' },
            after: { vettingStatus: to },
            reason: why,
          },
          now,
        );
        // An operator's decision, one per review round: not capped (as the company verification outcome).
        const recipient = await mailableFreelancer(tx, freelancerId, 'vetting');
        if (recipient) {
          await enqueueMail(
            tx,
            vettingOutcomeMail(recipient.email, recipient.firstName, to as 'vetted' | 'changes_requested' | 'declined', why, {
              dashboardUrl,
              retryDays: VETTING_RETRY_DAYS,
            }),
            now,
          );
        }
        // Last: the change log's turn is held from here to the commit (decision 180).
        await profileChanged(tx, [freelancerId]);
      });
      return to;
    },

    /** Profiles in review, oldest first, at most QUEUE_MAX, each as companies see it, with completion and timeline. */
    listQueue: (): Promise<VettingQueueItem[]> => readVettingQueue(db),

    readNotifications: (userId: string) => readFreelancerNotifications(db, userId),

    /** Like the company's: the row made on first use, then one conditional UPDATE checks and bumps the version. */
    async saveNotifications(userId: string, mail: FreelancerMailPreferences, version: number | undefined) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const row = await bumpFreelancerNotifications(tx, userId, mail, version, now);
        if (!row) throw new AppError('TL_CORE_10110_E');
        return { version: row.notificationsVersion, mail: freelancerMailPreferencesOf(row.mailPreferences) };
      });
    },
  };
}
