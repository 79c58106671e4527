import {
  VERIFICATION_API_MESSAGES as MSG,
  getCompanyVerification,
  verifyCompanyInstantly,
} from '@talentloop/contract/api/company-verification';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { currentUser } from '../../http/guards.ts';
import { route } from '../../http/route.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import type { InstantVerifier } from './checks.ts';
import { createVerificationService } from './service.ts';

// Company account verification (issue 11): the state and the Instant method. ['client'] only (the
// contract); the caller's own company only: no company id is read from a request.

export async function companyVerificationRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; auth: preHandlerHookHandler; verifier?: InstantVerifier },
) {
  const auth = { preHandler: [deps.auth] };
  const service = createVerificationService(deps);

  route(app, getCompanyVerification, auth, async (request) => {
    const { verification } = await service.state(currentUser(request).id);
    return { status: 'success' as const, verification };
  });

  route(app, verifyCompanyInstantly, auth, async (request) => {
    const result = await service.verifyInstantly(currentUser(request).id, request.body);
    return { status: 'success' as const, responseMessage: MSG.verified, ...result };
  });
}
