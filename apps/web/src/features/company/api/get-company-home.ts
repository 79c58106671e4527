import { getCompanyHome as endpoint } from '@talentloop/contract/api/company';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { companyKeys } from './keys.ts';

// The company home: completion, verification state, the welcome (issue 11).

export const getCompanyHome = (signal?: AbortSignal) => call(endpoint, undefined, { signal });

export const companyHomeQueryOptions = () => queryOptions({ queryKey: companyKeys.home, queryFn: ({ signal }) => getCompanyHome(signal) });

export const useCompanyHome = () => useQuery(companyHomeQueryOptions());
