import { openConversation as endpoint } from '@talentloop/contract/api/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { messageKeys } from './keys.ts';

// A verified company opens the conversation with a shortlisted candidate, or gets the one already open (issue 36).

export const openConversation = (candidateId: string) => call(endpoint, { candidateId });

export function useOpenConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openConversation,
    onSuccess: (res, candidateId) => {
      queryClient.setQueryData(messageKeys.ofCandidate(candidateId), { status: 'success', conversation: res.conversation });
      void queryClient.invalidateQueries({ queryKey: messageKeys.list });
    },
  });
}
