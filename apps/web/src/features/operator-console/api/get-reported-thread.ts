import { getReportedThread } from '@talentloop/contract/api/messages';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { consoleKeys } from './keys.ts';

// A reported conversation's messages around its reports (issue 36); each read is in the audit log,
// so it is read when an operator opens it, not before.

export const getThread = (conversationId: string, signal?: AbortSignal) =>
  call(getReportedThread, undefined, { params: { conversationId }, signal });

export const useReportedThread = (conversationId: string, enabled: boolean) =>
  useQuery({ queryKey: consoleKeys.reportedThread(conversationId), queryFn: ({ signal }) => getThread(conversationId, signal), enabled });
