import { deleteShortlist as endpoint } from '@talentloop/contract/api/shortlists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { type ShortlistsData, shortlistKeys } from './keys.ts';

// A list deleted, from the version seen (issue 20): gone from the loaded lists and its own cache.

export const deleteShortlist = ({ shortlistId, version }: { shortlistId: string; version: number }) =>
  call(endpoint, { version }, { params: { shortlistId } });

export function useDeleteShortlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteShortlist,
    onSuccess: (_res, { shortlistId }) => {
      queryClient.setQueryData(shortlistKeys.list, (old: ShortlistsData | undefined) =>
        old ? { ...old, shortlists: old.shortlists.filter((s) => s.id !== shortlistId) } : old,
      );
      queryClient.removeQueries({ queryKey: shortlistKeys.one(shortlistId) });
    },
  });
}
