import { BRAND, OTP_MAX_ATTEMPTS } from '@talentloop/contract';
import {
  ACCOUNT_MESSAGES,
  deleteAccount,
  exportAccount,
  getPrivacy,
  requestDeletionCode,
  savePrivacy,
} from '@talentloop/contract/api/account';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { currentUser } from '../../http/guards.ts';
import { route } from '../../http/route.ts';
import type { Clock } from '../../infra/clock.ts';
import { hitCounter } from '../../infra/counters.ts';
import type { Db } from '../../infra/db/client.ts';
import type { FileStorage } from '../../infra/storage.ts';
import { clearRefreshCookie } from '../auth/cookies.ts';
import type { AuthDeps } from '../auth/deps.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { createCodeService, sessionRequester } from '../codes/service.ts';
import * as privacy from './privacy.ts';
import { deleteAccountData, exportAccountData } from './service.ts';

const PASSWORD_WINDOW_MS = 15 * 60_000;

export async function privacyRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock; auth: preHandlerHookHandler }) {
  const { db, clock } = deps;
  const auth = { preHandler: [deps.auth] };

  route(app, getPrivacy, auth, async (request) => {
    const settings = await privacy.readPrivacy(db, currentUser(request));
    return { status: 'success' as const, responseMessage: 'Privacy settings', ...settings };
  });

  route(app, savePrivacy, auth, async (request) => {
    const settings = await privacy.savePrivacy(db, currentUser(request), request.body, clock.now());
    return { status: 'success' as const, responseMessage: ACCOUNT_MESSAGES.privacySaved, ...settings };
  });
}

/** A deletion code works only for the session that asked for it (its caps: features/codes). */
function requesterOf(request: FastifyRequest, userId: string): string {
  return sessionRequester('account_deletion', request.auth?.sessionId ?? userId);
}

/**
 * Delete account and 'Download my data' (issue 10, beyond the spec): for every role. Deletion needs
 * the password, or, for an account without one (Google sign-in), a fresh code by mail.
 */
export async function accountRoutes(app: FastifyInstance, deps: AuthDeps & { storage: FileStorage; auth: preHandlerHookHandler }) {
  const { db, clock } = deps;
  const auth = { preHandler: [deps.auth] };
  const codes = createCodeService(deps);

  route(app, requestDeletionCode, auth, async (request) => {
    const user = currentUser(request);
    if (user.passwordHash) throw new AppError('TL_CORE_10131_E');
    await codes.issue('account_deletion', {
      email: user.email,
      firstName: user.firstName,
      requester: requesterOf(request, user.id),
      ip: request.ip,
      accountId: user.id,
      now: clock.now(),
    });
    return { status: 'success' as const, responseMessage: ACCOUNT_MESSAGES.codeSent };
  });

  route(app, deleteAccount, auth, async (request, reply) => {
    const user = currentUser(request);
    const { password, otp } = request.body;
    const now = clock.now();
    if (user.passwordHash) {
      if (!password) throw new AppError('TL_CORE_10131_E');
      // Counted before comparing, so parallel guesses cannot exceed the limit.
      const tries = await hitCounter(db, `account-delete:${user.id}`, PASSWORD_WINDOW_MS, now);
      if (tries > OTP_MAX_ATTEMPTS) throw new AppError('TL_CORE_00429_E');
      if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('TL_CORE_10130_E');
      await db.transaction((tx) => deleteAccountData(tx, deps.storage, user));
    } else {
      if (!otp) throw new AppError('TL_CORE_10132_E');
      await codes.consume(
        'account_deletion',
        { email: user.email, requester: requesterOf(request, user.id), ip: request.ip, accountId: user.id, code: otp, now },
        (tx) => deleteAccountData(tx, deps.storage, user),
      );
    }
    clearRefreshCookie(deps, reply);
    return { status: 'success' as const, responseMessage: ACCOUNT_MESSAGES.deleted };
  });

  route(app, exportAccount, auth, async (request, reply) => {
    const user = currentUser(request);
    const now = clock.now();
    reply
      .header(
        'Content-Disposition',
        `attachment; filename="${BRAND.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-data-${now.toISOString().slice(0, 10)}.json"`,
      )
      .header('Cache-Control', 'private, no-store');
    return exportAccountData(db, user, now);
  });
}
