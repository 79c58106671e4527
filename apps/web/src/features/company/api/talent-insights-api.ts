import { getTalentInsights } from '@talentloop/contract/api/talent-search';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** The company home's panels from real data (issue 20): top performance, hiring time, trends. */
export const useTalentInsights = () =>
  useQuery({
    queryKey: ['company', 'talent-insights'],
    queryFn: ({ signal }) => call(getTalentInsights, undefined, { signal }),
    staleTime: 5 * 60_000,
  });
