import type { ResponseOf } from '@talentloop/contract';
import { type AuditQuery, listAuditLog } from '@talentloop/contract/api/operator-console';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { consoleKeys } from './keys.ts';

// The audit log (issue 21), newest first, a page at a time (`before` the last entry's id).

export type AuditFilters = Omit<AuditQuery, 'before'>;
type AuditPage = ResponseOf<typeof listAuditLog>;

export const getAuditLog = (filters: AuditFilters, before: number | null, signal?: AbortSignal) =>
  call(listAuditLog, undefined, { query: { ...filters, ...(before ? { before } : {}) }, signal });

export const auditLogQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: consoleKeys.audit(filters),
    queryFn: ({ signal, pageParam }) => getAuditLog(filters, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last: AuditPage) => last.nextBefore,
  });

export const useAuditLog = (filters: AuditFilters) => useInfiniteQuery(auditLogQueryOptions(filters));
