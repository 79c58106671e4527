import { dismissCompanyWelcome } from '@talentloop/contract/api/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { type CompanyHomeData, companyKeys } from './keys.ts';

// The company welcome, dismissed once (issue 11).

export const dismissWelcome = () => call(dismissCompanyWelcome);

export function useDismissWelcome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissWelcome,
    onSuccess: () =>
      queryClient.setQueryData(companyKeys.home, (old: CompanyHomeData | undefined) => (old ? { ...old, showWelcome: false } : old)),
  });
}
