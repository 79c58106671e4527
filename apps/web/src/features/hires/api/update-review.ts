import type { RequestOf } from '@talentloop/contract';
import { updateReview as endpoint } from '@talentloop/contract/api/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { applyHire } from './keys.ts';

// The company's review edited while it may be (issue 22).

export const updateReview = ({ reviewId, ...body }: RequestOf<typeof endpoint> & { reviewId: string }) =>
  call(endpoint, body, { params: { reviewId } });

export function useUpdateReview() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateReview, onSuccess: (res) => applyHire(queryClient, res.hire) });
}
