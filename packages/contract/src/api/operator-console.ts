import { z } from 'zod';
import { DAY_PATTERN, isCalendarDay } from '../rules/calendar-day.ts';
import { defineEndpoint } from './define.ts';

// The operator console (issue 21): its overview and the audit log. Each queue's own endpoints live
// with its feature (vetting in talent-pool.ts, documents in company-verification.ts, partner
// requests in partners.ts, support calls in support-booking.ts, accounts in operator-accounts.ts).
// Imported directly ('@talentloop/contract/api/operator-console').

const operators = ['operator'] as const;

/**
 * Every action an operator can take, as the audit log names it. One list: the server writes these,
 * the console's filter offers them.
 */
export const AUDIT_ACTIONS = [
  'vetting.approve',
  'vetting.request_changes',
  'vetting.decline',
  'document.approve',
  'document.reject',
  'partner_request.update',
  'support_call.cancel',
  'support_call.outcome',
  'account.suspend',
  'account.reactivate',
  'account.resend_code',
  'operator.grant',
  'operator.revoke',
  'review.hide',
  'review.restore',
  'statement.import',
  'receipt.record',
  'receipt.assign',
  'payout_batch.create',
  'payout_batch.remove_line',
  'payout_batch.send',
  'payout_line.paid',
  'payout_line.returned',
  'message_reports.view',
  'message.hide',
  'dispute.decide',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'vetting.approve': 'Approved a profile',
  'vetting.request_changes': 'Requested profile changes',
  'vetting.decline': 'Declined a profile',
  'document.approve': 'Approved company documents',
  'document.reject': 'Rejected company documents',
  'partner_request.update': 'Updated a partner request',
  'support_call.cancel': 'Cancelled a support call',
  'support_call.outcome': 'Marked a support call',
  'account.suspend': 'Suspended an account',
  'account.reactivate': 'Reactivated an account',
  'account.resend_code': 'Resent a verification code',
  'operator.grant': 'Made an operator',
  'operator.revoke': 'Removed an operator',
  'review.hide': 'Hid a review',
  'review.restore': 'Restored a review',
  'statement.import': 'Imported a bank statement',
  'receipt.record': 'Recorded a receipt',
  'receipt.assign': 'Assigned a receipt to an invoice',
  'payout_batch.create': 'Created a payout batch',
  'payout_batch.remove_line': 'Removed a line from a payout batch',
  'payout_batch.send': 'Marked a payout batch sent',
  'payout_line.paid': 'Marked a payout paid',
  'payout_line.returned': 'Marked a payout returned',
  'message_reports.view': 'Viewed reported messages',
  'message.hide': 'Hid a message',
  'dispute.decide': 'Decided a dispute',
};

/** What an audit entry is about. */
export const AUDIT_TARGET_TYPES = [
  'user',
  'company',
  'submission',
  'partner_request',
  'support_booking',
  'review',
  'bank_statement',
  'receipt',
  'payout_batch',
  'payout_line',
  'conversation',
  'message',
  'dispute',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** Entries per page of the audit log. */
export const AUDIT_PAGE_SIZE = 50;

export const AuditEntry = z.object({
  id: z.number(),
  createdAt: z.string(),
  operatorId: z.string().nullable(),
  operatorEmail: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.enum(AUDIT_TARGET_TYPES),
  targetId: z.string(),
  targetLabel: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** The audit log's filters (URL query): operator, action, a date range (days, UTC), and the page cursor. */
export const AuditQuery = z.strictObject({
  operatorId: z.uuid({ error: 'operatorId must be an operator id' }).optional(),
  action: z.enum(AUDIT_ACTIONS, { error: 'action must be an audit action' }).optional(),
  from: z
    .string()
    .regex(DAY_PATTERN, { error: 'from must be a date (YYYY-MM-DD)' })
    .refine(isCalendarDay, 'from must be a real date')
    .optional(),
  to: z.string().regex(DAY_PATTERN, { error: 'to must be a date (YYYY-MM-DD)' }).refine(isCalendarDay, 'to must be a real date').optional(),
  /** The last entry id of the previous page (entries are newest first). */
  before: z.coerce.number({ error: 'before must be an entry id' }).int().positive().optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const listAuditLog = defineEndpoint({
  tag: 'operator',
  method: 'GET',
  path: '/operator/audit',
  summary: 'The audit log, newest first, filtered by operator, action and date; append-only (no endpoint edits or deletes it)',
  auth: true,
  access: operators,
  query: AuditQuery,
  response: z.object({
    status: z.literal('success'),
    entries: z.array(AuditEntry),
    /** Pass as `before` for the next page; null on the last page. */
    nextBefore: z.number().nullable(),
    /** Everyone who ever acted, for the operator filter. */
    operators: z.array(z.object({ id: z.string(), email: z.string() })),
  }),
});

/** The console's queues, as its overview and menu badges count them. */
export const CONSOLE_QUEUES = [
  'vetting',
  'documents',
  'partnerRequests',
  'supportCalls',
  'receipts',
  'releasesDue',
  'payouts',
  'disputes',
] as const;
export type ConsoleQueue = (typeof CONSOLE_QUEUES)[number];

export const ConsoleOverview = z.object({
  queues: z.object(
    Object.fromEntries(
      CONSOLE_QUEUES.map((q) => [
        q,
        z.object({
          /** Items waiting (support calls: upcoming booked calls). */
          waiting: z.number(),
          /** When the oldest waiting item arrived (support calls: the next call's start); null when none. */
          oldestAt: z.string().nullable(),
        }),
      ]),
    ) as Record<ConsoleQueue, z.ZodObject<{ waiting: z.ZodNumber; oldestAt: z.ZodNullable<z.ZodString> }>>,
  ),
  /** Accounts made today (UTC), by role; demo accounts never counted. */
  signupsToday: z.object({ freelancers: z.number(), companies: z.number() }),
});
export type ConsoleOverview = z.infer<typeof ConsoleOverview>;

export const getConsoleOverview = defineEndpoint({
  tag: 'operator',
  method: 'GET',
  path: '/operator/overview',
  summary: 'What waits in each queue and since when, and today\u2019s sign-ups by role',
  auth: true,
  access: operators,
  response: z.object({ status: z.literal('success'), overview: ConsoleOverview }),
});
