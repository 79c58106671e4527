import { acceptInterview as endpoint } from '@talentloop/contract/api/interviews';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { useInterviewChanged } from './keys.ts';

// The freelancer accepts one of the proposed times, from the version seen (issue 22).

export const acceptInterview = ({ interviewId, slotId, version }: { interviewId: string; slotId: string; version: number }) =>
  call(endpoint, { slotId, version }, { params: { interviewId } });

export function useAcceptInterview() {
  const changed = useInterviewChanged();
  return useMutation({ mutationFn: acceptInterview, onSuccess: (res) => changed(res.interview) });
}
