import { type DeleteAccountBody, deleteAccount as endpoint } from '@talentloop/contract/api/account';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

// Deletes the account and everything stored about it; the server ends every session.

export const deleteAccount = (body: DeleteAccountBody) => call(endpoint, body);

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
