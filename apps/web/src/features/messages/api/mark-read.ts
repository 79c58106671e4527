import { markConversationRead as endpoint } from '@talentloop/contract/api/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { applyUnread } from './keys.ts';

// The open conversation is read up to its newest message; the counts the server answers move the
// menus, the cards and the title at once (issue 36).

export const markRead = ({ conversationId, upTo }: { conversationId: string; upTo: string }) =>
  call(endpoint, { upTo }, { params: { conversationId } });

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markRead, onSuccess: (res) => applyUnread(queryClient, res.unread) });
}
