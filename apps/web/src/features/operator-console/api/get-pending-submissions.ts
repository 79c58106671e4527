import { listPendingVerifications } from '@talentloop/contract/api/company-verification';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { consoleKeys } from './keys.ts';

// The company documents queue (issue 21): pending submissions, oldest first.

export const getPendingSubmissions = (signal?: AbortSignal) => call(listPendingVerifications, undefined, { signal });

export const pendingSubmissionsQueryOptions = () =>
  queryOptions({ queryKey: consoleKeys.documents, queryFn: ({ signal }) => getPendingSubmissions(signal) });

export const usePendingSubmissions = () => useQuery(pendingSubmissionsQueryOptions());
