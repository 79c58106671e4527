import type { RequestOf } from '@talentloop/contract';
import { createShortlist as endpoint } from '@talentloop/contract/api/shortlists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { type ShortlistsData, shortlistKeys } from './keys.ts';

// A new list (issue 20): put first in the loaded lists, then the lists are read again.

export const createShortlist = (body: RequestOf<typeof endpoint>) => call(endpoint, body);

export function useCreateShortlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShortlist,
    onSuccess: (res) => {
      queryClient.setQueryData(shortlistKeys.list, (old: ShortlistsData | undefined) =>
        old ? { ...old, shortlists: [res.shortlist, ...old.shortlists] } : old,
      );
      void queryClient.invalidateQueries({ queryKey: shortlistKeys.list });
    },
  });
}
