import { signOutEverywhere as endpoint } from '@talentloop/contract/api/security';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

// Ends every session of the account, this one included (the caller clears the cache and leaves).

export const signOutEverywhere = () => call(endpoint);

export const useSignOutEverywhere = () => useMutation({ mutationFn: signOutEverywhere });
