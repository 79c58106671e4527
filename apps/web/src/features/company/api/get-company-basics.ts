import { getCompanyBasics as endpoint } from '@talentloop/contract/api/company';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { companyKeys } from './keys.ts';

// The company's basics with their version and the completion (issue 11).

export const getCompanyBasics = (signal?: AbortSignal) => call(endpoint, undefined, { signal });

export const companyBasicsQueryOptions = () =>
  queryOptions({ queryKey: companyKeys.basics, queryFn: ({ signal }) => getCompanyBasics(signal), retry: false });

export const useCompanyBasics = () => useQuery(companyBasicsQueryOptions());
