import type { Conversation, Message } from '@talentloop/contract/api/messages';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { type ConversationData, type ConversationsData, mergeMessages, messageKeys, seenMessageId } from './keys.ts';
import { applyStreamEvent } from './stream.ts';

const C = '00000000-0000-4000-8000-000000000001';
const msg = (id: string, at: string, extra: Partial<Message> = {}): Message => ({
  id,
  conversationId: C,
  kind: 'text',
  side: 'company',
  mine: true,
  text: `text ${id}`,
  file: null,
  systemEvent: null,
  contactNote: false,
  createdAt: `2026-11-28T10:${at}:00.000Z`,
  editedAt: null,
  deletedAt: null,
  hidden: false,
  editableUntil: null,
  reportedByMe: false,
  ...extra,
});
const conversation = (extra: Partial<Conversation> = {}): Conversation => ({
  id: C,
  candidateId: 'cand',
  side: 'company',
  counterpart: { name: 'Lena Vogel', slug: 'lena', detail: null },
  role: 'Design lead',
  engaged: false,
  closedBecause: null,
  closedReason: null,
  unread: 0,
  lastMessage: null,
  seenUpTo: null,
  createdAt: '2026-11-28T09:00:00.000Z',
  updatedAt: '2026-11-28T09:00:00.000Z',
  ...extra,
});

describe('the conversation in the cache', () => {
  it('keeps one copy of each message, oldest first, the newer copy winning', () => {
    const merged = mergeMessages([msg('a', '01'), msg('b', '02')], [msg('b', '02', { text: 'edited' }), msg('c', '00')]);
    expect(merged.map((m) => [m.id, m.text])).toEqual([
      ['c', 'text c'],
      ['a', 'text a'],
      ['b', 'edited'],
    ]);
  });

  it('puts Seen under the newest of the caller’s messages the other side has read', () => {
    const messages = [msg('a', '01'), msg('b', '02', { mine: false }), msg('c', '03'), msg('d', '04')];
    expect(seenMessageId(messages, 'c')).toBe('c');
    expect(seenMessageId(messages, 'b')).toBe('a');
    expect(seenMessageId(messages, null)).toBeNull();
  });

  it('shows a message the stream sends twice (a replay after a reconnect) once, and moves the list’s last line', () => {
    const qc = new QueryClient();
    qc.setQueryData<ConversationData>(messageKeys.one(C), {
      status: 'success',
      conversation: conversation(),
      messages: [msg('a', '01')],
      hasOlder: false,
    });
    qc.setQueryData<ConversationsData>(messageKeys.list, { status: 'success', conversations: [conversation()] });
    const incoming = msg('b', '05', { mine: true, text: 'See https://acme.example' });
    applyStreamEvent(qc, 'company', { kind: 'message', conversationId: C, message: incoming });
    applyStreamEvent(qc, 'company', { kind: 'message', conversationId: C, message: incoming });
    expect(qc.getQueryData<ConversationData>(messageKeys.one(C))?.messages.map((m) => m.id)).toEqual(['a', 'b']);
    expect(qc.getQueryData<ConversationsData>(messageKeys.list)?.conversations[0]?.lastMessage).toEqual({
      text: 'See https://acme.example',
      at: incoming.createdAt,
      mine: true,
      kind: 'text',
    });
  });

  it('moves Seen when the other side reads, and replaces a deleted message in place', () => {
    const qc = new QueryClient();
    qc.setQueryData<ConversationData>(messageKeys.one(C), {
      status: 'success',
      conversation: conversation(),
      messages: [msg('a', '01'), msg('b', '02')],
      hasOlder: false,
    });
    applyStreamEvent(qc, 'company', { kind: 'read', conversationId: C, side: 'freelancer', upTo: 'b' });
    applyStreamEvent(qc, 'company', {
      kind: 'message_changed',
      conversationId: C,
      message: msg('a', '01', { text: '', deletedAt: '2026-11-28T10:03:00.000Z' }),
    });
    const data = qc.getQueryData<ConversationData>(messageKeys.one(C));
    expect(data?.conversation.seenUpTo).toBe('b');
    expect(data?.messages.map((m) => [m.id, m.deletedAt !== null])).toEqual([
      ['a', true],
      ['b', false],
    ]);
  });

  it('ignores what is not one of the contract’s events', () => {
    const qc = new QueryClient();
    applyStreamEvent(qc, 'company', { kind: 'message', conversationId: C });
    applyStreamEvent(qc, 'company', '<script>');
    expect(qc.getQueryCache().getAll()).toHaveLength(0);
  });
});
