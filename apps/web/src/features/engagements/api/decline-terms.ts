import type { RequestOf } from '@talentloop/contract';
import { declineTerms } from '@talentloop/contract/api/engagements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { engagementKeys } from './keys.ts';

export function useDeclineTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ engagementId, body }: { engagementId: string; body: RequestOf<typeof declineTerms> }) =>
      call(declineTerms, body, { params: { engagementId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: engagementKeys.freelancer() }),
  });
}
