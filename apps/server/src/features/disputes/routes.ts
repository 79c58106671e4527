import {
  answerDispute,
  decideDispute,
  downloadDisputeFile,
  downloadDisputeFileForOperator,
  getDispute,
  getMyDispute,
  listDisputes,
  listMyDisputes,
  openDispute,
  uploadDisputeFile,
} from '@talentloop/contract/api/disputes';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { currentUser } from '../../http/guards.ts';
import { route } from '../../http/route.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import { KIND_MIME } from '../../infra/file-kind.ts';
import type { FileStorage } from '../../infra/storage.ts';
import { type UploadedFile, readUpload } from '../../http/multipart.ts';
import * as disputes from './service.ts';

// Disputes (issue 35): the parties open, read and answer theirs (['freelancer', 'client'] in the
// contract, each dispute checked against the caller in service.ts); operators list and decide
// (['operator']), each decision audited in its own transaction.

const ATTACHMENT_CSP = "default-src 'none'; sandbox";

export async function disputeRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock; publicUrl: string; storage: FileStorage }) {
  const { db, clock, storage } = deps;
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

  route(app, uploadDisputeFile, {}, async (request) => {
    const { files } = await readUpload(request, uploadDisputeFile);
    const file = files.file[0] as UploadedFile;
    const dispute = await disputes.attachFile(
      { ...svc, storage },
      currentUser(request),
      request.params.disputeId,
      { mime: KIND_MIME[file.kind], data: file.data },
      clock.now(),
    );
    return { status: 'success' as const, dispute };
  });

  const send = (reply: FastifyReply, found: Awaited<ReturnType<typeof disputes.disputeFile>>) =>
    reply
      .header('Content-Type', found.file.mime)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', `attachment; filename="${found.name}"`)
      .header('Cache-Control', 'private, no-store')
      .header('Content-Security-Policy', ATTACHMENT_CSP)
      .send(found.file.data);

  route(app, downloadDisputeFile, {}, async (request, reply) =>
    send(reply, await disputes.disputeFile(db, storage, currentUser(request), request.params.disputeId, request.params.fileId)),
  );

  route(app, downloadDisputeFileForOperator, {}, async (request, reply) =>
    send(reply, await disputes.disputeFile(db, storage, 'operator', request.params.disputeId, request.params.fileId)),
  );
}
