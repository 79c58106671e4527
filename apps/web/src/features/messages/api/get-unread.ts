import { getUnreadCounts as endpoint } from '@talentloop/contract/api/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { messageKeys } from './keys.ts';

// The caller's unread messages, in all and per conversation: the shells' menus and the page title (issue 36).

export const getUnread = (signal?: AbortSignal) => call(endpoint, undefined, { signal });

export const unreadQueryOptions = () => queryOptions({ queryKey: messageKeys.unread, queryFn: ({ signal }) => getUnread(signal) });

export const useUnread = (enabled = true) => useQuery({ ...unreadQueryOptions(), enabled });
