import { getFreelancerNotifications } from '@talentloop/contract/api/talent-pool';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { accountKeys } from './keys.ts';

// The freelancer's mail choices (issue 21).

export const getNotifications = (signal?: AbortSignal) => call(getFreelancerNotifications, undefined, { signal });

export const notificationsQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.notifications, queryFn: ({ signal }) => getNotifications(signal) });

export const useFreelancerNotifications = () => useQuery(notificationsQueryOptions());
