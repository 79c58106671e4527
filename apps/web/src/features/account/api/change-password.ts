import type { RequestOf } from '@talentloop/contract';
import { changePassword as endpoint } from '@talentloop/contract/api/security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { accountKeys } from './keys.ts';

// Changes the password (the current one needed); the server signs the other devices out.

export const changePassword = (body: RequestOf<typeof endpoint>) => call(endpoint, body);

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changePassword, onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.security }) });
}
