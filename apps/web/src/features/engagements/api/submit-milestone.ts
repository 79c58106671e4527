import type { RequestOf } from '@talentloop/contract';
import { submitMilestone } from '@talentloop/contract/api/engagements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { engagementKeys } from './keys.ts';

export function useSubmitMilestone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ milestoneId, body }: { milestoneId: string; body: RequestOf<typeof submitMilestone> }) =>
      call(submitMilestone, body, { params: { milestoneId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: engagementKeys.freelancer() }),
  });
}
