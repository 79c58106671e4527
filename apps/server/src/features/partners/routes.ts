import { PARTNER_MESSAGES, api } from '@talentloop/contract';
import type { FastifyInstance } from 'fastify';
import { rateLimit } from '../../http/guards.ts';
import { route } from '../../http/route.ts';
import { type PartnerDeps, submitPartnerRequest } from './service.ts';

/** spec: auth-onboarding §2 Landing (partner modal), §7 POST /company-user/company-partnership */
export async function partnerRoutes(app: FastifyInstance, deps: PartnerDeps) {
  const { db, clock, config } = deps;

  route(
    app,
    api.companyPartnership,
    { onRequest: [rateLimit(db, clock, 'partner-request', config.rateLimitPerMinute)] },
    async (request) => {
      await submitPartnerRequest(deps, request.body);
      return { status: 'success' as const, responseCode: 'TL_CORE_00200_S', responseMessage: PARTNER_MESSAGES.received };
    },
  );
}
