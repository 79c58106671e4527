import { listConversations as endpoint } from '@talentloop/contract/api/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { messageKeys } from './keys.ts';

// The caller's conversations, the most recent first, each with its unread count (issue 36).

export const listConversations = (signal?: AbortSignal) => call(endpoint, undefined, { signal });

export const conversationsQueryOptions = () =>
  queryOptions({ queryKey: messageKeys.list, queryFn: ({ signal }) => listConversations(signal) });

export const useConversations = () => useQuery(conversationsQueryOptions());
