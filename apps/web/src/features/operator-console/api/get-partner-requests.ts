import type { ResponseOf } from '@talentloop/contract';
import { type PartnerRequestStatus, listPartnerRequests } from '@talentloop/contract/api/partners';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { consoleKeys } from './keys.ts';

// The partner requests by status (issue 21), 50 a page.

type Page = ResponseOf<typeof listPartnerRequests>;

export const getPartnerRequests = (status: PartnerRequestStatus | undefined, cursor: string | null, signal?: AbortSignal) =>
  call(listPartnerRequests, undefined, { query: { status, ...(cursor ? { cursor } : {}) }, signal });

export const partnerRequestsQueryOptions = (status: PartnerRequestStatus | undefined) =>
  infiniteQueryOptions({
    queryKey: consoleKeys.partnerRequestList(status),
    queryFn: ({ signal, pageParam }) => getPartnerRequests(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page) => last.nextCursor,
  });

export const usePartnerRequests = (status: PartnerRequestStatus | undefined) => useInfiniteQuery(partnerRequestsQueryOptions(status));
