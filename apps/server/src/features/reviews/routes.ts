import {
  REVIEW_MESSAGES as MSG,
  createReview,
  finishHire,
  hideReview,
  listFreelancerHires,
  listHires,
  listMyReviews,
  listOperatorReviews,
  replyToReview,
  restoreReview,
  reviewCompany,
  updateReview,
} from '@talentloop/contract/api/reviews';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { Config } from '../../config.ts';
import { currentUser } from '../../http/guards.ts';
import { route } from '../../http/route.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import type { OutboxWorker } from '../../infra/mail/outbox.ts';
import { createReviewService } from './service.ts';

// Hires and reviews (issues 22, 32): companies (their hires and reviews), freelancers (their hires,
// their review of the company, reviews about them, the reply), operators (every review, hide, restore). Roles from the contract; ids checked against
// the caller in the service.

export async function reviewRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; config: Config; outbox: Pick<OutboxWorker, 'kick'>; auth: preHandlerHookHandler },
) {
  const auth = { preHandler: [deps.auth] };
  const service = createReviewService(deps);
  const me = (request: FastifyRequest) => currentUser(request).id;

  route(app, listHires, auth, async (request) => ({ status: 'success' as const, hires: await service.listHires(me(request)) }));

  route(app, finishHire, auth, async (request) => ({
    status: 'success' as const,
    responseMessage: MSG.finished,
    hire: await service.finish(me(request), request.params.hireId, request.body.version),
  }));

  route(app, createReview, auth, async (request) => {
    const hire = await service.create(me(request), request.params.hireId, request.body);
    deps.outbox.kick();
    return { status: 'success' as const, responseMessage: MSG.created, hire };
  });

  route(app, updateReview, auth, async (request) => ({
    status: 'success' as const,
    responseMessage: MSG.updated,
    hire: await service.update(me(request), request.params.reviewId, request.body),
  }));

  route(app, listFreelancerHires, auth, async (request) => ({
    status: 'success' as const,
    hires: await service.listFreelancerHires(me(request)),
  }));

  route(app, reviewCompany, auth, async (request) => {
    const hire = await service.reviewCompany(me(request), request.params.hireId, request.body);
    deps.outbox.kick();
    return { status: 'success' as const, responseMessage: MSG.created, hire };
  });

  route(app, listMyReviews, auth, async (request) => ({ status: 'success' as const, ...(await service.listMine(me(request))) }));

  route(app, replyToReview, auth, async (request) => ({
    status: 'success' as const,
    responseMessage: MSG.replied,
    review: await service.reply(me(request), request.params.reviewId, request.body.reply),
  }));

  route(app, listOperatorReviews, auth, async () => ({ status: 'success' as const, reviews: await service.listForOperators() }));

  route(app, hideReview, auth, async (request) => {
    const { id, email } = currentUser(request);
    const review = await service.hide({ id, email }, request.params.reviewId, request.body.reason);
    deps.outbox.kick();
    return { status: 'success' as const, responseMessage: MSG.hidden, review };
  });

  route(app, restoreReview, auth, async (request) => {
    const { id, email } = currentUser(request);
    const review = await service.restore({ id, email }, request.params.reviewId, request.body.reason);
    deps.outbox.kick();
    return { status: 'success' as const, responseMessage: MSG.restored, review };
  });
}
