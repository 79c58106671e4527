import { cancelSupportCall as endpoint } from '@talentloop/contract/api/support-booking';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { companyKeys } from './keys.ts';

// The company cancels its support call (issue 11); the booking and the seats reload.

export const cancelSupportCall = (bookingId: string) => call(endpoint, { bookingId });

export function useCancelSupportCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSupportCall,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.supportBooking }),
        queryClient.invalidateQueries({ queryKey: companyKeys.supportAvailability }),
      ]),
  });
}
