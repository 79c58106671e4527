import { getCompanyNotifications } from '@talentloop/contract/api/company-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { companyKeys } from './keys.ts';

// The company's notification choices (issue 11). The account's Security & Privacy is the account
// feature's (features/account/api), for both roles.

export const getNotifications = (signal?: AbortSignal) => call(getCompanyNotifications, undefined, { signal });

export const notificationsQueryOptions = () =>
  queryOptions({ queryKey: companyKeys.notifications, queryFn: ({ signal }) => getNotifications(signal), retry: false });

export const useCompanyNotifications = () => useQuery(notificationsQueryOptions());
