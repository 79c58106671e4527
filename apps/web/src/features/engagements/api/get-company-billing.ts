import type { ResponseOf } from '@talentloop/contract';
import { getCompanyBilling } from '@talentloop/contract/api/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { billingKeys } from './keys.ts';

export type CompanyBillingData = ResponseOf<typeof getCompanyBilling>;

export const companyBillingQuery = () =>
  queryOptions({ queryKey: billingKeys.company(), queryFn: ({ signal }) => call(getCompanyBilling, undefined, { signal }) });

export const useCompanyBilling = () => useQuery(companyBillingQuery());
