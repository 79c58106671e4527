import { listFreelancerInterviews } from '@talentloop/contract/api/interviews';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { interviewKeys } from './keys.ts';

// The freelancer's interviews (issue 22).

export const getFreelancerInterviews = (signal?: AbortSignal) => call(listFreelancerInterviews, undefined, { signal });

export const freelancerInterviewsQueryOptions = () =>
  queryOptions({ queryKey: interviewKeys.freelancer, queryFn: ({ signal }) => getFreelancerInterviews(signal) });

export const useFreelancerInterviews = () => useQuery(freelancerInterviewsQueryOptions());
