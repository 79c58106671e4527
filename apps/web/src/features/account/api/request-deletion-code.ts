import { requestDeletionCode as endpoint } from '@talentloop/contract/api/account';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

// Mails a code that confirms the deletion (accounts that sign in with Google have no password).

export const requestDeletionCode = () => call(endpoint);

export const useRequestDeletionCode = () => useMutation({ mutationFn: requestDeletionCode });
