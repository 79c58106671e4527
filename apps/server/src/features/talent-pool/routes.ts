import {
  TALENT_POOL_MESSAGES as MSG,
  decideVetting,
  getFreelancerNotifications,
  getTalentStatus,
  listVettingQueue,
  saveFreelancerNotifications,
  sendForReview,
} from '@talentloop/contract/api/talent-pool';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { currentUser } from '../../http/guards.ts';
import { route } from '../../http/route.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import type { OutboxWorker } from '../../infra/mail/outbox.ts';
import { createTalentPoolService } from './service.ts';

// The talent pool (issue 20): the freelancer's status, Send for review and mail choices
// (freelancers), the vetting queue and decisions (operators). Roles from the contract, denied by
// default; the freelancer is always the caller, never named by the request.

export async function talentPoolRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; config: Config; outbox: Pick<OutboxWorker, 'kick'> },
) {
  const service = createTalentPoolService(deps);

  route(app, getTalentStatus, {}, async (request) => ({
    status: 'success' as const,
    talentStatus: await service.readStatus(currentUser(request).id),
  }));

  route(app, sendForReview, {}, async (request) => ({
    status: 'success' as const,
    responseMessage: MSG.sentForReview,
    talentStatus: await service.sendForReview(currentUser(request).id),
  }));

  route(app, listVettingQueue, {}, async () => ({ status: 'success' as const, queue: await service.listQueue() }));

  route(app, decideVetting, {}, async (request) => {
    const { outcome, reason } = request.body;
    const { id, email } = currentUser(request);
    const vettingStatus = await service.decide({ id, email }, request.params.freelancerId, outcome, reason);
    deps.outbox.kick();
    const message = { approve: MSG.approved, request_changes: MSG.changesRequested, decline: MSG.declined }[outcome];
    return { status: 'success' as const, responseMessage: message, vettingStatus };
  });

  route(app, getFreelancerNotifications, {}, async (request) => ({
    status: 'success' as const,
    responseMessage: 'Notification preferences',
    ...(await service.readNotifications(currentUser(request).id)),
  }));

  route(app, saveFreelancerNotifications, {}, async (request) => {
    const { mail, version } = request.body;
    const saved = await service.saveNotifications(currentUser(request).id, mail, version);
    return { status: 'success' as const, responseMessage: MSG.notificationsSaved, ...saved };
  });
}
