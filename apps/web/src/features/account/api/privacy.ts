import { type PrivacyBody, getPrivacy, savePrivacy } from '@talentloop/contract/api/account';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { accountKeys } from './keys.ts';

export const privacyQuery = () =>
  queryOptions({
    queryKey: accountKeys.privacy,
    queryFn: ({ signal }) => call(getPrivacy, undefined, { signal }),
  });

export const usePrivacy = () => useQuery(privacyQuery());

/** Saves open to work and visibility; the answer becomes the cached settings and the preview reloads. */
export function useSavePrivacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PrivacyBody) => call(savePrivacy, body),
    onSuccess: (res) => {
      queryClient.setQueryData(accountKeys.privacy, res);
      return queryClient.invalidateQueries({ queryKey: accountKeys.preview });
    },
  });
}
