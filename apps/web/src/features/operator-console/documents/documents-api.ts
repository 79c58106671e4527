import {
  approveVerificationSubmission,
  getVerificationSubmission,
  listPendingVerifications,
  rejectVerificationSubmission,
} from '@talentloop/contract/api/company-verification';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { consoleKeys } from '../console-api.ts';

// The company documents queue (issue 21): pending submissions (oldest first), one submission with its
// company and history, and the two decisions, which refresh the list and the console's badges.

export const documentKeys = {
  queue: ['console', 'documents'] as const,
  submission: (id: string) => ['console', 'documents', id] as const,
};

export const usePendingSubmissions = () =>
  useQuery({
    queryKey: documentKeys.queue,
    queryFn: ({ signal }) => call(listPendingVerifications, undefined, { signal }),
  });

export const useSubmission = (id: string | null) =>
  useQuery({
    queryKey: documentKeys.submission(id ?? ''),
    queryFn: ({ signal }) => call(getVerificationSubmission, undefined, { params: { submissionId: id ?? '' }, signal }),
    enabled: !!id,
  });

export function useDecideSubmission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      reason === undefined
        ? call(approveVerificationSubmission, undefined, { params: { submissionId: id } })
        : call(rejectVerificationSubmission, { reason }, { params: { submissionId: id } }),
    onSettled: (_data, _err, { id }) => {
      client.invalidateQueries({ queryKey: documentKeys.queue, exact: true });
      client.invalidateQueries({ queryKey: documentKeys.submission(id) });
      client.invalidateQueries({ queryKey: consoleKeys.overview });
    },
  });
}
