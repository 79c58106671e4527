import type { RequestOf, ResponseOf } from '@talentloop/contract';
import { type listFreelancerHires, reviewCompany as endpoint } from '@talentloop/contract/api/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { hireKeys } from './keys.ts';

// The freelancer's review of a company that selected them (issue 32).

type FreelancerHiresData = ResponseOf<typeof listFreelancerHires>;

export const reviewCompany = ({ hireId, ...body }: RequestOf<typeof endpoint> & { hireId: string }) =>
  call(endpoint, body, { params: { hireId } });

export function useReviewCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewCompany,
    onSuccess: (res) => {
      queryClient.setQueryData(hireKeys.freelancerHires, (old: FreelancerHiresData | undefined) =>
        old ? { ...old, hires: old.hires.map((h) => (h.id === res.hire.id ? res.hire : h)) } : old,
      );
      // Both sides in: the company's review of them may be published now.
      void queryClient.invalidateQueries({ queryKey: hireKeys.myReviews });
    },
  });
}
