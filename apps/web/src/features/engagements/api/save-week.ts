import type { RequestOf } from '@talentloop/contract';
import { saveWeek } from '@talentloop/contract/api/engagements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { engagementKeys } from './keys.ts';

export function useSaveWeek() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ engagementId, weekStart, body }: { engagementId: string; weekStart: string; body: RequestOf<typeof saveWeek> }) =>
      call(saveWeek, body, { params: { engagementId, weekStart } }),
    onSuccess: (res, { engagementId, weekStart }) => {
      queryClient.setQueryData(engagementKeys.week(engagementId, weekStart), res);
      return queryClient.invalidateQueries({ queryKey: engagementKeys.freelancerDetail(engagementId) });
    },
  });
}
