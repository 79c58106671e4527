import { getTalentProfile as endpoint } from '@talentloop/contract/api/talent-search';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { retryOnlyNetwork, talentKeys } from './keys.ts';

// One freelancer's profile as a company sees it (issue 20).

export const getTalentProfile = (slug: string, signal?: AbortSignal) => call(endpoint, undefined, { params: { slug }, signal });

export const talentProfileQueryOptions = (slug: string) =>
  queryOptions({ queryKey: talentKeys.profile(slug), queryFn: ({ signal }) => getTalentProfile(slug, signal), retry: retryOnlyNetwork });

export const useTalentProfile = (slug: string) => useQuery(talentProfileQueryOptions(slug));
