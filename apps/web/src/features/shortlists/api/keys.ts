import type { ResponseOf } from '@talentloop/contract';
import type { Candidate, getShortlist, listShortlists } from '@talentloop/contract/api/shortlists';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';

// The company's shortlists (issue 20): every query key of the feature, and the cache updates the
// mutations share (decision 188). Every save carries the version it was made from; the answer
// replaces the cached row, so the next save starts from the server's version.

export const shortlistKeys = {
  all: ['shortlists'] as const,
  list: ['shortlists', 'list'] as const,
  one: (id: string) => ['shortlists', 'one', id] as const,
};

export type ShortlistsData = ResponseOf<typeof listShortlists>;
export type ShortlistData = ResponseOf<typeof getShortlist>;

/** Puts one candidate as the server answered it into the loaded list (null: removed); the counts reload. */
export function applyCandidate(queryClient: QueryClient, shortlistId: string, candidate: Candidate | null, candidateId: string) {
  queryClient.setQueryData(shortlistKeys.one(shortlistId), (old: ShortlistData | undefined) => {
    if (!old) return old;
    const candidates = candidate
      ? old.candidates.map((c) => (c.id === candidateId ? candidate : c))
      : old.candidates.filter((c) => c.id !== candidateId);
    const counts = { shortlisted: 0, interview: 0, selected: 0, not_selected: 0 };
    for (const c of candidates) counts[c.stage] += 1;
    return { ...old, candidates, shortlist: { ...old.shortlist, counts } };
  });
  void queryClient.invalidateQueries({ queryKey: shortlistKeys.list });
}

/** After a stale save: the list is read again, so the candidate shows what the other tab saved. */
export function useReloadShortlist() {
  const queryClient = useQueryClient();
  return (shortlistId: string) => queryClient.invalidateQueries({ queryKey: shortlistKeys.one(shortlistId) });
}

/** After a stale rename or delete: the lists are read again, with their saved versions. */
export function useReloadShortlists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: shortlistKeys.list });
}
