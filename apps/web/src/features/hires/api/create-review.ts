import type { RequestOf } from '@talentloop/contract';
import { createReview as endpoint } from '@talentloop/contract/api/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { applyHire } from './keys.ts';

// The company's review of a finished hire (issue 22).

export const createReview = ({ hireId, ...body }: RequestOf<typeof endpoint> & { hireId: string }) =>
  call(endpoint, body, { params: { hireId } });

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createReview, onSuccess: (res) => applyHire(queryClient, res.hire) });
}
