import type { RequestOf } from '@talentloop/contract';
import { saveCompanyNotifications } from '@talentloop/contract/api/company-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { companyKeys } from './keys.ts';

// Saves the choices; the answer (with its new version) becomes the cached settings.

export const saveNotifications = (body: RequestOf<typeof saveCompanyNotifications>) => call(saveCompanyNotifications, body);

export function useSaveNotifications() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveNotifications, onSuccess: (res) => queryClient.setQueryData(companyKeys.notifications, res) });
}
