import { SECURITY_MESSAGES as MSG, changePassword, getSecurity, signOutEverywhere } from '@talentloop/contract/api/security';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { currentUser } from '../../http/guards.ts';
import { route } from '../../http/route.ts';
import { clearRefreshCookie } from '../auth/cookies.ts';
import type { AuthDeps } from '../auth/deps.ts';
import { createSecurityService } from './service.ts';

// Security & Privacy of the account screens (issue 11): GET /account/security, POST
// /account/password, POST /account/sign-out-all. Always the caller's own account.

export async function securityRoutes(app: FastifyInstance, deps: AuthDeps) {
  const security = createSecurityService(deps);

  route(app, getSecurity, {}, async (request) => ({ status: 'success' as const, ...(await security.overview(currentUser(request))) }));

  route(app, changePassword, {}, async (request) => {
    const sessionId = request.auth?.sessionId;
    if (!sessionId) throw new AppError('TL_CORE_00401_E');
    await security.changePassword(currentUser(request), sessionId, request.body);
    return { status: 'success' as const, responseMessage: MSG.passwordChanged };
  });

  route(app, signOutEverywhere, {}, async (request, reply) => {
    await security.signOutEverywhere(currentUser(request));
    clearRefreshCookie(deps, reply);
    return { status: 'success' as const, responseMessage: MSG.signedOutEverywhere };
  });
}
