import { recordInterviewOutcome } from '@talentloop/contract/api/interviews';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { useInterviewChanged } from './keys.ts';

// The company marks an ended interview held or a no-show, from the version seen (issue 22).

export const recordOutcome = ({ interviewId, outcome, version }: { interviewId: string; outcome: 'held' | 'no_show'; version: number }) =>
  call(recordInterviewOutcome, { outcome, version }, { params: { interviewId } });

export function useRecordOutcome() {
  const changed = useInterviewChanged();
  return useMutation({ mutationFn: recordOutcome, onSuccess: (res) => changed(res.interview) });
}
