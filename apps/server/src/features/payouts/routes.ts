import {
  PAYOUT_MESSAGES as MSG,
  confirmPayoutDetailsChange,
  createPayoutBatch,
  downloadPayoutCsv,
  downloadPayoutSepa,
  getPayoutBatch,
  getPayoutDetails,
  listMyPayouts,
  listPayouts,
  markPayoutPaid,
  markPayoutReturned,
  removePayoutLine,
  requestPayoutDetailsChange,
  sendPayoutBatch,
} from '@talentloop/contract/api/payouts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { currentUser } from '../../http/guards.ts';
import { route } from '../../http/route.ts';
import type { DbOrTx } from '../../infra/db/client.ts';
import { enqueueCappedMail } from '../../infra/mail/caps.ts';
import { payoutDetailsChangedMail } from '../../infra/mail/templates.ts';
import type { AuthDeps } from '../auth/deps.ts';
import { createCodeService, sessionRequester } from '../codes/service.ts';
import {
  batchFigures,
  findBatch,
  findPayoutDetails,
  holdDetailsChange,
  linesOfBatch,
  saveDetailsRow,
  takeDetailsChange,
} from './queries.ts';
import {
  createPayoutService,
  csvFile,
  parseHeld,
  payableNow,
  payoutsOf,
  sepaFile,
  summaryOf,
  toLineRead,
  toMasked,
  toSummary,
} from './service.ts';

// Payouts (issue 35, decisions 215-219). A freelancer's payout details change only through the
// mailed code to the account's own (proven) address, bound to the session that asked; the change is
// held until then and mailed when made. Request bodies with details are never logged (the logger
// writes no bodies). Operators: ['operator'] only (the contract).

const ATTACHMENT_CSP = "default-src 'none'; sandbox";

function actorOf(request: FastifyRequest) {
  const { id, email } = currentUser(request);
  return { id, email };
}

function sendFile(reply: FastifyReply, type: string, name: string, body: string) {
  return reply
    .header('Content-Type', type)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', `attachment; filename="${name}"`)
    .header('Cache-Control', 'private, no-store')
    .header('Content-Security-Policy', ATTACHMENT_CSP)
    .send(body);
}

export async function payoutRoutes(app: FastifyInstance, deps: AuthDeps) {
  const { db, clock, config } = deps;
  const codes = createCodeService(deps);
  const service = createPayoutService({ db });
  const requesterOf = (request: FastifyRequest, userId: string) => sessionRequester('payout_details', request.auth?.sessionId ?? userId);

  async function detailsState(tx: DbOrTx, userId: string) {
    const row = await findPayoutDetails(tx, userId);
    return { status: 'success' as const, version: row?.version ?? 0, details: row ? toMasked(row) : null };
  }

  route(app, getPayoutDetails, {}, async (request) => detailsState(db, currentUser(request).id));

  route(app, requestPayoutDetailsChange, {}, async (request) => {
    const user = currentUser(request);
    const { details, version } = request.body;
    // A change from a stale page is refused before any mail goes out.
    if (((await findPayoutDetails(db, user.id))?.version ?? 0) !== version) throw new AppError('TL_CORE_35500_E');
    await codes.issue('payout_details', {
      email: user.email,
      firstName: user.firstName,
      requester: requesterOf(request, user.id),
      ip: request.ip,
      accountId: user.id,
      now: clock.now(),
      within: (tx) => holdDetailsChange(tx, user.id, details, clock.now()),
    });
    return { status: 'success' as const, responseMessage: MSG.codeSent };
  });

  route(app, confirmPayoutDetailsChange, {}, async (request) => {
    const user = currentUser(request);
    const { otp, version } = request.body;
    const now = clock.now();
    const state = await codes.consume(
      'payout_details',
      { email: user.email, requester: requesterOf(request, user.id), ip: request.ip, accountId: user.id, code: otp, now },
      async (tx) => {
        const held = await takeDetailsChange(tx, user.id);
        if (!held) throw new AppError('TL_CORE_35501_E');
        const saved = await saveDetailsRow(tx, user.id, version, parseHeld(held.details), now);
        if (!saved) throw new AppError('TL_CORE_35500_E');
        await enqueueCappedMail(
          tx,
          'payoutDetailsChanged',
          payoutDetailsChangedMail(user.email, user.firstName, toMasked(saved).accountMasked, now),
          { account: user.id, now },
        );
        return detailsState(tx, user.id);
      },
    );
    deps.outbox.kick();
    return { ...state, responseMessage: MSG.saved };
  });

  route(app, listMyPayouts, {}, async (request) => ({
    status: 'success' as const,
    payouts: await payoutsOf(db, currentUser(request).id),
  }));

  // The operator's side.

  route(app, listPayouts, {}, async () => ({
    status: 'success' as const,
    payable: await payableNow(db),
    batches: (await batchFigures(db)).map(toSummary),
  }));

  route(app, createPayoutBatch, {}, async (request) => ({
    status: 'success' as const,
    responseMessage: MSG.batchCreated,
    batch: await service.createBatch(actorOf(request), clock.now()),
  }));

  route(app, getPayoutBatch, {}, async (request) => {
    const { batchId } = request.params;
    if (!(await findBatch(db, batchId))) throw new AppError('TL_CORE_35502_E');
    return {
      status: 'success' as const,
      batch: await summaryOf(db, batchId),
      lines: (await linesOfBatch(db, batchId)).map(toLineRead),
    };
  });

  route(app, removePayoutLine, {}, async (request) => ({
    status: 'success' as const,
    responseMessage: MSG.lineRemoved,
    batch: await service.removeLine(actorOf(request), request.params.lineId, clock.now()),
  }));

  route(app, sendPayoutBatch, {}, async (request) => ({
    status: 'success' as const,
    responseMessage: MSG.batchSent,
    batch: await service.sendBatch(actorOf(request), request.params.batchId, request.body.version, clock.now()),
  }));

  route(app, markPayoutPaid, {}, async (request) => {
    const now = clock.now();
    // The day the bank paid it: not after today (UTC).
    if (request.body.paidOn > now.toISOString().slice(0, 10)) throw new AppError('TL_CORE_00400_E', MSG.paidOnInvalid);
    return {
      status: 'success' as const,
      responseMessage: MSG.linePaid,
      line: await service.settleLine(actorOf(request), request.params.lineId, { paidOn: request.body.paidOn }, now),
    };
  });

  route(app, markPayoutReturned, {}, async (request) => ({
    status: 'success' as const,
    responseMessage: MSG.lineReturned,
    line: await service.settleLine(actorOf(request), request.params.lineId, { reason: request.body.reason }, clock.now()),
  }));

  route(app, downloadPayoutSepa, {}, async (request, reply) => {
    const { batchId } = request.params;
    const xml = await sepaFile(db, batchId, config.bank, clock.now());
    return sendFile(reply, 'application/xml; charset=utf-8', `payouts-${batchId.slice(0, 8)}-sepa.xml`, xml);
  });

  route(app, downloadPayoutCsv, {}, async (request, reply) => {
    const { batchId } = request.params;
    return sendFile(reply, 'text/csv; charset=utf-8', `payouts-${batchId.slice(0, 8)}.csv`, await csvFile(db, batchId));
  });
}
