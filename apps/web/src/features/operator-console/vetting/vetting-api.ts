import { type VettingDecisionBody, decideVetting, listVettingQueue } from '@talentloop/contract/api/talent-pool';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { consoleKeys } from '../console-api.ts';

// The vetting queue (issue 21): the list (oldest first, each profile with its completion and
// timeline) and a decision, which refreshes the list and the console's badges.

export const vettingKeys = { queue: ['console', 'vetting'] as const };

export const useVettingQueue = () =>
  useQuery({
    queryKey: vettingKeys.queue,
    queryFn: ({ signal }) => call(listVettingQueue, undefined, { signal }),
  });

export function useDecideVetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ freelancerId, body }: { freelancerId: string; body: VettingDecisionBody }) =>
      call(decideVetting, body, { params: { freelancerId } }),
    onSettled: () => {
      client.invalidateQueries({ queryKey: vettingKeys.queue });
      client.invalidateQueries({ queryKey: consoleKeys.overview });
    },
  });
}
