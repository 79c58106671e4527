import { SESSION_MAX_DAYS } from '@talentloop/contract';
import type { ChangePasswordBody } from '@talentloop/contract/api/security';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { AuthUser } from '../../http/guards.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import { enqueueCappedMail } from '../../infra/mail/caps.ts';
import { passwordChangedMail } from '../../infra/mail/templates.ts';
import { checkPasswordGuess } from '../auth/lockout.ts';
import { hashPassword } from '../auth/passwords.ts';
import { revokeAllSessions, revokeOtherSessions } from '../auth/sessions.ts';
import { countLiveSignIns, replacePasswordHash } from './queries.ts';

// Security & Privacy (issue 11): change the password, sign out every device. For every role that
// has an account screen (freelancer, client; the contract's access).

type Deps = { db: Db; clock: Clock; outbox: { kick: () => void }; config: Pick<Config, 'passwordHash'> };

export function createSecurityService({ db, clock, outbox, config }: Deps) {
  return {
    /** Whether the account has a password, is linked to Google, and how many sign-ins are live. */
    async overview(user: AuthUser) {
      const now = clock.now();
      const live = await countLiveSignIns(db, user.id, new Date(now.getTime() - SESSION_MAX_DAYS * 86_400_000));
      return { hasPassword: user.passwordHash !== null, googleLinked: user.googleSub !== null, activeSessions: live };
    },

    /**
     * The current password is checked like a login (a wrong one counts toward the same lockout);
     * then, in one transaction, the new hash is stored (only over the hash that was checked, so two
     * changes at once cannot both win), every other sign-in ends and the notice is queued.
     */
    async changePassword(user: AuthUser, sessionId: string, body: z.output<typeof ChangePasswordBody>) {
      if (!user.passwordHash) throw new AppError('TL_CORE_10140_E');
      const now = clock.now();
      const guess = await checkPasswordGuess(db, { email: user.email, passwordHash: user.passwordHash }, body.currentPassword, now);
      if (!guess.ok) throw new AppError(guess.locked ? 'TL_CORE_01041_E' : 'TL_CORE_10130_E');
      if (body.newPassword === body.currentPassword) throw new AppError('TL_CORE_10141_E');
      const passwordHash = await hashPassword(body.newPassword, config.passwordHash);
      await db.transaction(async (tx) => {
        const changed = await replacePasswordHash(tx, user.id, user.passwordHash as string, passwordHash, now);
        // Changed by another request since this one was authenticated: the current password is no longer it.
        if (!changed) throw new AppError('TL_CORE_10130_E');
        await revokeOtherSessions(tx, user.id, sessionId, now);
        // Capped (contract mail-caps.ts): past it the change is refused, never made without its notice.
        await enqueueCappedMail(tx, 'passwordChanged', passwordChangedMail(user.email, user.firstName, now), { account: user.id, now });
      });
      outbox.kick();
    },

    async signOutEverywhere(user: AuthUser) {
      await revokeAllSessions(db, user.id, clock.now());
    },
  };
}
