import { searchTalent as endpoint } from '@talentloop/contract/api/talent-search';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { type TalentFilters, apiQuery } from '../search-params.ts';
import { retryOnlyNetwork, talentKeys } from './keys.ts';

// Pages of a search are keyset pages: 'Show more' asks for the page after the last one's
// nextCursor, so results never shift under the reader.

export const searchTalent = (query: ReturnType<typeof apiQuery>, cursor: string | undefined, signal?: AbortSignal) =>
  call(endpoint, undefined, { query: { ...query, cursor }, signal });

export const talentSearchQueryOptions = (filters: TalentFilters, enabled: boolean) => {
  const query = apiQuery(filters);
  return infiniteQueryOptions({
    queryKey: talentKeys.search(query),
    queryFn: ({ pageParam, signal }) => searchTalent(query, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
    staleTime: 30_000,
    retry: retryOnlyNetwork,
  });
};

export const useTalentSearch = (filters: TalentFilters, enabled: boolean) => useInfiniteQuery(talentSearchQueryOptions(filters, enabled));
