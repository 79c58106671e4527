import type { RequestOf } from '@talentloop/contract';
import {
  type Interview,
  acceptInterview,
  cancelCompanyInterview,
  cancelFreelancerInterview,
  declineInterview,
  getCompanyTimeZone,
  getFreelancerTimeZone,
  listCompanyInterviews,
  listFreelancerInterviews,
  proposeInterview,
  recordInterviewOutcome,
  requestOtherTimes,
  rescheduleInterview,
  saveCompanyTimeZone,
  saveFreelancerTimeZone,
} from '@talentloop/contract/api/interviews';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { call } from '../../../lib/api-client.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';

// Interviews (issue 22). Every change carries the interview's version; the answer replaces the
// cached interview and the lists reload (the shortlist too, since an accept moves the candidate).

export type Side = 'company' | 'freelancer';

export const interviewKeys = {
  all: ['interviews'] as const,
  company: (candidateId?: string) => ['interviews', 'company', candidateId ?? 'all'] as const,
  freelancer: ['interviews', 'freelancer'] as const,
  zone: (side: Side) => ['interviews', 'zone', side] as const,
};

export const useCompanyInterviews = (candidateId?: string) =>
  useQuery({
    queryKey: interviewKeys.company(candidateId),
    queryFn: ({ signal }) => call(listCompanyInterviews, undefined, { query: candidateId ? { candidateId } : {}, signal }),
  });

export const useFreelancerInterviews = () =>
  useQuery({ queryKey: interviewKeys.freelancer, queryFn: ({ signal }) => call(listFreelancerInterviews, undefined, { signal }) });

/**
 * The caller's saved zone; the first time none is saved, the browser's is saved (the 'first
 * guessed from the browser'). While loading (or if the save fails) the browser's zone is used.
 */
export function useMyTimeZone(side: Side): { zone: string; saved: boolean; loading: boolean } {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: interviewKeys.zone(side),
    queryFn: ({ signal }) => call(side === 'company' ? getCompanyTimeZone : getFreelancerTimeZone, undefined, { signal }),
    staleTime: 5 * 60_000,
  });
  const tried = useRef(false);
  useEffect(() => {
    if (!query.data || query.data.timeZone || tried.current) return;
    tried.current = true;
    const timeZone = browserTimeZone();
    const save = side === 'company' ? saveCompanyTimeZone : saveFreelancerTimeZone;
    call(save, { timeZone })
      .then((res) => queryClient.setQueryData(interviewKeys.zone(side), { status: 'success', timeZone: res.timeZone }))
      .catch(() => {
        // A company without its profile yet cannot save one; the browser's zone is used meanwhile.
      });
  }, [query.data, side, queryClient]);
  return { zone: query.data?.timeZone ?? browserTimeZone(), saved: Boolean(query.data?.timeZone), loading: query.isPending };
}

/** Saves the caller's time zone (the freelancer's setting, changed from the interviews section). */
export function useSaveMyTimeZone(side: Side) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timeZone: string) => call(side === 'company' ? saveCompanyTimeZone : saveFreelancerTimeZone, { timeZone }),
    onSuccess: (res) => queryClient.setQueryData(interviewKeys.zone(side), { status: 'success', timeZone: res.timeZone }),
  });
}

/**
 * After a change: every interview list reloads; the shortlists (an accept moves a candidate) and the
 * freelancer's status (its timeline and 'what happens next' follow the interview) too.
 */
function useChanged() {
  const queryClient = useQueryClient();
  return (_interview: Interview) => {
    void queryClient.invalidateQueries({ queryKey: interviewKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['shortlists'] });
    void queryClient.invalidateQueries({ queryKey: ['talent-status'] });
  };
}

export function useProposeInterview() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (body: RequestOf<typeof proposeInterview>) => call(proposeInterview, body),
    onSuccess: (res) => changed(res.interview),
  });
}

export function useRescheduleInterview() {
  const changed = useChanged();
  return useMutation({
    mutationFn: ({ interviewId, ...body }: RequestOf<typeof rescheduleInterview> & { interviewId: string }) =>
      call(rescheduleInterview, body, { params: { interviewId } }),
    onSuccess: (res) => changed(res.interview),
  });
}

export type ReasonAction = 'companyCancel' | 'freelancerCancel' | 'decline' | 'otherTimes';
const REASON_ENDPOINTS = {
  companyCancel: cancelCompanyInterview,
  freelancerCancel: cancelFreelancerInterview,
  decline: declineInterview,
  otherTimes: requestOtherTimes,
} as const;

export function useReasonAction() {
  const changed = useChanged();
  return useMutation({
    mutationFn: ({
      action,
      interviewId,
      reason,
      version,
    }: {
      action: ReasonAction;
      interviewId: string;
      reason: string;
      version: number;
    }) => call(REASON_ENDPOINTS[action], { reason, version }, { params: { interviewId } }),
    onSuccess: (res) => changed(res.interview),
  });
}

export function useAcceptInterview() {
  const changed = useChanged();
  return useMutation({
    mutationFn: ({ interviewId, slotId, version }: { interviewId: string; slotId: string; version: number }) =>
      call(acceptInterview, { slotId, version }, { params: { interviewId } }),
    onSuccess: (res) => changed(res.interview),
  });
}

export function useRecordOutcome() {
  const changed = useChanged();
  return useMutation({
    mutationFn: ({ interviewId, outcome, version }: { interviewId: string; outcome: 'held' | 'no_show'; version: number }) =>
      call(recordInterviewOutcome, { outcome, version }, { params: { interviewId } }),
    onSuccess: (res) => changed(res.interview),
  });
}
