import type { RequestOf } from '@talentloop/contract';
import { endEngagement } from '@talentloop/contract/api/engagements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { engagementKeys } from './keys.ts';

export function useEndEngagement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ engagementId, body }: { engagementId: string; body: RequestOf<typeof endEngagement> }) =>
      call(endEngagement, body, { params: { engagementId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: engagementKeys.company() }),
  });
}
