import { CALL_TIMEOUT_MS } from '@talentloop/contract';
import { type PartnerRequestStatus, exportPartnerRequests } from '@talentloop/contract/api/partners';
import { API_BASE, ApiError, refreshSession, tokenState } from '../../../lib/api-client.ts';

// The partner requests as a CSV file (issue 21): a download, not a query (nothing is cached).

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
