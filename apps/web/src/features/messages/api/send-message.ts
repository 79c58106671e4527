import { sendMessage as endpoint, sendMessageFile as fileEndpoint } from '@talentloop/contract/api/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, upload } from '../../../lib/api-client.ts';
import { applyMessage } from './keys.ts';

// Sending a text, or a file with an optional line (the upload pipeline's multipart, issue 36). The
// answer's message goes into the cache at once; the stream's copy of it later is the same id.

export type SendInput = { conversationId: string; text: string; file?: File | null };

export function sendMessage({ conversationId, text, file }: SendInput) {
  if (file) return upload(fileEndpoint, { fields: text.trim() ? { text } : {}, files: { file } }, { params: { conversationId } });
  return call(endpoint, { text }, { params: { conversationId } });
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendMessage, onSuccess: (res) => applyMessage(queryClient, res.message) });
}
