import {
  type ImportStatementBody,
  type RecordReceiptBody,
  assignReceipt,
  importStatement,
  listReceipts,
  listReleasesDue,
  recordReceipt,
} from '@talentloop/contract/api/receipts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { consoleKeys } from './keys.ts';

// Receipts and releases (issue 35): the operator's list, import, hand-recorded receipt and assignment;
// each change reloads the receipts, the releases due and the menu's badges.

export const useReceipts = () =>
  useQuery({ queryKey: consoleKeys.receipts, queryFn: ({ signal }) => call(listReceipts, undefined, { query: {}, signal }) });

export const useReleasesDue = () =>
  useQuery({
    queryKey: consoleKeys.releasesDue,
    queryFn: ({ signal }) => call(listReleasesDue, undefined, { signal }),
    refetchInterval: 60_000,
  });

function useMoneyMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      client.invalidateQueries({ queryKey: consoleKeys.receipts });
      client.invalidateQueries({ queryKey: consoleKeys.releasesDue });
      client.invalidateQueries({ queryKey: consoleKeys.overview });
      client.invalidateQueries({ queryKey: consoleKeys.auditAll });
    },
  });
}

export const useImportStatement = () => useMoneyMutation((body: ImportStatementBody) => call(importStatement, body));
export const useRecordReceipt = () => useMoneyMutation((body: RecordReceiptBody) => call(recordReceipt, body));
export const useAssignReceipt = () =>
  useMoneyMutation(({ receiptId, paymentReference }: { receiptId: string; paymentReference: string }) =>
    call(assignReceipt, { paymentReference }, { params: { receiptId } }),
  );
