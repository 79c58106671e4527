import type { RequestOf } from '@talentloop/contract';
import { changePassword, getSecurity, signOutEverywhere } from '@talentloop/contract/api/security';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { accountKeys } from './keys.ts';

// The account's security, the same for both roles (issue 19): whether it has a password, how many
// devices are signed in, the password change and signing out everywhere.

/** Whether the account has a password and a linked Google sign-in, and its signed-in devices. */
export const useAccountSecurity = () =>
  useQuery({ queryKey: accountKeys.security, queryFn: ({ signal }) => call(getSecurity, undefined, { signal }), retry: false });

/** Changes the password (the current one needed); the server signs the other devices out. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof changePassword>) => call(changePassword, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.security }),
  });
}

/** Ends every session of the account, this one included. */
export const useSignOutEverywhere = () => useMutation({ mutationFn: () => call(signOutEverywhere) });
