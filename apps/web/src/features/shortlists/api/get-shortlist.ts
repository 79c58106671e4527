import { getShortlist as endpoint } from '@talentloop/contract/api/shortlists';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { shortlistKeys } from './keys.ts';

// One list with its candidates (issue 20); a missing list answers its own 404 (not retried).

export const getShortlist = (shortlistId: string, signal?: AbortSignal) => call(endpoint, undefined, { params: { shortlistId }, signal });

export const shortlistQueryOptions = (shortlistId: string) =>
  queryOptions({ queryKey: shortlistKeys.one(shortlistId), queryFn: ({ signal }) => getShortlist(shortlistId, signal), retry: false });

export const useShortlist = (shortlistId: string) => useQuery(shortlistQueryOptions(shortlistId));
