import { listCompanyPayments, listFreelancerPayments } from '@talentloop/contract/api/receipts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import type { Side } from './get-documents.ts';
import { engagementKeys } from './keys.ts';

/** Per invoice: received, released and paid on (or expected), computed by the server from receipts and the ledger (issue 35). */
export const paymentsQuery = (side: Side) =>
  queryOptions({
    queryKey: [...(side === 'company' ? engagementKeys.company() : engagementKeys.freelancer()), 'payments'] as const,
    queryFn: ({ signal }) => call(side === 'company' ? listCompanyPayments : listFreelancerPayments, undefined, { signal }),
  });

export const usePayments = (side: Side) => useQuery(paymentsQuery(side));
