import type { ResponseOf } from '@talentloop/contract';
import { hideReview, listOperatorReviews, restoreReview } from '@talentloop/contract/api/reviews';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

// The operators' reviews list, Hide (issue 22) and Restore (issue 32). Both write the audit entry
// on the server, so the audit log's cached pages are read again too.

export const reviewKeys = { list: ['console', 'reviews'] as const };

type ListData = ResponseOf<typeof listOperatorReviews>;

export const useOperatorReviews = () =>
  useQuery({ queryKey: reviewKeys.list, queryFn: ({ signal }) => call(listOperatorReviews, undefined, { signal }) });

export function useModerateReview(action: 'hide' | 'restore') {
  const queryClient = useQueryClient();
  const endpoint = action === 'hide' ? hideReview : restoreReview;
  return useMutation({
    mutationFn: ({ reviewId, reason }: { reviewId: string; reason: string }) => call(endpoint, { reason }, { params: { reviewId } }),
    onSuccess: (res) => {
      queryClient.setQueryData(reviewKeys.list, (old: ListData | undefined) =>
        old ? { ...old, reviews: old.reviews.map((r) => (r.id === res.review.id ? res.review : r)) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: ['console', 'audit'] });
    },
  });
}

/** After a refused hide or restore (another operator was first): the list is read again. */
export function useReloadReviews() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: reviewKeys.list });
}
