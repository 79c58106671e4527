import type { RequestOf } from '@talentloop/contract';
import { bookSupportCall, cancelSupportCall, getSupportAvailability, getSupportBooking } from '@talentloop/contract/api/support-booking';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { companyKeys } from '../api/company-api.ts';

// Support booking calls (issue 11). The server says which calls exist and how many seats are left;
// a booking or a cancellation puts the answer in the booking query and reloads the availability.

export const supportKeys = {
  availability: [...companyKeys.all, 'support', 'availability'] as const,
  booking: [...companyKeys.all, 'support', 'booking'] as const,
};

/** Seats change with other companies' bookings: always reloaded when the calendar is shown. */
export const useSupportAvailability = () =>
  useQuery({
    queryKey: supportKeys.availability,
    queryFn: ({ signal }) => call(getSupportAvailability, undefined, { signal }),
    staleTime: 0,
    refetchOnMount: 'always',
  });

export const useSupportBooking = () =>
  useQuery({ queryKey: supportKeys.booking, queryFn: ({ signal }) => call(getSupportBooking, undefined, { signal }) });

export function useBookSupportCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<typeof bookSupportCall>) => call(bookSupportCall, body),
    onSuccess: (res) => {
      queryClient.setQueryData(supportKeys.booking, (old: { defaultEmail: string | null; emails: string[] } | undefined) => ({
        status: 'success' as const,
        booking: res.booking,
        defaultEmail: old?.defaultEmail ?? null,
        emails: old?.emails ?? [],
      }));
      return queryClient.invalidateQueries({ queryKey: supportKeys.availability });
    },
    // A full call, or a call booked meanwhile in another tab: what is shown is out of date.
    onError: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: supportKeys.availability }),
        queryClient.invalidateQueries({ queryKey: supportKeys.booking }),
      ]),
  });
}

export function useCancelSupportCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) => call(cancelSupportCall, { bookingId }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: supportKeys.booking }),
        queryClient.invalidateQueries({ queryKey: supportKeys.availability }),
      ]),
  });
}
