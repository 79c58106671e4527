import type { RequestOf, ResponseOf } from '@talentloop/contract';
import {
  type Hire,
  createReview,
  finishHire,
  listFreelancerHires,
  listHires,
  listMyReviews,
  replyToReview,
  reviewCompany,
  updateReview,
} from '@talentloop/contract/api/reviews';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

// Hires and reviews (issue 22): the company's hires with their reviews, and the freelancer's
// reviews with their replies. Every answer carries the row as saved; it replaces the cached one.

export const hireKeys = {
  hires: ['hires', 'list'] as const,
  myReviews: ['reviews', 'mine'] as const,
  freelancerHires: ['hires', 'freelancer'] as const,
};

type HiresData = ResponseOf<typeof listHires>;
type MyReviewsData = ResponseOf<typeof listMyReviews>;

export const useHires = () => useQuery({ queryKey: hireKeys.hires, queryFn: ({ signal }) => call(listHires, undefined, { signal }) });

function useHireApplied() {
  const queryClient = useQueryClient();
  return (hire: Hire) =>
    queryClient.setQueryData(hireKeys.hires, (old: HiresData | undefined) =>
      old ? { ...old, hires: old.hires.map((h) => (h.id === hire.id ? hire : h)) } : old,
    );
}

export function useFinishHire() {
  const applied = useHireApplied();
  return useMutation({
    mutationFn: ({ hireId, version }: { hireId: string; version: number }) => call(finishHire, { version }, { params: { hireId } }),
    onSuccess: (res) => applied(res.hire),
  });
}

export function useCreateReview() {
  const applied = useHireApplied();
  return useMutation({
    mutationFn: ({ hireId, ...body }: RequestOf<typeof createReview> & { hireId: string }) =>
      call(createReview, body, { params: { hireId } }),
    onSuccess: (res) => applied(res.hire),
  });
}

export function useUpdateReview() {
  const applied = useHireApplied();
  return useMutation({
    mutationFn: ({ reviewId, ...body }: RequestOf<typeof updateReview> & { reviewId: string }) =>
      call(updateReview, body, { params: { reviewId } }),
    onSuccess: (res) => applied(res.hire),
  });
}

/** After a stale or refused save: the hires are read again, as saved. */
export function useReloadHires() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: hireKeys.hires });
}

export const useMyReviews = () =>
  useQuery({ queryKey: hireKeys.myReviews, queryFn: ({ signal }) => call(listMyReviews, undefined, { signal }) });

export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, reply }: { reviewId: string; reply: string }) => call(replyToReview, { reply }, { params: { reviewId } }),
    onSuccess: (res) =>
      queryClient.setQueryData(hireKeys.myReviews, (old: MyReviewsData | undefined) =>
        old ? { ...old, reviews: old.reviews.map((r) => (r.id === res.review.id ? res.review : r)) } : old,
      ),
  });
}

/** The freelancer's hires, each with their review of the company (issue 32). */
export const useFreelancerHires = () =>
  useQuery({ queryKey: hireKeys.freelancerHires, queryFn: ({ signal }) => call(listFreelancerHires, undefined, { signal }) });

type FreelancerHiresData = ResponseOf<typeof listFreelancerHires>;

export function useReviewCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ hireId, ...body }: RequestOf<typeof reviewCompany> & { hireId: string }) =>
      call(reviewCompany, body, { params: { hireId } }),
    onSuccess: (res) => {
      queryClient.setQueryData(hireKeys.freelancerHires, (old: FreelancerHiresData | undefined) =>
        old ? { ...old, hires: old.hires.map((h) => (h.id === res.hire.id ? res.hire : h)) } : old,
      );
      // Both sides in: the company's review of them may be published now.
      void queryClient.invalidateQueries({ queryKey: hireKeys.myReviews });
    },
  });
}

export function useReloadFreelancerHires() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: hireKeys.freelancerHires });
}
