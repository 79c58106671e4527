import { listPageViews } from '@talentloop/contract/api/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { consoleKeys } from './keys.ts';

// The operators' page views (issue 21): daily views per path over the last `days` UTC days.

export const getPageViews = (days: number, signal?: AbortSignal) => call(listPageViews, undefined, { query: { days }, signal });

export const pageViewsQueryOptions = (days: number) =>
  queryOptions({
    queryKey: consoleKeys.pageViews(days),
    queryFn: ({ signal }) => getPageViews(days, signal),
    placeholderData: (previous) => previous,
  });

export const usePageViews = (days: number) => useQuery(pageViewsQueryOptions(days));
