import type { ResponseOf } from '@talentloop/contract';
import { getFreelancerBilling } from '@talentloop/contract/api/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { billingKeys } from './keys.ts';

export type FreelancerBillingData = ResponseOf<typeof getFreelancerBilling>;

export const freelancerBillingQuery = () =>
  queryOptions({ queryKey: billingKeys.freelancer(), queryFn: ({ signal }) => call(getFreelancerBilling, undefined, { signal }) });

export const useFreelancerBilling = () => useQuery(freelancerBillingQuery());
