import { type VettingDecisionBody, decideVetting as endpoint } from '@talentloop/contract/api/talent-pool';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { consoleKeys } from './keys.ts';

// A vetting decision (issue 21), which refreshes the queue and the console's badges.

export const decideVetting = ({ freelancerId, body }: { freelancerId: string; body: VettingDecisionBody }) =>
  call(endpoint, body, { params: { freelancerId } });

export function useDecideVetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: decideVetting,
    onSettled: () => {
      client.invalidateQueries({ queryKey: consoleKeys.vetting });
      client.invalidateQueries({ queryKey: consoleKeys.overview });
    },
  });
}
