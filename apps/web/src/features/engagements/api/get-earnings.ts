import { getCompanyBalance, getFreelancerEarnings } from '@talentloop/contract/api/invoices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { engagementKeys } from './keys.ts';

/** The freelancer's earnings to date per currency (gross, fee, net), computed by the server from the ledger. */
export const earningsQuery = () =>
  queryOptions({
    queryKey: [...engagementKeys.freelancer(), 'earnings'] as const,
    queryFn: ({ signal }) => call(getFreelancerEarnings, undefined, { signal }),
  });

export const useEarnings = () => useQuery(earningsQuery());

/** What the company owes on issued invoices and holds for milestones, per currency, from the ledger. */
export const companyBalanceQuery = () =>
  queryOptions({
    queryKey: [...engagementKeys.company(), 'balance'] as const,
    queryFn: ({ signal }) => call(getCompanyBalance, undefined, { signal }),
  });

export const useCompanyBalance = () => useQuery(companyBalanceQuery());
