import { type MoneyReportQuery, downloadMoneyReportCsv, getMoneyReport } from '@talentloop/contract/api/money-reports';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, call } from '../../../lib/api-client.ts';
import { readOwnFile } from '../../../ui/file-thumbnail.tsx';
import { consoleKeys } from './keys.ts';

// The money report (issue 35 'Reports'): per currency for a period, and its CSV as a download.

export const useMoneyReport = (period: MoneyReportQuery) =>
  useQuery({
    queryKey: consoleKeys.moneyReport(period.from, period.to),
    queryFn: ({ signal }) => call(getMoneyReport, undefined, { query: period, signal }),
  });

/** Downloads the report's CSV (the file needs the Bearer token, so it is fetched and saved from a Blob). */
export async function downloadMoneyReport(period: MoneyReportQuery): Promise<void> {
  const query = new URLSearchParams(period).toString();
  const res = await readOwnFile(`${API_BASE}${downloadMoneyReportCsv.path}?${query}`);
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'money-report.csv';
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
