import {
  type FreelancerNotificationsBody,
  getFreelancerNotifications,
  saveFreelancerNotifications,
} from '@talentloop/contract/api/talent-pool';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { accountKeys } from './keys.ts';

export const useFreelancerNotifications = () =>
  useQuery({ queryKey: accountKeys.notifications, queryFn: ({ signal }) => call(getFreelancerNotifications, undefined, { signal }) });

/** Saves the mail choices; the answer (with the new version) becomes the cached choices. */
export function useSaveFreelancerNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FreelancerNotificationsBody) => call(saveFreelancerNotifications, body),
    onSuccess: (res) => queryClient.setQueryData(accountKeys.notifications, res),
  });
}
