import {
  MESSAGE_EDIT_MS,
  MESSAGE_PAGE_MAX,
  MESSAGES_PER_MINUTE_MAX,
  type Message,
  type MessageSide,
  type UnreadCounts,
} from '@talentloop/contract/api/messages';
import { hasContactDetails } from '@talentloop/contract/rules/contact-details';
import { isUuid } from '@talentloop/contract/validation/ids';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import { hitCounter } from '../../infra/counters.ts';
import type { FileStorage, StagedBlob } from '../../infra/storage.ts';
import type { Db, DbOrTx } from '../../infra/db/client.ts';
import { type AuditActor, recordAudit } from '../audit/audit.ts';
import { MESSAGES_CHANNEL, type MessageHub } from './hub.ts';
import {
  type ConversationState,
  companyCandidate,
  companyOfOwner,
  contactDetailCounts,
  conversationOf,
  findConversationOfCandidate,
  findMessage,
  insertConversation,
  insertEvent,
  insertMessage,
  insertReport,
  isSuspended,
  lockEvents,
  markRead,
  messageWithFile,
  notifyEvent,
  participantsOf,
  readConversationStates,
  readMessagePage,
  readMessagesByIds,
  readReports,
  readWholeConversation,
  reportedConversation,
  unreadCounts,
  updateMessage,
} from './queries.ts';
import { closedMessage, conversationView, messageView } from './views.ts';

// Messages (issue 36). Every id is checked against the caller: a conversation of which the caller
// is neither the freelancer nor the company's owner is 404, as is a message or file of another
// conversation. Every write appends its stream event in the same transaction, under the events'
// lock (queries.ts lockEvents), tells other instances (PostgreSQL NOTIFY, delivered at commit) and,
// after the commit, wakes this instance's streams of both sides.

/** The `files.kind` of a file sent in a message. */
export const MESSAGE_FILE_KIND = 'message_file';

export type MessagesDeps = { db: Db; clock: Clock; hub: MessageHub; notify: boolean; storage?: FileStorage | undefined };

/** The one conversation state of the caller, or 404. */
async function stateOf(db: DbOrTx, userId: string, conversationId: string): Promise<ConversationState> {
  const [state] = await readConversationStates(db, userId, { conversationId });
  if (!state) throw new AppError('TL_CORE_36000_E');
  return state;
}

