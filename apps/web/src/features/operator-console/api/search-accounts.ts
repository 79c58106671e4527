import type { ResponseOf } from '@talentloop/contract';
import { searchAccounts as endpoint } from '@talentloop/contract/api/operator-accounts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { consoleKeys } from './keys.ts';

// The console's account search (issue 21), newest first, a page at a time; the last answer stays on
// screen while the next search loads.

type SearchPage = ResponseOf<typeof endpoint>;

export const searchAccounts = (q: string, cursor: string | null, signal?: AbortSignal) =>
  call(endpoint, undefined, { query: { q: q || undefined, cursor: cursor ?? undefined }, signal });

export const accountSearchQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: consoleKeys.accountSearch(q),
    queryFn: ({ signal, pageParam }) => searchAccounts(q, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: SearchPage) => last.nextCursor,
    placeholderData: (previous) => previous,
  });

export const useAccountSearch = (q: string) => useInfiniteQuery(accountSearchQueryOptions(q));
