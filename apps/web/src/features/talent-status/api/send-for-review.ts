import { sendForReview as endpoint } from '@talentloop/contract/api/talent-pool';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { talentStatusKeys } from './keys.ts';

// 'Send for review': the answer carries the new status, which becomes the cached one.

export const sendForReview = () => call(endpoint);

export function useSendForReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendForReview,
    onSuccess: (res) => queryClient.setQueryData(talentStatusKeys.status, { status: 'success' as const, talentStatus: res.talentStatus }),
  });
}
