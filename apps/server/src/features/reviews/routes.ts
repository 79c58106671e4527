import {
  REVIEW_MESSAGES as MSG,
  createReview,
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
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
  deps: { db: Db; clock: Clock; config: Config; outbox: Pick<OutboxWorker, 'kick'> },
) {
  const service = createReviewService(deps);
  const me = (request: FastifyRequest) => currentUser(request).id;

  route(app, listHires, {}, async (request) => ({ status: 'success' as const, hires: await service.listHires(me(request)) }));

  route(app, createReview, {}, async (request) => {
    const hire = await service.create(me(request), request.params.hireId, request.body);
    deps.outbox.kick();
    return { status: 'success' as const, responseMessage: MSG.created, hire };
  });

  route(app, updateReview, {}, async (request) => ({
    status: 'success' as const,
    responseMessage: MSG.updated,
    hire: await service.update(me(request), request.params.reviewId, request.body),
  }));

  route(app, listFreelancerHires, {}, async (request) => ({
    status: 'success' as const,
    hires: await service.listFreelancerHires(me(request)),
  }));

  route(app, reviewCompany, {}, async (request) => {
    const hire = await service.reviewCompany(me(request), request.params.hireId, request.body);
    deps.outbox.kick();
    return { status: 'success' as const, responseMessage: MSG.created, hire };
  });

  route(app, listMyReviews, {}, async (request) => ({ status: 'success' as const, ...(await service.listMine(me(request))) }));

  route(app, replyToReview, {}, async (request) => ({
    status: 'success' as const,
    responseMessage: MSG.replied,
    review: await service.reply(me(request), request.params.reviewId, request.body.reply),
  }));

  route(app, listOperatorReviews, {}, async () => ({ status: 'success' as const, reviews: await service.listForOperators() }));

  route(app, hideReview, {}, async (request) => {
    const { id, email } = currentUser(request);
    const review = await service.hide({ id, email }, request.params.reviewId, request.body.reason);
    deps.outbox.kick();
    return { status: 'success' as const, responseMessage: MSG.hidden, review };
  });

  route(app, restoreReview, {}, async (request) => {
    const { id, email } = currentUser(request);
    const review = await service.restore({ id, email }, request.params.reviewId, request.body.reason);
    deps.outbox.kick();
    return { status: 'success' as const, responseMessage: MSG.restored, review };
  });
}
