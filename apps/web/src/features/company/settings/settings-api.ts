import type { RequestOf } from '@talentloop/contract';
import { getCompanyNotifications, saveCompanyNotifications } from '@talentloop/contract/api/company-settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

// Calls of the company settings screen (issue 11): notification preferences. The account's
// Security & Privacy is the account feature's (features/account/api/security.ts), for both roles.

export const settingsKeys = {
  notifications: ['company', 'settings', 'notifications'] as const,
};

export const useCompanyNotifications = () =>
  useQuery({
    queryKey: settingsKeys.notifications,
    queryFn: ({ signal }) => call(getCompanyNotifications, undefined, { signal }),
    retry: false,
  });

/** Saves the choices; the answer (with its new version) becomes the cached settings. */
export function useSaveNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof saveCompanyNotifications>) => call(saveCompanyNotifications, body),
    onSuccess: (res) => queryClient.setQueryData(settingsKeys.notifications, res),
  });
}