export function createMessagesService({ db, clock, hub, notify, storage }: MessagesDeps) {
  /** Appends an event in `tx` (the events' lock held) and tells other instances at commit. */
  // `tell: false` when another event follows in the same transaction: that one's notification
  // covers both (a wake carries no data; the woken stream reads every event after its last).
  const event = async (tx: DbOrTx, values: Parameters<typeof insertEvent>[1], participants: string[], tell = true) => {
    const id = await insertEvent(tx, values);
    if (notify && tell) await notifyEvent(tx, MESSAGES_CHANNEL, JSON.stringify({ e: id, u: participants }));
    return id;
  };

  const unread = async (userId: string): Promise<UnreadCounts> => {
    const rows = await unreadCounts(db, userId);
    return { total: rows.reduce((n, r) => n + r.unread, 0), byConversation: Object.fromEntries(rows.map((r) => [r.id, r.unread])) };
  };

  const viewOf = async (userId: string, conversationId: string) => conversationView(await stateOf(db, userId, conversationId), clock.now());

  async function oneMessage(tx: DbOrTx, id: string, side: MessageSide): Promise<Message> {
    const [m] = await readMessagesByIds(tx, [id]);
    if (!m) throw new AppError('TL_CORE_36001_E');
    return messageView(m, side, clock.now());
  }

  /** A new message (text or file) from the caller's side. */
  async function send(userId: string, conversationId: string, input: { text: string; file?: { blob: StagedBlob; mime: string } | null }) {
    const now = clock.now();
    const result = await db.transaction(async (tx) => {
      const conversation = await conversationOf(tx, userId, conversationId, true);
      if (!conversation) throw new AppError('TL_CORE_36000_E');
      if (await isSuspended(tx, userId)) throw new AppError('TL_CORE_36011_E');
      const state = await stateOf(tx, userId, conversationId);
      const closed = closedMessage(state, now);
      if (closed) throw new AppError('TL_CORE_36004_E', closed);
      if ((await hitCounter(tx, `messages:send:${userId}`, 60_000, now)) > MESSAGES_PER_MINUTE_MAX) {
        throw new AppError('TL_CORE_36009_E');
      }
      // The two sides, from the state already read (no second statement).
      const participants = [state.freelancer_id, state.owner_user_id];
      let fileId: string | null = null;
      if (input.file) {
        if (!storage) throw new Error('messages: no file storage');
        fileId = await storage.put(tx, { ownerId: userId, kind: MESSAGE_FILE_KIND, mime: input.file.mime, blob: input.file.blob, now });
      }
      await lockEvents(tx);
      const row = await insertMessage(tx, {
        conversationId,
        side: conversation.side,
        authorId: userId,
        kind: input.file ? 'file' : 'text',
        text: input.text,
        fileId,
        contactDetails: state.engaged !== true && hasContactDetails(input.text),
        createdAt: now,
      });
      // Writing is reading: the sender has seen everything before its own message. One notification
      // for the message and the read (the last event's), one round trip fewer and one wake per stream.
      const moved = await markRead(tx, conversationId, conversation.side, row.seq);
      let eventId = await event(tx, { conversationId, kind: 'message', messageId: row.id, now }, participants, !moved);
      if (moved) {
        eventId = await event(tx, { conversationId, kind: 'read', messageId: row.id, side: conversation.side, now }, participants);
      }
      // A new text message is answered from the inserted row (nothing else can have touched it: no
      // report, no file); a file's answer reads the file's type and size with it.
      const message = fileId
        ? await oneMessage(tx, row.id, conversation.side)
        : messageView({ ...row, fileMime: null, fileSize: null, reportedSides: [] }, conversation.side, now);
      return { message, participants, eventId };
    });
    hub.wake(result.participants, result.eventId);
    return result.message;
  }

  /** Edit or delete one's own message: the checks both share, then the change and its event. */
  async function change(userId: string, conversationId: string, messageId: string, apply: 'edit' | 'delete', text?: string) {
    const now = clock.now();
    const result = await db.transaction(async (tx) => {
      const conversation = await conversationOf(tx, userId, conversationId, true);
      if (!conversation) throw new AppError('TL_CORE_36000_E');
      const message = await findMessage(tx, conversationId, messageId, true);
      if (!message) throw new AppError('TL_CORE_36001_E');
      if (message.side !== conversation.side || message.kind === 'system') throw new AppError('TL_CORE_36007_E');
      if (message.deletedAt || message.hiddenAt) throw new AppError('TL_CORE_36008_E');
      if (apply === 'edit') {
        if (await isSuspended(tx, userId)) throw new AppError('TL_CORE_36011_E');
        if (now.getTime() - message.createdAt.getTime() > MESSAGE_EDIT_MS) throw new AppError('TL_CORE_36006_E');
      }
      const state = await stateOf(tx, userId, conversationId);
      const participants = [state.freelancer_id, state.owner_user_id];
      await lockEvents(tx);
      await updateMessage(
        tx,
        messageId,
        apply === 'edit'
          ? { text: text ?? '', editedAt: now, contactDetails: state.engaged !== true && hasContactDetails(text ?? '') }
          : { deletedAt: now },
      );
      const eventId = await event(tx, { conversationId, kind: 'message_changed', messageId, now }, participants);
      return { message: await oneMessage(tx, messageId, conversation.side), participants, eventId };
    });
    hub.wake(result.participants, result.eventId);
    return result.message;
  }

  return {
    unread,

    async open(userId: string, candidateId: string) {
      const now = clock.now();
      const company = await companyOfOwner(db, userId);
      if (!company?.verified) throw new AppError('TL_CORE_13010_E');
      const candidate = await companyCandidate(db, company.id, candidateId);
      if (!candidate) throw new AppError('TL_CORE_36003_E');
      const existing = await findConversationOfCandidate(db, candidateId);
      if (existing) return { conversation: await viewOf(userId, existing.id), created: false };
      if (await isSuspended(db, userId)) throw new AppError('TL_CORE_36011_E');
      if (candidate.stage === 'not_selected') throw new AppError('TL_CORE_36004_E');
      const result = await db.transaction(async (tx) => {
        const row = await insertConversation(tx, { candidateId, companyId: company.id, freelancerId: candidate.freelancerId, now });
        // Two opens at once: the second finds the first's conversation.
        if (!row) return null;
        const participants = [candidate.freelancerId, userId];
        await lockEvents(tx);
        await insertMessage(tx, {
          conversationId: row.id,
          side: null,
          kind: 'system',
          systemEvent: 'conversation_opened',
          text: '',
          createdAt: now,
        });
        const eventId = await event(tx, { conversationId: row.id, kind: 'conversation', now }, participants);
        return { id: row.id, participants, eventId };
      });
      if (!result) {
        const again = await findConversationOfCandidate(db, candidateId);
        if (!again) throw new AppError('TL_CORE_36003_E');
        return { conversation: await viewOf(userId, again.id), created: false };
      }
      hub.wake(result.participants, result.eventId);
      return { conversation: await viewOf(userId, result.id), created: true };
    },

    async list(userId: string) {
      const now = clock.now();
      return (await readConversationStates(db, userId)).map((s) => conversationView(s, now));
    },

    async ofCandidate(userId: string, candidateId: string) {
      if (!isUuid(candidateId)) return null;
      const [state] = await readConversationStates(db, userId, { candidateId: candidateId.toLowerCase() });
      return state ? conversationView(state, clock.now()) : null;
    },

    async get(userId: string, conversationId: string, query: { before?: string | undefined; limit?: number | undefined }) {
      const state = await stateOf(db, userId, conversationId);
      const limit = query.limit ?? MESSAGE_PAGE_MAX;
      let beforeSeq: number | null = null;
      if (query.before !== undefined) {
        const before = isUuid(query.before) ? await findMessage(db, conversationId, query.before.toLowerCase()) : null;
        if (!before) throw new AppError('TL_CORE_36001_E');
        beforeSeq = before.seq;
      }
      const rows = await readMessagePage(db, conversationId, beforeSeq, limit + 1);
      const now = clock.now();
      return {
        conversation: conversationView(state, now),
        messages: rows
          .slice(0, limit)
          .reverse()
          .map((m) => messageView(m, state.side, now)),
        hasOlder: rows.length > limit,
      };
    },

    async markRead(userId: string, conversationId: string, upTo: string) {
      const now = clock.now();
      const woke = await db.transaction(async (tx) => {
        const conversation = await conversationOf(tx, userId, conversationId);
        if (!conversation) throw new AppError('TL_CORE_36000_E');
        const message = await findMessage(tx, conversationId, upTo);
        if (!message) throw new AppError('TL_CORE_36001_E');
        const participants = await participantsOf(tx, conversationId);
        await lockEvents(tx);
        if (!(await markRead(tx, conversationId, conversation.side, message.seq))) return null;
        const eventId = await event(
          tx,
          { conversationId, kind: 'read', messageId: message.id, side: conversation.side, now },
          participants,
        );
        return { participants, eventId };
      });
      if (woke) hub.wake(woke.participants, woke.eventId);
      return unread(userId);
    },

    send,
    edit: (userId: string, conversationId: string, messageId: string, text: string) =>
      change(userId, conversationId, messageId, 'edit', text),
    remove: (userId: string, conversationId: string, messageId: string) => change(userId, conversationId, messageId, 'delete'),

    async report(userId: string, conversationId: string, messageId: string, reason: string) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const conversation = await conversationOf(tx, userId, conversationId);
        if (!conversation) throw new AppError('TL_CORE_36000_E');
        const message = await findMessage(tx, conversationId, messageId);
        if (!message) throw new AppError('TL_CORE_36001_E');
        if (message.side === null || message.side === conversation.side) throw new AppError('TL_CORE_36013_E');
        const inserted = await insertReport(tx, { messageId, conversationId, side: conversation.side, reporterId: userId, reason, now });
        if (!inserted) throw new AppError('TL_CORE_36012_E');
        return oneMessage(tx, messageId, conversation.side);
      });
    },

    /** The file of a message of the caller's conversation (not deleted or hidden), or 404. */
    async fileOf(userId: string, conversationId: string, fileId: string): Promise<string> {
      const state = await stateOf(db, userId, conversationId);
      if (!(await messageWithFile(db, state.id, fileId))) throw new AppError('TL_CORE_36017_E');
      return fileId;
    },

    // ---- operators

    async reports(actor: AuditActor) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const rows = await readReports(tx);
        await recordAudit(
          tx,
          actor,
          { action: 'message_reports.view', targetType: 'conversation', targetId: 'queue', targetLabel: `${rows.length} reported` },
          now,
        );
        return rows.map((r) => ({
          messageId: r.message_id,
          conversationId: r.conversation_id,
          companyName: r.company_name,
          freelancerName: `${r.first_name} ${r.last_name}`.trim(),
          side: r.side,
          text: r.text,
          reports: (typeof r.reports === 'string' ? JSON.parse(r.reports) : r.reports).map(
            (x: { side: MessageSide; reason: string; at: string }) => ({
              side: x.side,
              reason: x.reason,
              at: new Date(x.at).toISOString(),
            }),
          ),
          hidden: r.hidden,
          firstReportedAt: new Date(r.first_reported_at).toISOString(),
        }));
      });
    },

    async reportedThread(actor: AuditActor, conversationId: string) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const parties = await reportedConversation(tx, conversationId);
        if (!parties) throw new AppError('TL_CORE_36000_E');
        const rows = await readWholeConversation(tx, conversationId, 200);
        await recordAudit(
          tx,
          actor,
          {
            action: 'message_reports.view',
            targetType: 'conversation',
            targetId: conversationId,
            targetLabel: `${parties.companyName} / ${parties.freelancerName}`,
          },
          now,
        );
        return {
          ...parties,
          messages: rows.map((m) => {
            const { mine: _m, editableUntil: _e, reportedByMe: _r, ...view } = messageView(m, null, now);
            // Operators read what was written, hidden or deleted.
            return { ...view, text: m.text, reported: m.reportedSides.length > 0 };
          }),
        };
      });
    },

    async hide(actor: AuditActor, conversationId: string, messageId: string, reason: string) {
      const now = clock.now();
      const result = await db.transaction(async (tx) => {
        const parties = await reportedConversation(tx, conversationId);
        if (!parties) throw new AppError('TL_CORE_36000_E');
        const message = await findMessage(tx, conversationId, messageId, true);
        if (!message || message.kind === 'system') throw new AppError('TL_CORE_36001_E');
        if (message.hiddenAt) throw new AppError('TL_CORE_36014_E');
        const participants = await participantsOf(tx, conversationId);
        await lockEvents(tx);
        await updateMessage(tx, messageId, { hiddenAt: now });
        const eventId = await event(tx, { conversationId, kind: 'message_changed', messageId, now }, participants);
        await recordAudit(
          tx,
          actor,
          {
            action: 'message.hide',
            targetType: 'message',
            targetId: messageId,
            targetLabel: `${parties.companyName} / ${parties.freelancerName}`,
            reason,
          },
          now,
        );
        return { participants, eventId };
      });
      hub.wake(result.participants, result.eventId);
    },

    contactCounts: () => contactDetailCounts(db, clock.now()),
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
