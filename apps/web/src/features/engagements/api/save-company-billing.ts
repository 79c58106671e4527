import type { RequestOf } from '@talentloop/contract';
import { saveCompanyBilling } from '@talentloop/contract/api/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { billingKeys } from './keys.ts';

export function useSaveCompanyBilling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof saveCompanyBilling>) => call(saveCompanyBilling, body),
    onSuccess: (res) =>
      queryClient.setQueryData(billingKeys.company(), {
        status: 'success' as const,
        version: res.version,
        billing: res.billing,
        readiness: res.readiness,
      }),
  });
}
