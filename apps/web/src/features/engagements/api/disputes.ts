import { fillPath } from '@talentloop/contract/api/define';
import {
  answerDispute,
  downloadDisputeFile,
  listMyDisputes,
  type OpenDisputeBody,
  openDispute,
  uploadDisputeFile,
} from '@talentloop/contract/api/disputes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, call, upload } from '../../../lib/api-client.ts';
import { engagementKeys } from './keys.ts';

// Disputes (issue 35): the caller's disputes and invoices with their 30-day window; opening or
// answering one reloads them and the payment dates (a dispute suspends the release).

const disputesKey = [...engagementKeys.all, 'disputes'] as const;

export const useMyDisputes = () =>
  useQuery({ queryKey: disputesKey, queryFn: ({ signal }) => call(listMyDisputes, undefined, { signal }) });

function useDisputeMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: engagementKeys.all }),
  });
}

export const useOpenDispute = () =>
  useDisputeMutation(({ invoiceId, body }: { invoiceId: string; body: OpenDisputeBody }) =>
    call(openDispute, body, { params: { invoiceId } }),
  );

export const useAnswerDispute = () =>
  useDisputeMutation(({ disputeId, answer }: { disputeId: string; answer: string }) =>
    call(answerDispute, { answer }, { params: { disputeId } }),
  );

export const useAttachDisputeFile = () =>
  useDisputeMutation(({ disputeId, file }: { disputeId: string; file: File }) =>
    upload(uploadDisputeFile, { files: { file } }, { params: { disputeId } }),
  );

/** Where a file attached to the dispute is read (a download, with the session's token: a link would carry none). */
export const disputeFileUrl = (disputeId: string, fileId: string) => API_BASE + fillPath(downloadDisputeFile.path, { disputeId, fileId });
