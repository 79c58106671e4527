import { cancelSupportCallAsOperator } from '@talentloop/contract/api/support-booking';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { consoleKeys } from './keys.ts';

// An operator cancels a support call with a message to the company (issue 21); the list and the
// console's badges read again.

export const cancelSupportCall = ({ id, message }: { id: string; message: string }) =>
  call(cancelSupportCallAsOperator, { message }, { params: { bookingId: id } });

export function useCancelSupportCall() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelSupportCall,
    onSettled: () => {
      client.invalidateQueries({ queryKey: consoleKeys.supportCalls });
      client.invalidateQueries({ queryKey: consoleKeys.overview });
    },
  });
}
