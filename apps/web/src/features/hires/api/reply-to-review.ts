import type { ResponseOf } from '@talentloop/contract';
import { type listMyReviews, replyToReview as endpoint } from '@talentloop/contract/api/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { hireKeys } from './keys.ts';

// The freelancer's one reply to a review (issue 22); the answer replaces the cached review.

type MyReviewsData = ResponseOf<typeof listMyReviews>;

export const replyToReview = ({ reviewId, reply }: { reviewId: string; reply: string }) =>
  call(endpoint, { reply }, { params: { reviewId } });

export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToReview,
    onSuccess: (res) =>
      queryClient.setQueryData(hireKeys.myReviews, (old: MyReviewsData | undefined) =>
        old ? { ...old, reviews: old.reviews.map((r) => (r.id === res.review.id ? res.review : r)) } : old,
      ),
  });
}
