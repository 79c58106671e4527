import { getSecurity as endpoint } from '@talentloop/contract/api/security';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { accountKeys } from './keys.ts';

// The account's security, the same for both roles (issue 19): whether it has a password and a
// linked Google sign-in, and its signed-in devices.

export const getSecurity = (signal?: AbortSignal) => call(endpoint, undefined, { signal });

export const securityQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.security, queryFn: ({ signal }) => getSecurity(signal), retry: false });

export const useAccountSecurity = () => useQuery(securityQueryOptions());
