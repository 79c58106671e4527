import { deleteMessage, editMessage, reportMessage } from '@talentloop/contract/api/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { applyMessage } from './keys.ts';

// Editing (within the contract's minutes) and deleting one's own message, and reporting the other
// side's (issue 36). Each answers the message as it now is, which replaces the cached one by id.

type Ids = { conversationId: string; messageId: string };

export const editOwnMessage = ({ conversationId, messageId, text }: Ids & { text: string }) =>
  call(editMessage, { text }, { params: { conversationId, messageId } });
export const deleteOwnMessage = ({ conversationId, messageId }: Ids) =>
  call(deleteMessage, undefined, { params: { conversationId, messageId } });
export const reportOtherMessage = ({ conversationId, messageId, reason }: Ids & { reason: string }) =>
  call(reportMessage, { reason }, { params: { conversationId, messageId } });

function useChange<I>(fn: (input: I) => ReturnType<typeof deleteOwnMessage>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: (res) => applyMessage(queryClient, res.message) });
}

export const useEditMessage = () => useChange(editOwnMessage);
export const useDeleteMessage = () => useChange(deleteOwnMessage);
export const useReportMessage = () => useChange(reportOtherMessage);
