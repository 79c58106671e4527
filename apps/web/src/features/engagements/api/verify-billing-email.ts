import type { RequestOf } from '@talentloop/contract';
import { verifyBillingEmail } from '@talentloop/contract/api/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { billingKeys } from './keys.ts';

export function useVerifyBillingEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof verifyBillingEmail>) => call(verifyBillingEmail, body),
    onSuccess: (res) =>
      queryClient.setQueryData(billingKeys.company(), {
        status: 'success' as const,
        version: res.version,
        billing: res.billing,
        readiness: res.readiness,
      }),
  });
}
