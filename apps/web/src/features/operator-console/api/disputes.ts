import { fillPath } from '@talentloop/contract/api/define';
import { type DecideDisputeBody, decideDispute, downloadDisputeFileForOperator, listDisputes } from '@talentloop/contract/api/disputes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, call } from '../../../lib/api-client.ts';
import { readOwnFile } from '../../../ui/file-thumbnail.tsx';
import { consoleKeys } from './keys.ts';

// Disputes (issue 35): the console's list and decision; a decision reloads the list, the releases
// due (its hold closes), the badges and the audit log.

export const useDisputes = () =>
  useQuery({ queryKey: consoleKeys.disputes, queryFn: ({ signal }) => call(listDisputes, undefined, { signal }), refetchInterval: 60_000 });

export function useDecideDispute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ disputeId, body }: { disputeId: string; body: DecideDisputeBody }) =>
      call(decideDispute, body, { params: { disputeId } }),
    onSettled: () => {
      client.invalidateQueries({ queryKey: consoleKeys.disputes });
      client.invalidateQueries({ queryKey: consoleKeys.releasesDue });
      client.invalidateQueries({ queryKey: consoleKeys.overview });
      client.invalidateQueries({ queryKey: consoleKeys.auditAll });
    },
  });
}

/** Saves a file attached to a dispute, read with the session's token. */
export function useDownloadDisputeFile() {
  return useMutation({
    mutationFn: async ({ disputeId, fileId, name }: { disputeId: string; fileId: string; name: string }) => {
      const res = await readOwnFile(API_BASE + fillPath(downloadDisputeFileForOperator.path, { disputeId, fileId }));
      const href = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = href;
      a.download = name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(href), 60_000);
    },
  });
}
