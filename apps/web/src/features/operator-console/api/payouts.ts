import { fillPath } from '@talentloop/contract/api/define';
import {
  createPayoutBatch,
  downloadPayoutCsv,
  downloadPayoutSepa,
  getPayoutBatch,
  listPayouts,
  markPayoutPaid,
  markPayoutReturned,
  removePayoutLine,
  sendPayoutBatch,
} from '@talentloop/contract/api/payouts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, call } from '../../../lib/api-client.ts';
import { readOwnFile } from '../../../ui/file-thumbnail.tsx';
import { consoleKeys } from './keys.ts';

// Payout batches (issue 35): what is payable, the batches and their lines; every action reads the
// list, the open batch, the overview's badge and the audit log again.

export const usePayouts = () =>
  useQuery(queryOptions({ queryKey: consoleKeys.payouts, queryFn: ({ signal }) => call(listPayouts, undefined, { signal }) }));

export const usePayoutBatch = (batchId: string | null) =>
  useQuery(
    queryOptions({
      queryKey: consoleKeys.payoutBatch(batchId ?? ''),
      queryFn: ({ signal }) => call(getPayoutBatch, undefined, { params: { batchId: batchId ?? '' }, signal }),
      enabled: batchId !== null,
    }),
  );

function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: consoleKeys.payouts }),
      queryClient.invalidateQueries({ queryKey: consoleKeys.overview }),
      queryClient.invalidateQueries({ queryKey: consoleKeys.auditAll }),
    ]);
}

export function usePayoutAction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (
      action:
        | { kind: 'create' }
        | { kind: 'send'; batchId: string; version: number }
        | { kind: 'remove'; lineId: string }
        | { kind: 'paid'; lineId: string; paidOn: string }
        | { kind: 'returned'; lineId: string; reason: string },
    ) => {
      switch (action.kind) {
        case 'create':
          return call(createPayoutBatch, {});
        case 'send':
          return call(sendPayoutBatch, { version: action.version }, { params: { batchId: action.batchId } });
        case 'remove':
          return call(removePayoutLine, {}, { params: { lineId: action.lineId } });
        case 'paid':
          return call(markPayoutPaid, { paidOn: action.paidOn }, { params: { lineId: action.lineId } });
        case 'returned':
          return call(markPayoutReturned, { reason: action.reason }, { params: { lineId: action.lineId } });
      }
    },
    onSettled: invalidate,
  });
}

/** Saves a batch's bank file (it needs the session's token, so it is read here, not linked). */
export async function downloadPayoutFile(batchId: string, kind: 'sepa' | 'csv'): Promise<void> {
  const endpoint = kind === 'sepa' ? downloadPayoutSepa : downloadPayoutCsv;
  const res = await readOwnFile(API_BASE + fillPath(endpoint.path, { batchId }));
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? `payouts.${kind === 'sepa' ? 'xml' : 'csv'}`;
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
