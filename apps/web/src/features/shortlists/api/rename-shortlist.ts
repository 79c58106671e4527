import type { RequestOf } from '@talentloop/contract';
import { renameShortlist as endpoint } from '@talentloop/contract/api/shortlists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { type ShortlistData, type ShortlistsData, shortlistKeys } from './keys.ts';

// A list's new name, from the version seen (issue 20); the answer replaces the cached list.

export type RenameShortlistInput = RequestOf<typeof endpoint> & { shortlistId: string };

export const renameShortlist = ({ shortlistId, ...body }: RenameShortlistInput) => call(endpoint, body, { params: { shortlistId } });

export function useRenameShortlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameShortlist,
    onSuccess: (res) => {
      queryClient.setQueryData(shortlistKeys.list, (old: ShortlistsData | undefined) =>
        old ? { ...old, shortlists: old.shortlists.map((s) => (s.id === res.shortlist.id ? res.shortlist : s)) } : old,
      );
      queryClient.setQueryData(shortlistKeys.one(res.shortlist.id), (old: ShortlistData | undefined) =>
        old ? { ...old, shortlist: res.shortlist } : old,
      );
    },
  });
}
