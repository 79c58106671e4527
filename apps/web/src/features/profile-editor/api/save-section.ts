import type { Endpoint, RequestOf, ResponseOf } from '@talentloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { completionIn, editorKeys } from './keys.ts';

/**
 * Saves a section: the section's cached load becomes `toLoad(answer)` (so the form shows the
 * server's list and version) and the completion card the answer's percentage.
 */
export function useSectionSave<E extends Endpoint, L>(name: string, endpoint: E, toLoad: (res: ResponseOf<E>) => L) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<E>) => call(endpoint, body),
    onSuccess: (res) => {
      queryClient.setQueryData(editorKeys.section(name), toLoad(res));
      const pct = completionIn(res);
      if (pct !== undefined) queryClient.setQueryData(editorKeys.completion(), pct);
    },
  });
}
