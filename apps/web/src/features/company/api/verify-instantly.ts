import type { RequestOf } from '@talentloop/contract';
import { verifyCompanyInstantly } from '@talentloop/contract/api/company-verification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { companyKeys } from './keys.ts';

// Instant verification by checks (issue 11). A pass reloads the home query, which carries the
// verification state and completion the side panel and the company home show.

export const verifyInstantly = (body: RequestOf<typeof verifyCompanyInstantly>) => call(verifyCompanyInstantly, body);

export function useVerifyInstantly() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyInstantly,
    onSuccess: (res) => {
      queryClient.setQueryData(companyKeys.verification, { status: 'success', verification: res.verification });
      return queryClient.invalidateQueries({ queryKey: companyKeys.home });
    },
  });
}
