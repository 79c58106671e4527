import { getPublicProfile } from '@talentloop/contract/api/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, call, tokenState } from '../../../lib/api-client.ts';

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

export const usePublicProfile = (slug: string) => useQuery(publicProfileQuery(slug));
