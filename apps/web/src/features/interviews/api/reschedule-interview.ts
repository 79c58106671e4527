import type { RequestOf } from '@talentloop/contract';
import { rescheduleInterview as endpoint } from '@talentloop/contract/api/interviews';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { useInterviewChanged } from './keys.ts';

// New times for an interview, from the version seen (issue 22).

export const rescheduleInterview = ({ interviewId, ...body }: RequestOf<typeof endpoint> & { interviewId: string }) =>
  call(endpoint, body, { params: { interviewId } });

export function useRescheduleInterview() {
  const changed = useInterviewChanged();
  return useMutation({ mutationFn: rescheduleInterview, onSuccess: (res) => changed(res.interview) });
}
