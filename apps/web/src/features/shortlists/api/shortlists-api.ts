import type { RequestOf, ResponseOf } from '@talentloop/contract';
import {
  type Candidate,
  addCandidate,
  createShortlist,
  deleteShortlist,
  getShortlist,
  listShortlists,
  removeCandidate,
  renameShortlist,
  updateCandidate,
} from '@talentloop/contract/api/shortlists';
import { getCompanyHome } from '@talentloop/contract/api/company';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

// The company's shortlists (issue 20). Every save carries the version it was made from; the answer
// replaces the cached row, so the next save starts from the server's version.

export const shortlistKeys = {
  all: ['shortlists'] as const,
  list: ['shortlists', 'list'] as const,
  one: (id: string) => ['shortlists', 'one', id] as const,
};

/**
 * Whether the company is verified (only a verified one makes lists and shortlists). The company home
 * answers it; the same query key as the company feature's, so both share one cached answer.
 */
export const useCompanyVerified = () =>
  useQuery({ queryKey: ['company', 'home'], queryFn: ({ signal }) => call(getCompanyHome, undefined, { signal }) });

type ListData = ResponseOf<typeof listShortlists>;
type OneData = ResponseOf<typeof getShortlist>;

export const useShortlists = (enabled = true) =>
  useQuery({
    queryKey: shortlistKeys.list,
    queryFn: ({ signal }) => call(listShortlists, undefined, { signal }),
    enabled,
  });

export const useShortlist = (shortlistId: string) =>
  useQuery({
    queryKey: shortlistKeys.one(shortlistId),
    queryFn: ({ signal }) => call(getShortlist, undefined, { params: { shortlistId }, signal }),
    retry: false,
  });

export function useCreateShortlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof createShortlist>) => call(createShortlist, body),
    onSuccess: (res) => {
      queryClient.setQueryData(shortlistKeys.list, (old: ListData | undefined) =>
        old ? { ...old, shortlists: [res.shortlist, ...old.shortlists] } : old,
      );
      void queryClient.invalidateQueries({ queryKey: shortlistKeys.list });
    },
  });
}

export function useRenameShortlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shortlistId, ...body }: RequestOf<typeof renameShortlist> & { shortlistId: string }) =>
      call(renameShortlist, body, { params: { shortlistId } }),
    onSuccess: (res) => {
      queryClient.setQueryData(shortlistKeys.list, (old: ListData | undefined) =>
        old ? { ...old, shortlists: old.shortlists.map((s) => (s.id === res.shortlist.id ? res.shortlist : s)) } : old,
      );
      queryClient.setQueryData(shortlistKeys.one(res.shortlist.id), (old: OneData | undefined) =>
        old ? { ...old, shortlist: res.shortlist } : old,
      );
    },
  });
}

export function useDeleteShortlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shortlistId, version }: { shortlistId: string; version: number }) =>
      call(deleteShortlist, { version }, { params: { shortlistId } }),
    onSuccess: (_res, { shortlistId }) => {
      queryClient.setQueryData(shortlistKeys.list, (old: ListData | undefined) =>
        old ? { ...old, shortlists: old.shortlists.filter((s) => s.id !== shortlistId) } : old,
      );
      queryClient.removeQueries({ queryKey: shortlistKeys.one(shortlistId) });
    },
  });
}

export function useAddCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shortlistId, slug }: { shortlistId: string; slug: string }) => call(addCandidate, { slug }, { params: { shortlistId } }),
    onSuccess: (_res, { shortlistId }) => {
      void queryClient.invalidateQueries({ queryKey: shortlistKeys.list });
      void queryClient.invalidateQueries({ queryKey: shortlistKeys.one(shortlistId) });
    },
  });
}

/** Puts one candidate as the server answered it into the loaded list (counts reload). */
function useCandidateApplied() {
  const queryClient = useQueryClient();
  return (shortlistId: string, candidate: Candidate | null, candidateId: string) => {
    queryClient.setQueryData(shortlistKeys.one(shortlistId), (old: OneData | undefined) => {
      if (!old) return old;
      const candidates = candidate
        ? old.candidates.map((c) => (c.id === candidateId ? candidate : c))
        : old.candidates.filter((c) => c.id !== candidateId);
      const counts = { shortlisted: 0, interview: 0, selected: 0, not_selected: 0 };
      for (const c of candidates) counts[c.stage] += 1;
      return { ...old, candidates, shortlist: { ...old.shortlist, counts } };
    });
    void queryClient.invalidateQueries({ queryKey: shortlistKeys.list });
  };
}

export type UpdateCandidateInput = RequestOf<typeof updateCandidate> & { shortlistId: string; candidateId: string };

export function useUpdateCandidate() {
  const applied = useCandidateApplied();
  return useMutation({
    mutationFn: ({ shortlistId, candidateId, ...body }: UpdateCandidateInput) =>
      call(updateCandidate, body, { params: { shortlistId, candidateId } }),
    onSuccess: (res, { shortlistId, candidateId }) => applied(shortlistId, res.candidate, candidateId),
  });
}

export function useRemoveCandidate() {
  const applied = useCandidateApplied();
  return useMutation({
    mutationFn: ({ shortlistId, candidateId, ...body }: RequestOf<typeof removeCandidate> & { shortlistId: string; candidateId: string }) =>
      call(removeCandidate, body, { params: { shortlistId, candidateId } }),
    onSuccess: (_res, { shortlistId, candidateId }) => applied(shortlistId, null, candidateId),
  });
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
