import { getPrivacy as endpoint } from '@talentloop/contract/api/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { accountKeys } from './keys.ts';

// Open to work and the profile's visibility (issue 19).

export const getPrivacy = (signal?: AbortSignal) => call(endpoint, undefined, { signal });

export const privacyQuery = () => queryOptions({ queryKey: accountKeys.privacy, queryFn: ({ signal }) => getPrivacy(signal) });

export const usePrivacy = () => useQuery(privacyQuery());
