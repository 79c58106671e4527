import { getAccount as endpoint } from '@talentloop/contract/api/operator-accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { consoleKeys } from './keys.ts';

// One account with where it stands (issue 21).

export const getAccount = (userId: string, signal?: AbortSignal) => call(endpoint, undefined, { params: { userId }, signal });

export const accountQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: consoleKeys.account(userId ?? ''),
    queryFn: ({ signal }) => getAccount(userId ?? '', signal),
    enabled: !!userId,
  });

export const useAccount = (userId: string | null) => useQuery(accountQueryOptions(userId));
