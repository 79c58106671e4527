import {
  getCompanyTimeZone,
  getFreelancerTimeZone,
  saveCompanyTimeZone,
  saveFreelancerTimeZone,
} from '@talentloop/contract/api/interviews';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { call } from '../../../lib/api-client.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { type Side, interviewKeys } from './keys.ts';

// The caller's saved time zone (issue 22), per side.

export const getMyTimeZone = (side: Side, signal?: AbortSignal) =>
  call(side === 'company' ? getCompanyTimeZone : getFreelancerTimeZone, undefined, { signal });

export const myTimeZoneQueryOptions = (side: Side) =>
  queryOptions({ queryKey: interviewKeys.zone(side), queryFn: ({ signal }) => getMyTimeZone(side, signal), staleTime: 5 * 60_000 });

/**
 * The caller's saved zone; the first time none is saved, the browser's is saved (the 'first
 * guessed from the browser'). While loading (or if the save fails) the browser's zone is used.
 */
export function useMyTimeZone(side: Side): { zone: string; saved: boolean; loading: boolean } {
  const queryClient = useQueryClient();
  const query = useQuery(myTimeZoneQueryOptions(side));
  const tried = useRef(false);
  useEffect(() => {
    if (!query.data || query.data.timeZone || tried.current) return;
    tried.current = true;
    const timeZone = browserTimeZone();
    const save = side === 'company' ? saveCompanyTimeZone : saveFreelancerTimeZone;
    call(save, { timeZone })
      .then((res) => queryClient.setQueryData(interviewKeys.zone(side), { status: 'success', timeZone: res.timeZone }))
      .catch(() => {
        // A company without its profile yet cannot save one; the browser's zone is used meanwhile.
      });
  }, [query.data, side, queryClient]);
  return { zone: query.data?.timeZone ?? browserTimeZone(), saved: Boolean(query.data?.timeZone), loading: query.isPending };
}
