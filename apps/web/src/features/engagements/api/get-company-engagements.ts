import type { ResponseOf } from '@talentloop/contract';
import { listCompanyEngagements } from '@talentloop/contract/api/engagements';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { engagementKeys } from './keys.ts';

export type CompanyEngagements = ResponseOf<typeof listCompanyEngagements>;

export const companyEngagementsQuery = () =>
  queryOptions({
    queryKey: engagementKeys.companyList(),
    queryFn: ({ signal }) => call(listCompanyEngagements, undefined, { signal }),
  });

export const useCompanyEngagements = () => useQuery(companyEngagementsQuery());
