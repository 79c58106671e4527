import {
  answerDispute,
  decideDispute,
  getDispute,
  getMyDispute,
  listDisputes,
  listMyDisputes,
  openDispute,
} from '@talentloop/contract/api/disputes';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/guards.ts';
import { route } from '../../http/route.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import * as disputes from './service.ts';

// Disputes (issue 35): the parties open, read and answer theirs (['freelancer', 'client'] in the
// contract, each dispute checked against the caller in service.ts); operators list and decide
// (['operator']), each decision audited in its own transaction.

export async function disputeRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock; publicUrl: string }) {
  const { db, clock } = deps;
  const svc: disputes.Deps = { db, publicUrl: deps.publicUrl };

  route(app, listMyDisputes, {}, async (request) => ({
    status: 'success' as const,
    ...(await disputes.partyDisputes(db, currentUser(request), clock.now())),
  }));

  route(app, openDispute, {}, async (request) => {
    const dispute = await disputes.openDispute(svc, currentUser(request), request.params.invoiceId, request.body, clock.now());
    return {
      status: 'success' as const,
      responseMessage: `${dispute.invoiceNumber} is disputed: its money stays held until an operator decides.`,
      dispute,
    };
  });

  route(app, getMyDispute, {}, async (request) => ({
    status: 'success' as const,
    dispute: await disputes.partyDispute(db, currentUser(request), request.params.disputeId),
  }));

  route(app, answerDispute, {}, async (request) => {
    const dispute = await disputes.answerDispute(svc, currentUser(request), request.params.disputeId, request.body.answer, clock.now());
    return { status: 'success' as const, responseMessage: 'Your answer is sent. An operator now decides.', dispute };
  });

  route(app, listDisputes, {}, async () => ({ status: 'success' as const, disputes: await disputes.allDisputes(db) }));

  route(app, getDispute, {}, async (request) => ({
    status: 'success' as const,
    dispute: await disputes.readDispute(db, request.params.disputeId),
  }));

  route(app, decideDispute, {}, async (request) => {
    const user = currentUser(request);
    const dispute = await disputes.decideDispute(
      svc,
      { id: user.id, email: user.email },
      request.params.disputeId,
      request.body,
      clock.now(),
    );
    return { status: 'success' as const, responseMessage: 'Decided. Both sides are mailed.', dispute };
  });
}
