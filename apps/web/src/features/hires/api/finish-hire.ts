import { finishHire as endpoint } from '@talentloop/contract/api/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { applyHire } from './keys.ts';

// The company marks the work with a hire finished, from the version seen (issue 22).

export const finishHire = ({ hireId, version }: { hireId: string; version: number }) => call(endpoint, { version }, { params: { hireId } });

export function useFinishHire() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: finishHire, onSuccess: (res) => applyHire(queryClient, res.hire) });
}
