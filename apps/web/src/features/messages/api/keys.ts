import type { ResponseOf } from '@talentloop/contract';
import type { Conversation, Message, UnreadCounts, getConversation, listConversations } from '@talentloop/contract/api/messages';
import type { QueryClient } from '@tanstack/react-query';

// Messages (issue 36): every query key of the feature (decision 188) and the cache updates that
// the stream and the mutations share (decision 230). A message is put in by id: the same message
// from the answer to a send and from the stream (or a replay after a reconnect) is one message.

export const messageKeys = {
  all: ['messages'] as const,
  list: ['messages', 'list'] as const,
  unread: ['messages', 'unread'] as const,
  one: (conversationId: string) => ['messages', 'conversation', conversationId] as const,
  ofCandidate: (candidateId: string) => ['messages', 'of-candidate', candidateId] as const,
};

export type ConversationData = ResponseOf<typeof getConversation>;
export type ConversationsData = ResponseOf<typeof listConversations>;
export type UnreadData = { unread: UnreadCounts };

/** Messages oldest first, one per id; a message already there is replaced by the newer copy. */
export function mergeMessages(current: readonly Message[], incoming: readonly Message[]): Message[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => (a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : a.createdAt < b.createdAt ? -1 : 1));
}

/** A message (new, edited, deleted or hidden) into its loaded conversation and the list's last line. */
export function applyMessage(queryClient: QueryClient, message: Message) {
  queryClient.setQueryData<ConversationData>(messageKeys.one(message.conversationId), (old) =>
    old ? { ...old, messages: mergeMessages(old.messages, [message]) } : old,
  );
  queryClient.setQueryData<ConversationsData>(messageKeys.list, (old) => {
    if (!old) return old;
    const conversations = old.conversations.map((c) => (c.id === message.conversationId ? withLast(c, message) : c));
    conversations.sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
    return { ...old, conversations };
  });
}

function withLast(c: Conversation, m: Message): Conversation {
  const last = c.lastMessage;
  // An edit or delete of an older message does not move the conversation up.
  if (last && last.at > m.createdAt) return c;
  return {
    ...c,
    lastMessage: { text: m.deletedAt || m.hidden ? '' : m.text || m.file?.name || '', at: m.createdAt, mine: m.mine, kind: m.kind },
    updatedAt: [m.createdAt, c.updatedAt].sort().at(-1) ?? c.updatedAt,
  };
}

/** The unread counts as the server answered them, onto the counts and each card of the list. */
export function applyUnread(queryClient: QueryClient, unread: UnreadCounts) {
  queryClient.setQueryData<UnreadData>(messageKeys.unread, { unread });
  queryClient.setQueryData<ConversationsData>(messageKeys.list, (old) =>
    old ? { ...old, conversations: old.conversations.map((c) => ({ ...c, unread: unread.byConversation[c.id] ?? 0 })) } : old,
  );
}

/** The other side read up to a message: 'Seen' moves under the caller's messages. */
export function applySeen(queryClient: QueryClient, conversationId: string, upTo: string) {
  queryClient.setQueryData<ConversationData>(messageKeys.one(conversationId), (old) =>
    old ? { ...old, conversation: { ...old.conversation, seenUpTo: upTo } } : old,
  );
}

/** The id of the newest message the other side has seen among `messages` (null: none yet). */
export function seenMessageId(messages: readonly Message[], seenUpTo: string | null): string | null {
  if (!seenUpTo) return null;
  const upTo = messages.find((m) => m.id === seenUpTo);
  if (!upTo) return null;
  let seen: string | null = null;
  for (const m of messages) if (m.mine && m.createdAt <= upTo.createdAt) seen = m.id;
  return seen;
}
