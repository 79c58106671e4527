import { getVerificationSubmission } from '@talentloop/contract/api/company-verification';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { consoleKeys } from './keys.ts';

// One submission with its company and history (issue 21).

export const getSubmission = (id: string, signal?: AbortSignal) =>
  call(getVerificationSubmission, undefined, { params: { submissionId: id }, signal });

export const submissionQueryOptions = (id: string | null) =>
  queryOptions({ queryKey: consoleKeys.submission(id ?? ''), queryFn: ({ signal }) => getSubmission(id ?? '', signal), enabled: !!id });

export const useSubmission = (id: string | null) => useQuery(submissionQueryOptions(id));
