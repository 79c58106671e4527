import type { ResponseOf } from '@talentloop/contract';
import { type AuditQuery, getConsoleOverview, listAuditLog } from '@talentloop/contract/api/operator-console';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';

// The console's overview (also the menu's badges) and the audit log (issue 21).

export const consoleKeys = {
  all: ['console'] as const,
  overview: ['console', 'overview'] as const,
  audit: (filters: Omit<AuditQuery, 'before'>) => ['console', 'audit', filters] as const,
};

/** Refreshed every minute and whenever the window regains focus, so the badges follow other operators' work. */
export const useConsoleOverview = () =>
  useQuery({
    queryKey: consoleKeys.overview,
    queryFn: ({ signal }) => call(getConsoleOverview, undefined, { signal }),
    refetchInterval: 60_000,
  });

type AuditPage = ResponseOf<typeof listAuditLog>;

export const useAuditLog = (filters: Omit<AuditQuery, 'before'>) =>
  useInfiniteQuery({
    queryKey: consoleKeys.audit(filters),
    queryFn: ({ signal, pageParam }) =>
      call(listAuditLog, undefined, { query: { ...filters, ...(pageParam ? { before: pageParam } : {}) }, signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (last: AuditPage) => last.nextBefore,
  });
