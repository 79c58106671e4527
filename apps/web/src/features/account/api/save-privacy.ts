import { type PrivacyBody, savePrivacy as endpoint } from '@talentloop/contract/api/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { accountKeys } from './keys.ts';

// Saves open to work and visibility; the answer becomes the cached settings and the preview reloads.

export const savePrivacy = (body: PrivacyBody) => call(endpoint, body);

export function useSavePrivacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePrivacy,
    onSuccess: (res) => {
      queryClient.setQueryData(accountKeys.privacy, res);
      return queryClient.invalidateQueries({ queryKey: accountKeys.preview });
    },
  });
}
