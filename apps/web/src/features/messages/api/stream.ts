import { type MessageSide, StreamEvent, streamConversations } from '@talentloop/contract/api/messages';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { API_BASE, refreshSession, tokenState } from '../../../lib/api-client.ts';
import { type StreamState, openLiveStream } from '../live-stream.ts';
import { getUnread } from './get-unread.ts';
import { applyMessage, applySeen, applyUnread, messageKeys } from './keys.ts';

// The stream of every change in the caller's conversations (contract: streamConversations), read
// once per tab by the shell and put into the query cache (decision 230): a new or changed message by
// id, the other side's 'Seen', the unread counts (read again from the server, never counted here),
// and a reload of the lists for an opened or closed conversation or a 'reset'.

/** Opens the stream with the session's token, after the last event id seen (the server resends what followed). */
export function openStream(lastEventId: string | null, signal: AbortSignal): Promise<Response> {
  const token = tokenState.get();
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (lastEventId) headers['Last-Event-ID'] = lastEventId;
  return fetch(API_BASE + streamConversations.path, { headers, credentials: 'include', signal, cache: 'no-store' });
}

/** What one event of the stream changes in the cache. `side`: the caller's side. */
export function applyStreamEvent(queryClient: QueryClient, side: MessageSide, raw: unknown) {
  const parsed = StreamEvent.safeParse(raw);
  if (!parsed.success) return;
  const event = parsed.data;
  const refreshUnread = () =>
    getUnread().then(
      (res) => applyUnread(queryClient, res.unread),
      () => {},
    );
  switch (event.kind) {
    case 'message': {
      const known = queryClient.getQueryData<{ conversations: Array<{ id: string }> }>(messageKeys.list);
      applyMessage(queryClient, event.message);
      if (known && !known.conversations.some((c) => c.id === event.conversationId)) {
        void queryClient.invalidateQueries({ queryKey: messageKeys.list });
      }
      if (!event.message.mine) void refreshUnread();
      return;
    }
    case 'message_changed':
      applyMessage(queryClient, event.message);
      return;
    case 'read':
      if (event.side === side) void refreshUnread();
      else applySeen(queryClient, event.conversationId, event.upTo);
      return;
    case 'conversation':
    case 'reset':
      void queryClient.invalidateQueries({ queryKey: messageKeys.all });
      return;
    default:
      return;
  }
}

/** Keeps the tab's stream open while mounted (the shell), with the caller's side. */
export function useMessageStream(side: MessageSide | null, onState?: (state: StreamState) => void) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!side) return;
    return openLiveStream({
      open: openStream,
      renew: refreshSession,
      onEvent: (_type, data) => applyStreamEvent(queryClient, side, data),
      onState,
    });
  }, [queryClient, side, onState]);
}
