import { saveCompanyTimeZone, saveFreelancerTimeZone } from '@talentloop/contract/api/interviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { type Side, interviewKeys } from './keys.ts';

// Saves the caller's time zone (the freelancer's setting, changed from the interviews section).

export const saveMyTimeZone = (side: Side, timeZone: string) =>
  call(side === 'company' ? saveCompanyTimeZone : saveFreelancerTimeZone, { timeZone });

export function useSaveMyTimeZone(side: Side) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timeZone: string) => saveMyTimeZone(side, timeZone),
    onSuccess: (res) => queryClient.setQueryData(interviewKeys.zone(side), { status: 'success', timeZone: res.timeZone }),
  });
}
