import { hideMessage as endpoint } from '@talentloop/contract/api/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { consoleKeys } from './keys.ts';

// Hide a reported conversation's message with a reason (issue 36): the queue, the thread and the
// audit log are read again.

export const hideMessage = ({ conversationId, messageId, reason }: { conversationId: string; messageId: string; reason: string }) =>
  call(endpoint, { reason }, { params: { conversationId, messageId } });

export function useHideMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: hideMessage,
    onSuccess: (_res, { conversationId }) => {
      void queryClient.invalidateQueries({ queryKey: consoleKeys.messageReports, exact: true });
      void queryClient.invalidateQueries({ queryKey: consoleKeys.reportedThread(conversationId) });
      void queryClient.invalidateQueries({ queryKey: consoleKeys.auditAll });
    },
  });
}
