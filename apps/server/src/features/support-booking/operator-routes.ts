import {
  SUPPORT_CONSOLE_MESSAGES as MSG,
  cancelSupportCallAsOperator,
  listSupportCalls,
  markSupportCallOutcome,
} from '@talentloop/contract/api/support-booking';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { currentUser } from '../../http/guards.ts';
import { route } from '../../http/route.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import type { OutboxWorker } from '../../infra/mail/outbox.ts';
import { createSupportCallConsoleService } from './operator-service.ts';

// The operators' support calls (operator console, issue 21). ['operator'] only (the contract).

export async function supportCallOperatorRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; config: Config; outbox: Pick<OutboxWorker, 'kick'> },
) {
  const service = createSupportCallConsoleService(deps);
  const actorOf = (request: Parameters<typeof currentUser>[0]) => {
    const { id, email } = currentUser(request);
    return { id, email };
  };

  route(app, listSupportCalls, {}, async (request) => ({
    status: 'success' as const,
    timeZone: service.timeZone,
    ...(await service.list(request.query)),
  }));

  route(app, cancelSupportCallAsOperator, {}, async (request) => {
    const call = await service.cancel(actorOf(request), request.params.bookingId, request.body.message);
    return { status: 'success' as const, responseMessage: MSG.cancelled, call };
  });

  route(app, markSupportCallOutcome, {}, async (request) => {
    const call = await service.markOutcome(actorOf(request), request.params.bookingId, request.body.outcome);
    return { status: 'success' as const, responseMessage: call.outcome === 'held' ? MSG.markedHeld : MSG.markedMissed, call };
  });
}
