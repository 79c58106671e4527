import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicProfile } from '@talentloop/contract/api/account';
import { ApiError, tokenState } from '../../../lib/api-client.ts';
import { callLazy } from '../../../lib/lazy-endpoint.ts';
import { usePageData } from '../../../lib/page-data.ts';

/** A profile by its public slug; 'Not found' (404) is an answer, not a failure to retry. */
export const publicProfileQuery = (slug: string) =>
  queryOptions({
    queryKey: ['public-profile', slug] as const,
    // The endpoint's contract module (its schemas, the phone metadata) loads with the first call, not
    // with the page: a page the server drew starts from the profile it was drawn with (issue 37).
    queryFn: ({ signal }) =>
      callLazy(
        // A signed-in caller sends its token: a company may see profiles shown to companies only.
        () => import('@talentloop/contract/api/account').then((m) => ({ ...m.getPublicProfile, auth: tokenState.get() !== null })),
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
