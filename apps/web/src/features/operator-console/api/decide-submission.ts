import { approveVerificationSubmission, rejectVerificationSubmission } from '@talentloop/contract/api/company-verification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { consoleKeys } from './keys.ts';

// Approve a submission, or reject it with a reason (issue 21); the queue, the submission and the
// console's badges read again.

export const decideSubmission = ({ id, reason }: { id: string; reason?: string }) =>
  reason === undefined
    ? call(approveVerificationSubmission, undefined, { params: { submissionId: id } })
    : call(rejectVerificationSubmission, { reason }, { params: { submissionId: id } });

export function useDecideSubmission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: decideSubmission,
    onSettled: (_data, _err, { id }) => {
      client.invalidateQueries({ queryKey: consoleKeys.documents, exact: true });
      client.invalidateQueries({ queryKey: consoleKeys.submission(id) });
      client.invalidateQueries({ queryKey: consoleKeys.overview });
    },
  });
}
