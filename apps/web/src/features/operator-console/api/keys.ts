import type { AuditQuery } from '@talentloop/contract/api/operator-console';
import type { PartnerRequestStatus } from '@talentloop/contract/api/partners';

// Every query key of the operator console (decision 188): one tree under 'console', so a decision
// invalidates exactly what it changed (its list, the overview's badges, the audit log).

export const consoleKeys = {
  all: ['console'] as const,
  overview: ['console', 'overview'] as const,
  auditAll: ['console', 'audit'] as const,
  audit: (filters: Omit<AuditQuery, 'before'>) => ['console', 'audit', filters] as const,
  accounts: ['console', 'accounts'] as const,
  accountSearch: (q: string) => ['console', 'accounts', 'search', q] as const,
  account: (userId: string) => ['console', 'accounts', 'detail', userId] as const,
  documents: ['console', 'documents'] as const,
  submission: (id: string) => ['console', 'documents', id] as const,
  pageViews: (days: number) => ['console', 'page-views', days] as const,
  partnerRequests: ['console', 'partner-requests'] as const,
  partnerRequestList: (status: PartnerRequestStatus | undefined) => ['console', 'partner-requests', status ?? 'all'] as const,
  partnerRequestUpdate: (id: string) => ['console', 'partner-requests', 'update', id] as const,
  reviews: ['console', 'reviews'] as const,
  payouts: ['console', 'payouts'] as const,
  payoutBatch: (batchId: string) => ['console', 'payouts', batchId] as const,
  supportCalls: ['console', 'support-calls'] as const,
  vetting: ['console', 'vetting'] as const,
  receipts: ['console', 'receipts'] as const,
  releasesDue: ['console', 'releases-due'] as const,
  moneyReport: (from: string, to: string) => ['console', 'money-report', from, to] as const,
  messageReports: ['console', 'message-reports'] as const,
  disputes: ['console', 'disputes'] as const,
  reportedThread: (conversationId: string) => ['console', 'message-reports', 'thread', conversationId] as const,
};
