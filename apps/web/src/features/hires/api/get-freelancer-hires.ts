import { listFreelancerHires } from '@talentloop/contract/api/reviews';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { hireKeys } from './keys.ts';

// The freelancer's hires, each with their review of the company (issue 32).

export const getFreelancerHires = (signal?: AbortSignal) => call(listFreelancerHires, undefined, { signal });

export const freelancerHiresQueryOptions = () =>
  queryOptions({ queryKey: hireKeys.freelancerHires, queryFn: ({ signal }) => getFreelancerHires(signal) });

export const useFreelancerHires = () => useQuery(freelancerHiresQueryOptions());
