import type { RequestOf } from '@talentloop/contract';
import { queryTimesheet } from '@talentloop/contract/api/engagements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { engagementKeys } from './keys.ts';

export function useQueryTimesheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ timesheetId, body }: { timesheetId: string; body: RequestOf<typeof queryTimesheet> }) =>
      call(queryTimesheet, body, { params: { timesheetId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: engagementKeys.company() }),
  });
}
