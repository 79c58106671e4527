import { getCompanyEngagement } from '@talentloop/contract/api/engagements';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { engagementKeys } from './keys.ts';

export const companyEngagementQuery = (engagementId: string) =>
  queryOptions({
    queryKey: engagementKeys.companyDetail(engagementId),
    queryFn: ({ signal }) => call(getCompanyEngagement, undefined, { signal, params: { engagementId } }),
  });

export const useCompanyEngagement = (engagementId: string) => useQuery(companyEngagementQuery(engagementId));
