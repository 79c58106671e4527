import type { RequestOf } from '@talentloop/contract';
import { proposeTerms } from '@talentloop/contract/api/engagements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { engagementKeys } from './keys.ts';

export function useProposeTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ engagementId, body }: { engagementId: string; body: RequestOf<typeof proposeTerms> }) =>
      call(proposeTerms, body, { params: { engagementId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: engagementKeys.company() }),
  });
}
