import { getTalentInsights as endpoint } from '@talentloop/contract/api/talent-search';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { companyKeys } from './keys.ts';

// The company home's panels from real data (issue 20): top performance, hiring time, trends.

export const getTalentInsights = (signal?: AbortSignal) => call(endpoint, undefined, { signal });

export const talentInsightsQueryOptions = () =>
  queryOptions({ queryKey: companyKeys.talentInsights, queryFn: ({ signal }) => getTalentInsights(signal), staleTime: 5 * 60_000 });

export const useTalentInsights = () => useQuery(talentInsightsQueryOptions());
