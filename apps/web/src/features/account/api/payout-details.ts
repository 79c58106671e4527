import type { RequestOf } from '@talentloop/contract';
import { confirmPayoutDetailsChange, getPayoutDetails, listMyPayouts, requestPayoutDetailsChange } from '@talentloop/contract/api/payouts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

// A freelancer's payout details and payouts (issue 35): the details masked, a change asked for
// (the code mailed) and then confirmed with the code.

export const payoutKeys = { details: ['account', 'payout-details'] as const, payouts: ['account', 'payouts'] as const };

export const usePayoutDetails = () =>
  useQuery(queryOptions({ queryKey: payoutKeys.details, queryFn: ({ signal }) => call(getPayoutDetails, undefined, { signal }) }));

export const useMyPayouts = () =>
  useQuery(queryOptions({ queryKey: payoutKeys.payouts, queryFn: ({ signal }) => call(listMyPayouts, undefined, { signal }) }));

export const useRequestPayoutCode = () =>
  useMutation({ mutationFn: (body: RequestOf<typeof requestPayoutDetailsChange>) => call(requestPayoutDetailsChange, body) });

export function useConfirmPayoutDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof confirmPayoutDetailsChange>) => call(confirmPayoutDetailsChange, body),
    onSuccess: (res) =>
      queryClient.setQueryData(payoutKeys.details, { status: 'success' as const, version: res.version, details: res.details }),
  });
}
