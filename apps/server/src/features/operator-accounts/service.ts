import type { AccountDetail, AccountSearchQuery, PendingSignup } from '@talentloop/contract/api/operator-accounts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import { type OutboxWorker, dropPendingMailTo, enqueueMail } from '../../infra/mail/outbox.ts';
import { type AuditActor, recordAudit } from '../audit/audit.ts';
import { revokeAllSessions } from '../auth/sessions.ts';
import { createCodeService, isRegistrationPayload } from '../codes/service.ts';
import { profileChanged } from '../../infra/profile-events.ts';
import { reactivatedMail, suspendedMail } from './mails.ts';
import { hasOtherActiveOperator, lockOperators, changeOperatorRole } from './operator-role.ts';
import {
  accountDetail,
  accountEmail,
  accountExists,
  decodeCursor,
  findPendingSignup,
  isEmailVerified,
  lockAccountForSuspension,
  markReactivated,
  markSuspended,
  newestPendingSignupFor,
  pendingSignups,
  searchAccountRows,
  sessionSummary,
} from './queries.ts';

// The console's accounts (issue 21). Every action is one transaction holding its audit entry.
// Suspending ends every session of the account in that transaction (the guards check the live
// session, so the next call with an old access token is 401 and its refresh is refused) and the
// sign-in paths refuse the account (TL_CORE_14100_E) until it is reactivated.

export type OperatorAccountsDeps = { db: Db; clock: Clock; otpKey: string; outbox: Pick<OutboxWorker, 'kick'> };

export function createOperatorAccountsService(deps: OperatorAccountsDeps) {
  const { db, clock } = deps;
  const codes = createCodeService(deps);

  async function detail(userId: string, viewerId: string): Promise<AccountDetail> {
    const found = await accountDetail(db, userId, viewerId, clock.now());
    if (!found) throw new AppError('TL_CORE_14101_E');
    return found;
  }

  /** Sends a new code for the sign-up waiting at this row, to the browser that signed up; audited in the issuing transaction. */
  async function resendSignup(actor: AuditActor, signup: NonNullable<Awaited<ReturnType<typeof findPendingSignup>>>, targetId: string) {
    if (await isEmailVerified(db, signup.email)) throw new AppError('TL_CORE_14106_E');
    const firstName = isRegistrationPayload(signup.payload) ? signup.payload.firstName : '';
    const now = clock.now();
    await codes.resend('registration', {
      email: signup.email,
      firstName,
      requester: signup.requester,
      ip: 'operator',
      now,
      within: (tx) =>
        recordAudit(
          tx,
          actor,
          {
            action: 'account.resend_code',
            targetType: 'user',
            targetId,
            targetLabel: signup.email,
            before: { codeSentAt: signup.sentAt.toISOString() },
            after: { codeSentAt: now.toISOString() },
          },
          now,
        ),
    });
  }

  return {
    async search(query: AccountSearchQuery) {
      const q = query.q?.trim() ?? '';
      const after = query.cursor ? decodeCursor(query.cursor) : null;
      if (query.cursor && !after) throw new AppError('TL_CORE_00400_E', 'cursor must come from the previous page');
      const page = await searchAccountRows(db, q, after);
      const signups: PendingSignup[] = after ? [] : await pendingSignups(db, q, clock.now());
      return { ...page, pendingSignups: signups };
    },

    detail,

    async suspend(actor: AuditActor & { id: string }, userId: string, reason: string): Promise<AccountDetail> {
      if (userId === actor.id) throw new AppError('TL_CORE_14104_E');
      const now = clock.now();
      await db.transaction(async (tx) => {
        // Suspending an operator changes who runs the console: the same lock as a role change.
        await lockOperators(tx);
        const user = await lockAccountForSuspension(tx, userId);
        if (!user) throw new AppError('TL_CORE_14101_E');
        if (user.suspendedAt) throw new AppError('TL_CORE_14102_E');
        if (user.roles.includes('operator') && !(await hasOtherActiveOperator(tx, user.id))) throw new AppError('TL_CORE_14105_E');
        const { liveSessions } = await sessionSummary(tx, user.id, now);
        if (!(await markSuspended(tx, user.id, now))) throw new AppError('TL_CORE_14102_E');
        await revokeAllSessions(tx, user.id, now);
        // Off every company surface at once: any mail still waiting for them goes, and the talent
        // search's row (last, below).
        await dropPendingMailTo(tx, user.email, now, 'account suspended');
        // Told at once, to a proven address (the outbox's rule leaves out a demo account).
        if (user.verifiedAt) await enqueueMail(tx, suspendedMail(user.email, user.firstName), now);
        await recordAudit(
          tx,
          actor,
          {
            action: 'account.suspend',
            targetType: 'user',
            targetId: user.id,
            targetLabel: user.email,
            before: { status: 'active', liveSessions },
            after: { status: 'suspended', liveSessions: 0 },
            reason,
          },
          now,
        );
        // The talent search's row goes, on every instance (the pool indexes read it from the change
        // log). Last: the log's turn is held from here to the commit (decision 180).
        await profileChanged(tx, [user.id]);
      });
      deps.outbox.kick();
      return detail(userId, actor.id);
    },

    async reactivate(actor: AuditActor & { id: string }, userId: string, reason: string | undefined): Promise<AccountDetail> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const user = await markReactivated(tx, userId, now);
        if (!user) {
          const exists = await accountExists(tx, userId);
          throw new AppError(exists ? 'TL_CORE_14103_E' : 'TL_CORE_14101_E');
        }
        if (user.verifiedAt) await enqueueMail(tx, reactivatedMail(user.email, user.firstName), now);
        await recordAudit(
          tx,
          actor,
          {
            action: 'account.reactivate',
            targetType: 'user',
            targetId: user.id,
            targetLabel: user.email,
            before: { status: 'suspended' },
            after: { status: 'active' },
            reason: reason ?? null,
          },
          now,
        );
        // Findable again where they were before (their row is rebuilt from their profile). Last:
        // the change log's turn is held from here to the commit (decision 180).
        await profileChanged(tx, [user.id]);
      });
      deps.outbox.kick();
      return detail(userId, actor.id);
    },

    /**
     * An account's own address unverified: every account today is made verified (at the sign-up
     * code, by Google, or a reset), so this is a legacy row; its waiting sign-up, if any, gets a new code.
     */
    async resendForAccount(actor: AuditActor, userId: string) {
      const user = await accountEmail(db, userId);
      if (!user) throw new AppError('TL_CORE_14101_E');
      if (user.verifiedAt) throw new AppError('TL_CORE_14106_E');
      const signup = await newestPendingSignupFor(db, user.email);
      if (!signup) throw new AppError('TL_CORE_14107_E');
      await resendSignup(actor, signup, userId);
    },

    async resendForSignup(actor: AuditActor, signupId: string) {
      const signup = await findPendingSignup(db, signupId);
      if (!signup) throw new AppError('TL_CORE_14108_E');
      await resendSignup(actor, signup, signup.id);
    },

    async setOperator(actor: AuditActor & { id: string }, userId: string, grant: boolean): Promise<AccountDetail> {
      const result = await changeOperatorRole(db, { id: userId }, grant, actor, clock.now());
      if (result === 'no-such-user') throw new AppError('TL_CORE_14101_E');
      if (result === 'last-operator') throw new AppError('TL_CORE_14105_E');
      if (result === 'unchanged') throw new AppError(grant ? 'TL_CORE_14109_E' : 'TL_CORE_14110_E');
      return detail(userId, actor.id);
    },
  };
}
