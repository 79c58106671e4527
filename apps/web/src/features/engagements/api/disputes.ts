import { answerDispute, listMyDisputes, type OpenDisputeBody, openDispute } from '@talentloop/contract/api/disputes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { engagementKeys } from './keys.ts';

// Disputes (issue 35): the caller's disputes and invoices with their 30-day window; opening or
// answering one reloads them and the payment dates (a dispute suspends the release).

const disputesKey = [...engagementKeys.all, 'disputes'] as const;

export const useMyDisputes = () =>
  useQuery({ queryKey: disputesKey, queryFn: ({ signal }) => call(listMyDisputes, undefined, { signal }) });

function useDisputeMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: engagementKeys.all }),
  });
}

export const useOpenDispute = () =>
  useDisputeMutation(({ invoiceId, body }: { invoiceId: string; body: OpenDisputeBody }) =>
    call(openDispute, body, { params: { invoiceId } }),
  );

export const useAnswerDispute = () =>
  useDisputeMutation(({ disputeId, answer }: { disputeId: string; answer: string }) =>
    call(answerDispute, { answer }, { params: { disputeId } }),
  );
