import type { RequestOf } from '@talentloop/contract';
import { getCompanyNotifications, saveCompanyNotifications } from '@talentloop/contract/api/company-settings';
import { changePassword, getSecurity, signOutEverywhere } from '@talentloop/contract/api/security';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

// Calls of the company settings screen (issue 11): notification preferences, and the account's
// Security & Privacy (password change, sign out everywhere).

export const settingsKeys = {
  notifications: ['company', 'settings', 'notifications'] as const,
  security: ['account', 'security'] as const,
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

export const useSecurity = () =>
  useQuery({ queryKey: settingsKeys.security, queryFn: ({ signal }) => call(getSecurity, undefined, { signal }), retry: false });

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof changePassword>) => call(changePassword, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.security }),
  });
}

export const useSignOutEverywhere = () => useMutation({ mutationFn: () => call(signOutEverywhere) });
