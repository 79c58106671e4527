import type { ResponseOf } from '@talentloop/contract';
import { listFreelancerEngagements } from '@talentloop/contract/api/engagements';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { engagementKeys } from './keys.ts';

export type FreelancerEngagements = ResponseOf<typeof listFreelancerEngagements>;

export const freelancerEngagementsQuery = () =>
  queryOptions({
    queryKey: engagementKeys.freelancerList(),
    queryFn: ({ signal }) => call(listFreelancerEngagements, undefined, { signal }),
  });

export const useFreelancerEngagements = () => useQuery(freelancerEngagementsQuery());
