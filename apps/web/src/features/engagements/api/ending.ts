import type { RequestOf } from '@talentloop/contract';
import { acceptEarlyEnd, declineEarlyEnd, giveNotice, proposeEarlyEnd } from '@talentloop/contract/api/engagements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

// Ending with notice (issue 35): either side's four steps. Each refreshes every read: the end date
// shows on both sides' engagements, and an engagement that ends now finishes its hire (Projects).

type EndDate = { engagementId: string; body: RequestOf<typeof giveNotice> };
type Answer = { engagementId: string; body: RequestOf<typeof acceptEarlyEnd> };

function useEndingStep<V extends { engagementId: string }, R>(step: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: step, onSettled: () => queryClient.invalidateQueries() });
}

export const useGiveNotice = () => useEndingStep(({ engagementId, body }: EndDate) => call(giveNotice, body, { params: { engagementId } }));
export const useProposeEarlyEnd = () =>
  useEndingStep(({ engagementId, body }: EndDate) => call(proposeEarlyEnd, body, { params: { engagementId } }));
export const useAcceptEarlyEnd = () =>
  useEndingStep(({ engagementId, body }: Answer) => call(acceptEarlyEnd, body, { params: { engagementId } }));
export const useDeclineEarlyEnd = () =>
  useEndingStep(({ engagementId, body }: Answer) => call(declineEarlyEnd, body, { params: { engagementId } }));
