import type { RequestOf } from '@talentloop/contract';
import { saveCompanyContact as endpoint } from '@talentloop/contract/api/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { companyKeys, useCompletionApplied } from './keys.ts';

// Saves the contact details from the version seen (issue 11); the answer becomes the cached contact.

export const saveCompanyContact = (body: RequestOf<typeof endpoint>) => call(endpoint, body);

export function useSaveContact() {
  const queryClient = useQueryClient();
  const applied = useCompletionApplied();
  return useMutation({
    mutationFn: saveCompanyContact,
    onSuccess: (res) => {
      queryClient.setQueryData(companyKeys.contact, {
        status: res.status,
        version: res.version,
        contact: res.contact,
        completion: res.completion,
      });
      applied(res.completion);
    },
  });
}
