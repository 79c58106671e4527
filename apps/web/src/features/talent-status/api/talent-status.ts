import { getTalentStatus, sendForReview } from '@talentloop/contract/api/talent-pool';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

export const talentStatusKey = ['talent-status'] as const;

export const useTalentStatus = () =>
  useQuery({ queryKey: talentStatusKey, queryFn: ({ signal }) => call(getTalentStatus, undefined, { signal }) });

/** 'Send for review': the answer carries the new status, which becomes the cached one. */
export function useSendForReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(sendForReview),
    onSuccess: (res) => queryClient.setQueryData(talentStatusKey, { status: 'success' as const, talentStatus: res.talentStatus }),
  });
}
