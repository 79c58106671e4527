import type { Interview } from '@talentloop/contract/api/interviews';
import { useQueryClient } from '@tanstack/react-query';

// Interviews (issue 22): every query key of the feature (decision 188), and what a change reloads.
// Every change carries the interview's version; the answer replaces the cached interview and the
// lists reload (the shortlist too, since an accept moves the candidate).

export type Side = 'company' | 'freelancer';

export const interviewKeys = {
  all: ['interviews'] as const,
  company: (candidateId?: string) => ['interviews', 'company', candidateId ?? 'all'] as const,
  freelancer: ['interviews', 'freelancer'] as const,
  zone: (side: Side) => ['interviews', 'zone', side] as const,
};

/**
 * After a change: every interview list reloads; the shortlists (an accept moves a candidate) and the
 * freelancer's status (its timeline and 'what happens next' follow the interview) too. Those are
 * other features' keys, named here by their roots (features do not import each other).
 */
export function useInterviewChanged() {
  const queryClient = useQueryClient();
  return (_interview: Interview) => {
    void queryClient.invalidateQueries({ queryKey: interviewKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['shortlists'] });
    void queryClient.invalidateQueries({ queryKey: ['talent-status'] });
  };
}
