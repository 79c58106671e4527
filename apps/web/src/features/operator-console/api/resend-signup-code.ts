import { resendSignupCode as endpoint } from '@talentloop/contract/api/operator-accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { consoleKeys } from './keys.ts';

// A new code for a sign-up still waiting for it (issue 21); the accounts and the audit log read again.

export const resendSignupCode = (signupId: string) => call(endpoint, undefined, { params: { signupId } });

export function useResendSignupCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resendSignupCode,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: consoleKeys.accounts });
      void client.invalidateQueries({ queryKey: consoleKeys.auditAll });
    },
  });
}
