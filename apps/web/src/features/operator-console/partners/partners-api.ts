import type { ResponseOf } from '@talentloop/contract';
import {
  type PartnerRequestStatus,
  type PartnerRequestUpdateBody,
  exportPartnerRequests,
  listPartnerRequests,
  updatePartnerRequest,
} from '@talentloop/contract/api/partners';
import { CALL_TIMEOUT_MS } from '@talentloop/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, ApiError, call, refreshSession, tokenState } from '../../../lib/api-client.ts';
import { consoleKeys } from '../console-api.ts';

// The operators' partner requests (issue 21): the list by status (50 a page), one change (status
// and/or note from the version seen), and the CSV export as a file download.

export const partnerKeys = {
  all: ['console', 'partner-requests'] as const,
  list: (status: PartnerRequestStatus | undefined) => ['console', 'partner-requests', status ?? 'all'] as const,
};

type Page = ResponseOf<typeof listPartnerRequests>;

export const usePartnerRequests = (status: PartnerRequestStatus | undefined) =>
  useInfiniteQuery({
    queryKey: partnerKeys.list(status),
    queryFn: ({ signal, pageParam }) =>
      call(listPartnerRequests, undefined, { query: { status, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page) => last.nextCursor,
  });

export function useUpdatePartnerRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PartnerRequestUpdateBody }) =>
      call(updatePartnerRequest, body, { params: { requestId: id } }),
    onSettled: () => {
      client.invalidateQueries({ queryKey: partnerKeys.all });
      client.invalidateQueries({ queryKey: consoleKeys.overview });
    },
  });
}

/** Hands a blob to the browser as a file download. */
function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Downloads the CSV export (the filter's status, or all). The file needs the Bearer token, so it is
 * fetched here (one refresh and retry on 401, as `call` does) and saved from a Blob, not linked.
 */
export async function downloadPartnerRequestsCsv(status: PartnerRequestStatus | undefined): Promise<void> {
  const url = new URL(API_BASE + exportPartnerRequests.path, window.location.origin);
  if (status) url.searchParams.set('status', status);
  const get = async () => {
    const token = tokenState.get();
    try {
      return await fetch(url, {
        headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        credentials: 'include',
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch {
      throw new ApiError(0, undefined, 'Failed to connect to server. Please try again later.');
    }
  };
  let res = await get();
  if (res.status === 401) {
    await refreshSession();
    res = await get();
  }
  if (!res.ok) throw new ApiError(res.status, await res.json().catch(() => undefined));
  const fileName = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'partner-requests.csv';
  saveBlob(await res.blob(), fileName);
}
