import { fillPath } from '@talentloop/contract/api/define';
import { type DecideDisputeBody, decideDispute, downloadDisputeFileForOperator, listDisputes } from '@talentloop/contract/api/disputes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, call } from '../../../lib/api-client.ts';
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

/** Where a file attached to a dispute is read (a download, with the session's token). */
export const disputeFileUrl = (disputeId: string, fileId: string) =>
  API_BASE + fillPath(downloadDisputeFileForOperator.path, { disputeId, fileId });
