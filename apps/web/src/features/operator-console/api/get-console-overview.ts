import { getConsoleOverview as endpoint } from '@talentloop/contract/api/operator-console';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { consoleKeys } from './keys.ts';

// The console's overview, also the menu's badges (issue 21).

export const getConsoleOverview = (signal?: AbortSignal) => call(endpoint, undefined, { signal });

/** Refreshed every minute and whenever the window regains focus, so the badges follow other operators' work. */
export const consoleOverviewQueryOptions = () =>
  queryOptions({ queryKey: consoleKeys.overview, queryFn: ({ signal }) => getConsoleOverview(signal), refetchInterval: 60_000 });

export const useConsoleOverview = () => useQuery(consoleOverviewQueryOptions());
