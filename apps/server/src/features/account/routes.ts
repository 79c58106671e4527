import { BRAND } from '@talentloop/contract';
import {
  ACCOUNT_MESSAGES,
  deleteAccount,
  exportAccount,
  getPrivacy,
  requestDeletionCode,
  savePrivacy,
} from '@talentloop/contract/api/account';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../../http/guards.ts';
import { route } from '../../http/route.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import type { FileStorage } from '../../infra/storage.ts';
import { clearRefreshCookie } from '../auth/cookies.ts';
import type { AuthDeps } from '../auth/deps.ts';
import { sessionRequester } from '../codes/service.ts';
import * as privacy from './privacy.ts';
import { createAccountService, exportAccountData } from './service.ts';

export async function privacyRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  route(app, getPrivacy, {}, async (request) => {
    const settings = await privacy.readPrivacy(db, currentUser(request));
    return { status: 'success' as const, responseMessage: 'Privacy settings', ...settings };
  });

  route(app, savePrivacy, {}, async (request) => {
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
export async function accountRoutes(app: FastifyInstance, deps: AuthDeps & { storage: FileStorage }) {
  const { db, clock } = deps;
  const accounts = createAccountService(deps);
  const by = (request: FastifyRequest, userId: string) => ({ requester: requesterOf(request, userId), ip: request.ip });

  route(app, requestDeletionCode, {}, async (request) => {
    const user = currentUser(request);
    await accounts.sendDeletionCode(user, by(request, user.id));
    return { status: 'success' as const, responseMessage: ACCOUNT_MESSAGES.codeSent };
  });

  route(app, deleteAccount, {}, async (request, reply) => {
    const user = currentUser(request);
    await accounts.deleteAccount(user, request.body, by(request, user.id));
    clearRefreshCookie(deps, reply);
    return { status: 'success' as const, responseMessage: ACCOUNT_MESSAGES.deleted };
  });

  route(app, exportAccount, {}, async (request, reply) => {
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
