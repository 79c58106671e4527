import { getCompanyHome } from '@talentloop/contract/api/company';
import { getTalentProfile, searchTalent } from '@talentloop/contract/api/talent-search';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../../lib/api-client.ts';
import { apiQuery, type TalentFilters } from '../search-params.ts';

// The company's talent search calls (issue 20). Pages of a search are keyset pages: 'Show more'
// asks for the page after the last one's nextCursor, so results never shift under the reader.

export const talentKeys = {
  search: (query: ReturnType<typeof apiQuery>) => ['talent-search', 'search', query] as const,
  profile: (slug: string) => ['talent-search', 'profile', slug] as const,
};

/** A refusal (bad input, not found, no access) is an answer: only a failure to connect is tried again. */
const retryOnlyNetwork = (count: number, err: unknown) => !(err instanceof ApiError && err.status > 0 && err.status < 500) && count < 1;

export function useTalentSearch(filters: TalentFilters, enabled: boolean) {
  const query = apiQuery(filters);
  return useInfiniteQuery({
    queryKey: talentKeys.search(query),
    queryFn: ({ pageParam, signal }) => call(searchTalent, undefined, { query: { ...query, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
    staleTime: 30_000,
    retry: retryOnlyNetwork,
  });
}

export const useTalentProfile = (slug: string) =>
  useQuery({
    queryKey: talentKeys.profile(slug),
    queryFn: ({ signal }) => call(getTalentProfile, undefined, { params: { slug }, signal }),
    retry: retryOnlyNetwork,
  });

/**
 * Whether the company is verified (may shortlist): the company home's answer, under the same key
 * the company pages keep it (['company', 'home']), so the cache is shared.
 */
export function useCompanyVerified(): boolean | undefined {
  const home = useQuery({ queryKey: ['company', 'home'], queryFn: ({ signal }) => call(getCompanyHome, undefined, { signal }) });
  return home.data ? home.data.verificationStatus === 'verified' : undefined;
}
