import type { RequestOf } from '@talentloop/contract';
import { fundMilestone } from '@talentloop/contract/api/engagements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { engagementKeys } from './keys.ts';

export function useFundMilestone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ milestoneId, body }: { milestoneId: string; body: RequestOf<typeof fundMilestone> }) =>
      call(fundMilestone, body, { params: { milestoneId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: engagementKeys.company() }),
  });
}
