import {
  MESSAGE_MESSAGES as MSG,
  deleteMessage,
  editMessage,
  findConversationOfCandidate,
  getContactDetailCounts,
  getConversation,
  getMessageFile,
  getReportedThread,
  getUnreadCounts,
  hideMessage,
  listConversations,
  listReportedMessages,
  markConversationRead,
  openConversation,
  reportMessage,
  sendMessage,
  sendMessageFile,
  streamConversations,
} from '@talentloop/contract/api/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { currentUser } from '../../http/guards.ts';
import { type UploadedFile, readUpload } from '../../http/multipart.ts';
import { route } from '../../http/route.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Database } from '../../infra/db/client.ts';
import { PORTFOLIO_PRESET, imageHeader, reencodeImage } from '../../infra/images.ts';
import type { FileStorage } from '../../infra/storage.ts';
import { createMessageHub } from './hub.ts';
import { createMessagesService } from './service.ts';
import { createStreams } from './stream.ts';

// Messages (issue 36): companies (clients) open a conversation with a candidate; both sides list,
// read, send, edit, delete, report and follow the stream; operators read reported threads and hide
// messages. Roles are the contract's `access`; the conversation is checked against the caller in
// the service (anyone else's, or not a UUID: 404).

const DOCUMENT_MIME: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** A picture is re-encoded (as a portfolio image: WebP, metadata dropped); a document kept as its sniffed type. */
async function acceptMessageFile(file: UploadedFile): Promise<{ data: Buffer; mime: string }> {
  const document = DOCUMENT_MIME[file.kind];
  if (document) return { data: file.data, mime: document };
  if (!(await imageHeader(file.data))) throw new AppError('TL_CORE_36015_E');
  const picture = await reencodeImage(file.data, PORTFOLIO_PRESET);
  if (!picture) throw new AppError('TL_CORE_36015_E');
  return picture;
}

export async function messageRoutes(
  app: FastifyInstance,
  deps: { database: Database; clock: Clock; storage: FileStorage; streamPingMs?: number; hubPollMs?: number },
) {
  const { db } = deps.database;
  const hub = createMessageHub({ database: deps.database, log: app.log, pollMs: deps.hubPollMs });
  await hub.start();
  const service = createMessagesService({ db, clock: deps.clock, hub, notify: deps.database.kind === 'postgres', storage: deps.storage });
  const streams = createStreams({ db, clock: deps.clock, hub, pingMs: deps.streamPingMs });
  app.addHook('preClose', async () => {
    streams.closeAll();
  });
  app.addHook('onClose', async () => {
    await hub.close();
  });
  const me = (request: FastifyRequest) => currentUser(request).id;
  const operator = (request: FastifyRequest) => {
    const user = currentUser(request);
    return { id: user.id, email: user.email };
  };

  route(app, openConversation, {}, async (request) => {
    const { conversation } = await service.open(me(request), request.body.candidateId);
    return { status: 'success' as const, responseMessage: MSG.opened, conversation };
  });
  route(app, listConversations, {}, async (request) => ({ status: 'success' as const, conversations: await service.list(me(request)) }));
  route(app, getUnreadCounts, {}, async (request) => ({ status: 'success' as const, unread: await service.unread(me(request)) }));
  route(app, findConversationOfCandidate, {}, async (request) => ({
    status: 'success' as const,
    conversation: await service.ofCandidate(me(request), request.query.candidateId),
  }));
  route(app, streamConversations, {}, async (request, reply) => {
    await streams.serve(request, reply, request.query.after);
    return undefined as never;
  });
  route(app, getConversation, {}, async (request) => ({
    status: 'success' as const,
    ...(await service.get(me(request), request.params.conversationId, request.query)),
  }));
  route(app, markConversationRead, {}, async (request) => ({
    status: 'success' as const,
    unread: await service.markRead(me(request), request.params.conversationId, request.body.upTo),
  }));
  route(app, sendMessage, {}, async (request) => ({
    status: 'success' as const,
    message: await service.send(me(request), request.params.conversationId, { text: request.body.text }),
  }));
  route(app, sendMessageFile, {}, async (request) => {
    const { fields, files } = await readUpload(request, sendMessageFile);
    const accepted = await acceptMessageFile(files.file[0] as UploadedFile);
    const blob = await deps.storage.stage(accepted.data);
    return {
      status: 'success' as const,
      message: await service.send(me(request), request.params.conversationId, {
        text: fields.text ?? '',
        file: { blob, mime: accepted.mime },
      }),
    };
  });
  route(app, getMessageFile, {}, async (request, reply) => {
    const fileId = await service.fileOf(me(request), request.params.conversationId, request.params.fileId);
    const file = await deps.storage.get(fileId);
    if (!file) throw new AppError('TL_CORE_36017_E');
    return reply
      .header('Content-Type', file.mime)
      .header('Content-Disposition', `attachment; filename="${fileId}"`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(file.data);
  });
  route(app, editMessage, {}, async (request) => ({
    status: 'success' as const,
    responseMessage: MSG.edited,
    message: await service.edit(me(request), request.params.conversationId, request.params.messageId, request.body.text),
  }));
  route(app, deleteMessage, {}, async (request) => ({
    status: 'success' as const,
    responseMessage: MSG.deleted,
    message: await service.remove(me(request), request.params.conversationId, request.params.messageId),
  }));
  route(app, reportMessage, {}, async (request) => ({
    status: 'success' as const,
    responseMessage: MSG.reported,
    message: await service.report(me(request), request.params.conversationId, request.params.messageId, request.body.reason),
  }));

  // ---- operators
  route(app, listReportedMessages, {}, async (request) => ({
    status: 'success' as const,
    reports: await service.reports(operator(request)),
  }));
  route(app, getReportedThread, {}, async (request) => ({
    status: 'success' as const,
    ...(await service.reportedThread(operator(request), request.params.conversationId)),
  }));
  route(app, hideMessage, {}, async (request) => {
    await service.hide(operator(request), request.params.conversationId, request.params.messageId, request.body.reason);
    return { status: 'success' as const, responseMessage: MSG.hidden };
  });
  route(app, getContactDetailCounts, {}, async () => {
    const counts = await service.contactCounts();
    return { status: 'success' as const, last7Days: counts.last7, last30Days: counts.last30, total: counts.total };
  });
}
