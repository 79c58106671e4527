import type { ResponseOf } from '@talentloop/contract';
import type { Hire, listHires } from '@talentloop/contract/api/reviews';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';

// Hires and reviews (issue 22): every query key of the feature (decision 188) and the cache updates
// its mutations share. Every answer carries the row as saved; it replaces the cached one.

export const hireKeys = {
  hires: ['hires', 'list'] as const,
  myReviews: ['reviews', 'mine'] as const,
  freelancerHires: ['hires', 'freelancer'] as const,
};

type HiresData = ResponseOf<typeof listHires>;

/** Puts a hire as the server answered it into the company's loaded hires. */
export const applyHire = (queryClient: QueryClient, hire: Hire) =>
  queryClient.setQueryData(hireKeys.hires, (old: HiresData | undefined) =>
    old ? { ...old, hires: old.hires.map((h) => (h.id === hire.id ? hire : h)) } : old,
  );

/** After a stale or refused save: the hires are read again, as saved. */
export function useReloadHires() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: hireKeys.hires });
}

export function useReloadFreelancerHires() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: hireKeys.freelancerHires });
}
