import type { RequestOf } from '@talentloop/contract';
import { updateCandidate as endpoint } from '@talentloop/contract/api/shortlists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { applyCandidate } from './keys.ts';

// A candidate's stage (Not selected with its reason) and private note, from the version seen (issue 20).

export type UpdateCandidateInput = RequestOf<typeof endpoint> & { shortlistId: string; candidateId: string };

export const updateCandidate = ({ shortlistId, candidateId, ...body }: UpdateCandidateInput) =>
  call(endpoint, body, { params: { shortlistId, candidateId } });

export function useUpdateCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCandidate,
    onSuccess: (res, { shortlistId, candidateId }) => applyCandidate(queryClient, shortlistId, res.candidate, candidateId),
  });
}
