import {
  SHORTLIST_MESSAGES as MSG,
  addCandidate,
  createShortlist,
  deleteShortlist,
  getShortlist,
  listShortlists,
  removeCandidate,
  renameShortlist,
  updateCandidate,
} from '@talentloop/contract/api/shortlists';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { currentUser } from '../../http/guards.ts';
import { route } from '../../http/route.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import type { OutboxWorker } from '../../infra/mail/outbox.ts';
import { createShortlistService } from './service.ts';

// Shortlists (issue 20): clients only (the contract's access). The company is the caller's own;
// path ids are checked against it in the service (another company's, or not a UUID: 404).

export async function shortlistRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; config: Config; outbox: Pick<OutboxWorker, 'kick'> },
) {
  const service = createShortlistService(deps);
  const me = (request: FastifyRequest) => currentUser(request).id;

  route(app, listShortlists, {}, async (request) => ({ status: 'success' as const, shortlists: await service.list(me(request)) }));

  route(app, createShortlist, {}, async (request) => ({
    status: 'success' as const,
    responseMessage: MSG.created,
    shortlist: await service.create(me(request), request.body.name),
  }));

  route(app, renameShortlist, {}, async (request) => ({
    status: 'success' as const,
    responseMessage: MSG.renamed,
    shortlist: await service.rename(me(request), request.params.shortlistId, request.body.name, request.body.version),
  }));

  route(app, deleteShortlist, {}, async (request) => {
    await service.remove(me(request), request.params.shortlistId, request.body.version);
    return { status: 'success' as const, responseMessage: MSG.deleted };
  });

  route(app, getShortlist, {}, async (request) => ({
    status: 'success' as const,
    ...(await service.get(me(request), request.params.shortlistId)),
  }));

  // The moves that may queue a mail wake the outbox at once.
  route(app, addCandidate, {}, async (request) => {
    const candidate = await service.addCandidate(me(request), request.params.shortlistId, request.body.slug);
    deps.outbox.kick();
    return { status: 'success' as const, responseMessage: MSG.added, candidate };
  });

  route(app, updateCandidate, {}, async (request) => {
    const candidate = await service.updateCandidate(me(request), request.params.shortlistId, request.params.candidateId, request.body);
    deps.outbox.kick();
    return { status: 'success' as const, responseMessage: MSG.moved, candidate };
  });

  route(app, removeCandidate, {}, async (request) => {
    await service.removeCandidate(me(request), request.params.shortlistId, request.params.candidateId, request.body);
    deps.outbox.kick();
    return { status: 'success' as const, responseMessage: MSG.removed };
  });
}
