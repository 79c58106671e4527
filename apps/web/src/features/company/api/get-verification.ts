import { getCompanyVerification } from '@talentloop/contract/api/company-verification';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { companyKeys } from './keys.ts';

// The company's verification state (issue 11).

export const getVerification = (signal?: AbortSignal) => call(getCompanyVerification, undefined, { signal });

export const verificationQueryOptions = () =>
  queryOptions({ queryKey: companyKeys.verification, queryFn: ({ signal }) => getVerification(signal) });

export const useCompanyVerification = () => useQuery(verificationQueryOptions());
