import type { RequestOf } from '@talentloop/contract';
import { requestMilestoneChanges } from '@talentloop/contract/api/engagements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { engagementKeys } from './keys.ts';

export function useRequestMilestoneChanges() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ milestoneId, body }: { milestoneId: string; body: RequestOf<typeof requestMilestoneChanges> }) =>
      call(requestMilestoneChanges, body, { params: { milestoneId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: engagementKeys.company() }),
  });
}
