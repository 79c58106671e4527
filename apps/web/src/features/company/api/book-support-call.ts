import type { RequestOf } from '@talentloop/contract';
import { bookSupportCall as endpoint } from '@talentloop/contract/api/support-booking';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { companyKeys } from './keys.ts';

// A support call booked (issue 11): the answer becomes the cached booking and the seats reload.

export const bookSupportCall = (body: RequestOf<typeof endpoint>) => call(endpoint, body);

export function useBookSupportCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookSupportCall,
    onSuccess: (res) => {
      queryClient.setQueryData(companyKeys.supportBooking, (old: { defaultEmail: string | null; emails: string[] } | undefined) => ({
        status: 'success' as const,
        booking: res.booking,
        defaultEmail: old?.defaultEmail ?? null,
        emails: old?.emails ?? [],
      }));
      return queryClient.invalidateQueries({ queryKey: companyKeys.supportAvailability });
    },
    // A full call, or a call booked meanwhile in another tab: what is shown is out of date.
    onError: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.supportAvailability }),
        queryClient.invalidateQueries({ queryKey: companyKeys.supportBooking }),
      ]),
  });
}
