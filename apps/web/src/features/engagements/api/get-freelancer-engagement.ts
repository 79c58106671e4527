import { getFreelancerEngagement } from '@talentloop/contract/api/engagements';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { engagementKeys } from './keys.ts';

export const freelancerEngagementQuery = (engagementId: string) =>
  queryOptions({
    queryKey: engagementKeys.freelancerDetail(engagementId),
    queryFn: ({ signal }) => call(getFreelancerEngagement, undefined, { signal, params: { engagementId } }),
  });

export const useFreelancerEngagement = (engagementId: string) => useQuery(freelancerEngagementQuery(engagementId));
