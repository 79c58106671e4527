import type { ResponseOf } from '@talentloop/contract';
import { hideReview, type listOperatorReviews, restoreReview } from '@talentloop/contract/api/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { consoleKeys } from './keys.ts';

// Hide (issue 22) and Restore (issue 32) a review with a reason. Both write the audit entry on the
// server, so the audit log's cached pages are read again too.

type ListData = ResponseOf<typeof listOperatorReviews>;

export const moderateReview = (action: 'hide' | 'restore', reviewId: string, reason: string) =>
  call(action === 'hide' ? hideReview : restoreReview, { reason }, { params: { reviewId } });

export function useModerateReview(action: 'hide' | 'restore') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, reason }: { reviewId: string; reason: string }) => moderateReview(action, reviewId, reason),
    onSuccess: (res) => {
      queryClient.setQueryData(consoleKeys.reviews, (old: ListData | undefined) =>
        old ? { ...old, reviews: old.reviews.map((r) => (r.id === res.review.id ? res.review : r)) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: consoleKeys.auditAll });
    },
  });
}
