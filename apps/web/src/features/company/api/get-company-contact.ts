import { getCompanyContact as endpoint } from '@talentloop/contract/api/company';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { companyKeys } from './keys.ts';

// The company's contact details with their version and the completion (issue 11).

export const getCompanyContact = (signal?: AbortSignal) => call(endpoint, undefined, { signal });

export const companyContactQueryOptions = () =>
  queryOptions({ queryKey: companyKeys.contact, queryFn: ({ signal }) => getCompanyContact(signal), retry: false });

export const useCompanyContact = () => useQuery(companyContactQueryOptions());
