import type { RequestOf } from '@talentloop/contract';
import { removeCandidate as endpoint } from '@talentloop/contract/api/shortlists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { applyCandidate } from './keys.ts';

// A candidate removed: quietly, or with a reason the freelancer sees as Not selected (issue 20).

export type RemoveCandidateInput = RequestOf<typeof endpoint> & { shortlistId: string; candidateId: string };

export const removeCandidate = ({ shortlistId, candidateId, ...body }: RemoveCandidateInput) =>
  call(endpoint, body, { params: { shortlistId, candidateId } });

export function useRemoveCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCandidate,
    onSuccess: (_res, { shortlistId, candidateId }) => applyCandidate(queryClient, shortlistId, null, candidateId),
  });
}
