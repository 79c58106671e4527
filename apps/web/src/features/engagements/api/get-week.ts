import { getWeek } from '@talentloop/contract/api/engagements';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { engagementKeys } from './keys.ts';

export const weekQuery = (engagementId: string, weekStart: string) =>
  queryOptions({
    queryKey: engagementKeys.week(engagementId, weekStart),
    queryFn: ({ signal }) => call(getWeek, undefined, { signal, params: { engagementId, weekStart } }),
  });

export const useWeek = (engagementId: string, weekStart: string) => useQuery(weekQuery(engagementId, weekStart));
