import type { RequestOf } from '@talentloop/contract';
import { approveMilestone } from '@talentloop/contract/api/engagements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { engagementKeys } from './keys.ts';

export function useApproveMilestone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ milestoneId, body }: { milestoneId: string; body: RequestOf<typeof approveMilestone> }) =>
      call(approveMilestone, body, { params: { milestoneId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: engagementKeys.company() }),
  });
}
