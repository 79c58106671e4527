import { addCandidate as endpoint } from '@talentloop/contract/api/shortlists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { shortlistKeys } from './keys.ts';

// A freelancer shortlisted onto a list (issue 20); the lists and that list are read again.

export const addCandidate = ({ shortlistId, slug }: { shortlistId: string; slug: string }) =>
  call(endpoint, { slug }, { params: { shortlistId } });

export function useAddCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCandidate,
    onSuccess: (_res, { shortlistId }) => {
      void queryClient.invalidateQueries({ queryKey: shortlistKeys.list });
      void queryClient.invalidateQueries({ queryKey: shortlistKeys.one(shortlistId) });
    },
  });
}
