import { type FreelancerNotificationsBody, saveFreelancerNotifications } from '@talentloop/contract/api/talent-pool';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { accountKeys } from './keys.ts';

// Saves the mail choices; the answer (with the new version) becomes the cached choices.

export const saveNotifications = (body: FreelancerNotificationsBody) => call(saveFreelancerNotifications, body);

export function useSaveFreelancerNotifications() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveNotifications, onSuccess: (res) => queryClient.setQueryData(accountKeys.notifications, res) });
}
