import { MESSAGE_PAGE_MAX, getConversation as endpoint } from '@talentloop/contract/api/messages';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { type ConversationData, mergeMessages, messageKeys } from './keys.ts';

// One conversation and its newest page of messages (issue 36); 'Show older' pages back by keyset
// (`before` the oldest loaded) into the same cached list. A conversation that is not the caller's
// answers 404 (not retried).

export const getConversation = (conversationId: string, before?: string, signal?: AbortSignal) =>
  call(endpoint, undefined, { params: { conversationId }, query: { before, limit: MESSAGE_PAGE_MAX }, signal });

export const conversationQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: messageKeys.one(conversationId),
    queryFn: ({ signal }) => getConversation(conversationId, undefined, signal),
    retry: false,
  });

export const useConversation = (conversationId: string) => useQuery(conversationQueryOptions(conversationId));

export function useLoadOlder(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (before: string) => getConversation(conversationId, before),
    onSuccess: (page) =>
      queryClient.setQueryData<ConversationData>(messageKeys.one(conversationId), (old) =>
        old ? { ...old, messages: mergeMessages(old.messages, page.messages), hasOlder: page.hasOlder } : old,
      ),
  });
}
