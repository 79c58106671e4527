import { z } from 'zod';
import { DAY_PATTERN, isCalendarDay } from '../rules/calendar-day.ts';
import { CURRENCIES } from '../rules/money.ts';
import { defineEndpoint } from './define.ts';
import { FileBytes } from './files.ts';

// The money report (issue 35 'Reports', decision 251), imported directly
// ('@talentloop/contract/api/money-reports'). Per currency, for a period of whole days (UTC, both
// ends included): what was received, released, earned in fees and paid out in it, what is held at
// its end, and the difference between the ledger's cash at bank and the last imported statement's
// closing balance (zero when they agree). Every figure is a sum of journal lines. Operators only.

const operators = ['operator'] as const;

export const MONEY_REPORT_MESSAGES = {
  dayInvalid: 'Give the date as YYYY-MM-DD.',
  periodBackwards: 'The period’s start must be on or before its end.',
} as const;

const day = z.string().regex(DAY_PATTERN, MONEY_REPORT_MESSAGES.dayInvalid).refine(isCalendarDay, MONEY_REPORT_MESSAGES.dayInvalid);

export const MoneyReportQuery = z
  .strictObject({ from: day, to: day })
  .refine((q) => q.from <= q.to, { message: MONEY_REPORT_MESSAGES.periodBackwards, path: ['to'] });
export type MoneyReportQuery = z.infer<typeof MoneyReportQuery>;

export const MoneyReportRow = z.object({
  currency: z.enum(CURRENCIES),
  /** Money that reached the bank in the period (the receipt entries' cash-at-bank debits). */
  receivedMinor: z.number().int(),
  /** Released to freelancers in the period (the release entries' payable credits). */
  releasedMinor: z.number().int(),
  /** The platform's fees earned in the period (platform_fee_revenue credits, less credit notes' reversals). */
  feesMinor: z.number().int(),
  /** Payouts the bank paid in the period (the payout_paid entries' cash-at-bank credits). */
  paidOutMinor: z.number().int(),
  /** At the bank at the period's end and not yet released to freelancers (includes fees not yet moved out). */
  heldMinor: z.number().int(),
  /** The ledger's cash at bank at the period's end. */
  ledgerCashMinor: z.number().int(),
  /** The closing balance of the last imported statement that closes by the period's end, and its day. */
  statementBalanceMinor: z.number().int().nullable(),
  statementOn: z.string().nullable(),
  /** Ledger cash less the statement's balance: zero when they agree; null without a statement. */
  differenceMinor: z.number().int().nullable(),
});
export type MoneyReportRow = z.infer<typeof MoneyReportRow>;

export const getMoneyReport = defineEndpoint({
  tag: 'operator',
  method: 'GET',
  path: '/operator/reports/money',
  summary:
    'The money report for a period, per currency: received, released, fees earned, paid out, held at its end, and the difference between the ledger’s cash at bank and the imported statements’ balance',
  auth: true,
  access: operators,
  query: MoneyReportQuery,
  response: z.object({ status: z.literal('success'), from: z.string(), to: z.string(), rows: z.array(MoneyReportRow) }),
});

export const downloadMoneyReportCsv = defineEndpoint({
  tag: 'operator',
  method: 'GET',
  path: '/operator/reports/money/csv',
  summary: 'The money report for a period as CSV (amounts in major units, formula cells escaped)',
  auth: true,
  access: operators,
  query: MoneyReportQuery,
  response: FileBytes,
  download: { types: ['text/csv'] },
});
