import type { RequestOf } from '@talentloop/contract';
import { makeOffer } from '@talentloop/contract/api/engagements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { engagementKeys } from './keys.ts';

export function useMakeOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ hireId, body }: { hireId: string; body: RequestOf<typeof makeOffer> }) => call(makeOffer, body, { params: { hireId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: engagementKeys.company() }),
  });
}
