import { API_PREFIX, fillPath } from '@talentloop/contract/api/define';
import {
  CLOSED_LABELS,
  type Conversation,
  MESSAGE_EDIT_MS,
  type Message,
  type MessageKind,
  type MessageSide,
  type SystemEvent,
  conversationClosedBecause,
  getMessageFile,
  missedMailQuote,
} from '@talentloop/contract/api/messages';
import type { ConversationState, MessageWithMeta } from './queries.ts';

// How a conversation and its messages look to one side (issue 36). A deleted or hidden message
// keeps its place and mark, with no text and no file.

const iso = (v: string | Date | null | undefined): string | null => (v === null || v === undefined ? null : new Date(v).toISOString());

const EXTENSIONS: Record<string, string> = {
  'image/webp': 'webp',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

/** A file's name made by the server (never the sender's): its kind and the day it was sent. */
export function messageFileName(mime: string, createdAt: Date): string {
  const ext = EXTENSIONS[mime] ?? 'bin';
  const kind = mime.startsWith('image/') ? 'picture' : 'document';
  return `${kind}-${createdAt.toISOString().slice(0, 10)}.${ext}`;
}

export function messageView(m: MessageWithMeta, side: MessageSide | null, now: Date): Message {
  const removed = m.deletedAt !== null || m.hiddenAt !== null;
  const mine = side !== null && m.side === side;
  const editableUntil = new Date(m.createdAt.getTime() + MESSAGE_EDIT_MS);
  return {
    id: m.id,
    conversationId: m.conversationId,
    kind: m.kind as MessageKind,
    side: (m.side as MessageSide | null) ?? null,
    mine,
    text: removed ? '' : m.text,
    file:
      !removed && m.fileId && m.fileMime
        ? {
            id: m.fileId,
            name: messageFileName(m.fileMime, m.createdAt),
            mime: m.fileMime,
            size: m.fileSize ?? 0,
            url: API_PREFIX + fillPath(getMessageFile.path, { conversationId: m.conversationId, fileId: m.fileId }),
          }
        : null,
    systemEvent: (m.systemEvent as SystemEvent | null) ?? null,
    contactNote: !removed && m.contactDetails,
    createdAt: m.createdAt.toISOString(),
    editedAt: iso(m.editedAt),
    deletedAt: iso(m.deletedAt),
    hidden: m.hiddenAt !== null,
    editableUntil: mine && m.kind !== 'system' && !removed && editableUntil > now ? editableUntil.toISOString() : null,
    reportedByMe: side !== null && m.reportedSides.includes(side),
  };
}

/** Whether the conversation takes messages now, and why not. */
export function closedOf(s: ConversationState, now: Date) {
  return conversationClosedBecause(
    { stage: s.stage, liveEngagement: s.live_engagement === true, lastEndedAt: s.last_ended_at ? new Date(s.last_ended_at) : null },
    now,
  );
}

export function conversationView(s: ConversationState, now: Date): Conversation {
  const closedBecause = closedOf(s, now);
  const removed = s.last_removed === true;
  return {
    id: s.id,
    candidateId: s.candidate_id,
    side: s.side,
    counterpart:
      s.side === 'company'
        ? { name: `${s.first_name} ${s.last_name}`.trim(), slug: s.slug, detail: s.occupation }
        : { name: s.company_name, slug: null, detail: s.role },
    role: s.role ?? '',
    engaged: s.engaged === true,
    closedBecause,
    closedReason: closedBecause === 'not_selected' ? s.reason : null,
    unread: Number(s.unread),
    lastMessage:
      s.last_at && s.last_kind
        ? {
            text: removed ? '' : missedMailQuote(s.last_text ?? ''),
            at: new Date(s.last_at).toISOString(),
            mine: s.last_side === s.side,
            kind: s.last_kind as MessageKind,
          }
        : null,
    seenUpTo: s.seen_up_to,
    createdAt: new Date(s.created_at).toISOString(),
    updatedAt: new Date(s.last_message_at).toISOString(),
  };
}

export const closedMessage = (s: ConversationState, now: Date): string | null => {
  const why = closedOf(s, now);
  if (!why) return null;
  return why === 'not_selected' && s.reason ? `${CLOSED_LABELS[why]} Their reason: ${s.reason}` : CLOSED_LABELS[why];
};
