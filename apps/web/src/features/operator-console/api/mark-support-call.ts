import { type SupportCallOutcome, markSupportCallOutcome } from '@talentloop/contract/api/support-booking';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { consoleKeys } from './keys.ts';

// A past support call marked held or missed (issue 21); the list and the console's badges read again.

export const markSupportCall = ({ id, outcome }: { id: string; outcome: SupportCallOutcome }) =>
  call(markSupportCallOutcome, { outcome }, { params: { bookingId: id } });

export function useMarkSupportCall() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markSupportCall,
    onSettled: () => {
      client.invalidateQueries({ queryKey: consoleKeys.supportCalls });
      client.invalidateQueries({ queryKey: consoleKeys.overview });
    },
  });
}
