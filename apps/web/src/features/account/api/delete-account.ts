import { type DeleteAccountBody, deleteAccount, requestDeletionCode } from '@talentloop/contract/api/account';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** Mails a code that confirms the deletion (accounts that sign in with Google have no password). */
export const useRequestDeletionCode = () => useMutation({ mutationFn: () => call(requestDeletionCode) });

/** Deletes the account and everything stored about it; the server ends every session. */
export const useDeleteAccount = () => useMutation({ mutationFn: (body: DeleteAccountBody) => call(deleteAccount, body) });
