import type { RequestOf } from '@talentloop/contract';
import { proposeInterview as endpoint } from '@talentloop/contract/api/interviews';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { useInterviewChanged } from './keys.ts';

// A company proposes times to a candidate (issue 22).

export const proposeInterview = (body: RequestOf<typeof endpoint>) => call(endpoint, body);

export function useProposeInterview() {
  const changed = useInterviewChanged();
  return useMutation({ mutationFn: proposeInterview, onSuccess: (res) => changed(res.interview) });
}
