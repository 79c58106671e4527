import { listSupportCalls } from '@talentloop/contract/api/support-booking';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { consoleKeys } from './keys.ts';

// The operators' support calls (issue 21): calls not ended and the last 14 days.

export const getSupportCalls = (signal?: AbortSignal) => call(listSupportCalls, undefined, { signal });

/** Refreshed every minute: a call that ends moves from upcoming to past without a reload. */
export const supportCallsQueryOptions = () =>
  queryOptions({ queryKey: consoleKeys.supportCalls, queryFn: ({ signal }) => getSupportCalls(signal), refetchInterval: 60_000 });

export const useSupportCalls = () => useQuery(supportCallsQueryOptions());
