import type { RequestOf } from '@talentloop/contract';
import { saveFreelancerBilling } from '@talentloop/contract/api/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { billingKeys } from './keys.ts';

export function useSaveFreelancerBilling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof saveFreelancerBilling>) => call(saveFreelancerBilling, body),
    onSuccess: (res) =>
      queryClient.setQueryData(billingKeys.freelancer(), {
        status: 'success' as const,
        version: res.version,
        billing: res.billing,
        readiness: res.readiness,
      }),
  });
}
