import { getCompanyHome } from '@talentloop/contract/api/company';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

// Whether the company is verified (may shortlist): the company home's answer, under the same key
// the company pages keep it (['company', 'home']), so the cache is shared.

export const getCompanyVerification = (signal?: AbortSignal) => call(getCompanyHome, undefined, { signal });

export const companyVerifiedQueryOptions = () =>
  queryOptions({ queryKey: ['company', 'home'], queryFn: ({ signal }) => getCompanyVerification(signal) });

export function useCompanyVerified(): boolean | undefined {
  const home = useQuery(companyVerifiedQueryOptions());
  return home.data ? home.data.verificationStatus === 'verified' : undefined;
}
