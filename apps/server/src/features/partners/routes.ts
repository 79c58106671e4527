import { PARTNER_MESSAGES, api, normalizeCompanyName, normalizeEmail } from '@talentloop/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import { rateLimit } from '../../http/guards.ts';
import { route } from '../../http/route.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import { enqueueCappedMail } from '../../infra/mail/caps.ts';
import type { OutboxWorker } from '../../infra/mail/outbox.ts';
import { partnerRequestMail } from '../../infra/mail/templates.ts';
import { insertPartnerRequest } from './queries.ts';

export type PartnerDeps = { db: Db; clock: Clock; config: Config; outbox: Pick<OutboxWorker, 'kick'> };

/** spec: auth-onboarding §2 Landing (partner modal), §7 POST /company-user/company-partnership */
export async function partnerRoutes(app: FastifyInstance, deps: PartnerDeps) {
  const { db, clock, config } = deps;

  route(
    app,
    api.companyPartnership,
    { onRequest: [rateLimit(db, clock, 'partner-request', config.rateLimitPerMinute)] },
    async (request) => {
      const companyName = normalizeCompanyName(request.body.companyName);
      const companyEmail = normalizeEmail(request.body.companyEmail);
      const now = clock.now();
      // The request and its mail to the operators commit together, or neither does. Past the
      // operators' hourly cap (contract mail-caps.ts) the request is stored without a mail.
      const mailed = await db.transaction(async (tx) => {
        const stored = await insertPartnerRequest(tx, { companyName, companyEmail, now });
        if (!stored) throw new AppError('TL_CORE_01200_E');
        if (!config.opsEmail) return false;
        return enqueueCappedMail(tx, 'partnerRequest', partnerRequestMail(config.opsEmail, companyName, companyEmail), { now });
      });
      if (mailed) deps.outbox.kick();
      return { status: 'success' as const, responseCode: 'TL_CORE_00200_S', responseMessage: PARTNER_MESSAGES.received };
    },
  );
}
