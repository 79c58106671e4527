import { verifyCompanyEmail } from '@talentloop/contract/api/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { type CompanyContactData, companyKeys, useCompletionApplied } from './keys.ts';

// The code from the mail proves the address (issue 11); the loaded contact learns it is verified.

export const verifyEmail = (body: { email: string; otp: string }) => call(verifyCompanyEmail, body);

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  const applied = useCompletionApplied();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: (res) => {
      queryClient.setQueryData(companyKeys.contact, (old: CompanyContactData | undefined) =>
        old
          ? {
              ...old,
              contact: { ...old.contact, verifiedEmail: res.verifiedEmail, emailVerified: old.contact.email === res.verifiedEmail },
              completion: res.completion,
            }
          : old,
      );
      applied(res.completion);
    },
  });
}
