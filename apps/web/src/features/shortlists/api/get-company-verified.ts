import { getCompanyHome } from '@talentloop/contract/api/company';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

// Whether the company is verified (only a verified one makes lists and shortlists). The company home
// answers it; the same query key as the company feature's, so both share one cached answer.

export const getCompanyVerification = (signal?: AbortSignal) => call(getCompanyHome, undefined, { signal });

export const companyVerifiedQueryOptions = () =>
  queryOptions({ queryKey: ['company', 'home'], queryFn: ({ signal }) => getCompanyVerification(signal) });

export const useCompanyVerified = () => useQuery(companyVerifiedQueryOptions());
