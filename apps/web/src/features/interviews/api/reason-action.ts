import {
  cancelCompanyInterview,
  cancelFreelancerInterview,
  declineInterview,
  requestOtherTimes,
} from '@talentloop/contract/api/interviews';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { useInterviewChanged } from './keys.ts';

// The changes that carry a reason the other side reads (issue 22): cancel (either side), decline,
// ask for other times.

export type ReasonAction = 'companyCancel' | 'freelancerCancel' | 'decline' | 'otherTimes';
const REASON_ENDPOINTS = {
  companyCancel: cancelCompanyInterview,
  freelancerCancel: cancelFreelancerInterview,
  decline: declineInterview,
  otherTimes: requestOtherTimes,
} as const;

export type ReasonActionInput = { action: ReasonAction; interviewId: string; reason: string; version: number };

export const runReasonAction = ({ action, interviewId, reason, version }: ReasonActionInput) =>
  call(REASON_ENDPOINTS[action], { reason, version }, { params: { interviewId } });

export function useReasonAction() {
  const changed = useInterviewChanged();
  return useMutation({ mutationFn: runReasonAction, onSuccess: (res) => changed(res.interview) });
}
