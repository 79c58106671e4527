import { getSupportBooking as endpoint } from '@talentloop/contract/api/support-booking';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { companyKeys } from './keys.ts';

// The company's support call, if booked, and the addresses it may give (issue 11).

export const getSupportBooking = (signal?: AbortSignal) => call(endpoint, undefined, { signal });

export const supportBookingQueryOptions = () =>
  queryOptions({ queryKey: companyKeys.supportBooking, queryFn: ({ signal }) => getSupportBooking(signal) });

export const useSupportBooking = () => useQuery(supportBookingQueryOptions());
