import { getPublicProfile } from '@talentloop/contract/api/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicProfile } from '@talentloop/contract/api/account';
import { ApiError, call, tokenState } from '../../../lib/api-client.ts';
import { usePageData } from '../../../lib/page-data.ts';

/** A profile by its public slug; 'Not found' (404) is an answer, not a failure to retry. */
export const publicProfileQuery = (slug: string) =>
  queryOptions({
    queryKey: ['public-profile', slug] as const,
    queryFn: ({ signal }) =>
      call(
        // A signed-in caller sends its token: a company may see profiles shown to companies only.
        { ...getPublicProfile, auth: tokenState.get() !== null },
        undefined,
        { params: { slug }, signal },
      ),
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 1,
  });

/** The profile the server rendered the page with (issue 37) is the first answer for its slug. */
export function usePublicProfile(slug: string) {
  const rendered = usePageData().publicProfile;
  const initial: { status: 'success'; profile: PublicProfile } | undefined =
    rendered?.slug === slug ? { status: 'success', profile: rendered } : undefined;
  return useQuery({ ...publicProfileQuery(slug), initialData: initial, staleTime: initial ? 60_000 : 0 });
}
