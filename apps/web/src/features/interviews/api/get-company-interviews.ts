import { listCompanyInterviews } from '@talentloop/contract/api/interviews';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { interviewKeys } from './keys.ts';

// The company's interviews, all or one candidate's (issue 22).

export const getCompanyInterviews = (candidateId: string | undefined, signal?: AbortSignal) =>
  call(listCompanyInterviews, undefined, { query: candidateId ? { candidateId } : {}, signal });

export const companyInterviewsQueryOptions = (candidateId?: string) =>
  queryOptions({ queryKey: interviewKeys.company(candidateId), queryFn: ({ signal }) => getCompanyInterviews(candidateId, signal) });

export const useCompanyInterviews = (candidateId?: string) => useQuery(companyInterviewsQueryOptions(candidateId));
