import { listReportedMessages } from '@talentloop/contract/api/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { consoleKeys } from './keys.ts';

// Reported messages, unhidden first, oldest report first (issue 36).

export const getMessageReports = (signal?: AbortSignal) => call(listReportedMessages, undefined, { signal });

export const messageReportsQueryOptions = () =>
  queryOptions({ queryKey: consoleKeys.messageReports, queryFn: ({ signal }) => getMessageReports(signal) });

export const useMessageReports = () => useQuery(messageReportsQueryOptions());
