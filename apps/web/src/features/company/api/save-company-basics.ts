import type { RequestOf } from '@talentloop/contract';
import { saveCompanyBasics as endpoint } from '@talentloop/contract/api/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { companyKeys, useCompletionApplied } from './keys.ts';

// Saves the basics from the version seen (issue 11); the answer becomes the cached basics.

export const saveCompanyBasics = (body: RequestOf<typeof endpoint>) => call(endpoint, body);

export function useSaveBasics() {
  const queryClient = useQueryClient();
  const applied = useCompletionApplied();
  return useMutation({
    mutationFn: saveCompanyBasics,
    onSuccess: (res) => {
      queryClient.setQueryData(companyKeys.basics, {
        status: res.status,
        version: res.version,
        basics: res.basics,
        completion: res.completion,
      });
      applied(res.completion);
    },
  });
}
