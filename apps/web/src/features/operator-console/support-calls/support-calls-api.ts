import {
  type SupportCallOutcome,
  cancelSupportCallAsOperator,
  listSupportCalls,
  markSupportCallOutcome,
} from '@talentloop/contract/api/support-booking';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { consoleKeys } from '../console-api.ts';

// The operators' support calls (issue 21): calls not ended and the last 14 days, cancel with a
// message, held or missed. Each action refreshes the list and the console's badges.

export const supportCallKeys = { list: ['console', 'support-calls'] as const };

/** Refreshed every minute: a call that ends moves from upcoming to past without a reload. */
export const useSupportCalls = () =>
  useQuery({
    queryKey: supportCallKeys.list,
    queryFn: ({ signal }) => call(listSupportCalls, undefined, { signal }),
    refetchInterval: 60_000,
  });

function useInvalidate() {
  const client = useQueryClient();
  return () => {
    client.invalidateQueries({ queryKey: supportCallKeys.list });
    client.invalidateQueries({ queryKey: consoleKeys.overview });
  };
}

export function useCancelSupportCall() {
  const onSettled = useInvalidate();
  return useMutation({
    mutationFn: ({ id, message }: { id: string; message: string }) =>
      call(cancelSupportCallAsOperator, { message }, { params: { bookingId: id } }),
    onSettled,
  });
}

export function useMarkSupportCall() {
  const onSettled = useInvalidate();
  return useMutation({
    mutationFn: ({ id, outcome }: { id: string; outcome: SupportCallOutcome }) =>
      call(markSupportCallOutcome, { outcome }, { params: { bookingId: id } }),
    onSettled,
  });
}
