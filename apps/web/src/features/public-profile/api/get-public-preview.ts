import { getPublicPreview } from '@talentloop/contract/api/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** The signed-in freelancer's own profile as companies see it, with the link to share. */
export const publicPreviewQuery = () =>
  queryOptions({
    // Same key as the account feature's, so a privacy or photo change there refreshes this preview.
    queryKey: ['account', 'public-preview'] as const,
    queryFn: ({ signal }) => call(getPublicPreview, undefined, { signal }),
  });

export const usePublicPreview = () => useQuery(publicPreviewQuery());
