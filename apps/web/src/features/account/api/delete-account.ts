import { type DeleteAccountBody, deleteAccount, requestDeletionCode } from '@talentloop/contract/api/account';
import { getSecurity } from '@talentloop/contract/api/security';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { accountKeys } from './keys.ts';

/** Whether the account has a password and a linked Google sign-in: which confirmation the dialog offers. */
export const useAccountSecurity = () =>
  useQuery({ queryKey: accountKeys.security, queryFn: ({ signal }) => call(getSecurity, undefined, { signal }), retry: false });

/** Mails a code that confirms the deletion (accounts that sign in with Google have no password). */
export const useRequestDeletionCode = () => useMutation({ mutationFn: () => call(requestDeletionCode) });

/** Deletes the account and everything stored about it; the server ends every session. */
export const useDeleteAccount = () => useMutation({ mutationFn: (body: DeleteAccountBody) => call(deleteAccount, body) });
