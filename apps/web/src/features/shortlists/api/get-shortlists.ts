import { listShortlists } from '@talentloop/contract/api/shortlists';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { shortlistKeys } from './keys.ts';

// The company's lists, each with its counts per stage (issue 20).

export const getShortlists = (signal?: AbortSignal) => call(listShortlists, undefined, { signal });

export const shortlistsQueryOptions = (enabled = true) =>
  queryOptions({ queryKey: shortlistKeys.list, queryFn: ({ signal }) => getShortlists(signal), enabled });

export const useShortlists = (enabled = true) => useQuery(shortlistsQueryOptions(enabled));
