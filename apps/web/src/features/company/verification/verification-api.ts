import type { RequestOf } from '@talentloop/contract';
import { getCompanyVerification, verifyCompanyInstantly } from '@talentloop/contract/api/company-verification';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { companyKeys } from '../api/company-api.ts';

// Account verification calls (issue 11). A pass reloads the home query, which carries the
// verification state and completion the side panel and the company home show.

export const verificationKey = [...companyKeys.all, 'verification'] as const;

export const useCompanyVerification = () =>
  useQuery({ queryKey: verificationKey, queryFn: ({ signal }) => call(getCompanyVerification, undefined, { signal }) });

export function useVerifyInstantly() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof verifyCompanyInstantly>) => call(verifyCompanyInstantly, body),
    onSuccess: (res) => {
      queryClient.setQueryData(verificationKey, { status: 'success', verification: res.verification });
      return queryClient.invalidateQueries({ queryKey: companyKeys.home });
    },
  });
}
