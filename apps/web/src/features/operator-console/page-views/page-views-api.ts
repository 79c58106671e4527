import { listPageViews } from '@talentloop/contract/api/analytics';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

// The operators' page views (issue 21): daily views per path over the last `days` UTC days.

export const pageViewKeys = { range: (days: number) => ['console', 'page-views', days] as const };

export const usePageViews = (days: number) =>
  useQuery({
    queryKey: pageViewKeys.range(days),
    queryFn: ({ signal }) => call(listPageViews, undefined, { query: { days }, signal }),
    placeholderData: (previous) => previous,
  });
