import { getSupportAvailability as endpoint } from '@talentloop/contract/api/support-booking';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { companyKeys } from './keys.ts';

// The support calls' free seats (issue 11).

export const getSupportAvailability = (signal?: AbortSignal) => call(endpoint, undefined, { signal });

/** Seats change with other companies' bookings: always reloaded when the calendar is shown. */
export const supportAvailabilityQueryOptions = () =>
  queryOptions({
    queryKey: companyKeys.supportAvailability,
    queryFn: ({ signal }) => getSupportAvailability(signal),
    staleTime: 0,
    refetchOnMount: 'always',
  });

export const useSupportAvailability = () => useQuery(supportAvailabilityQueryOptions());
