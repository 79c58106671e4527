import { z } from 'zod';
import { DAY_PATTERN, isCalendarDay } from '../rules/calendar-day.ts';
import { CURRENCIES } from '../rules/money.ts';
import { RECEIPT_STATES } from '../rules/receipts.ts';
import { uuidParam } from '../validation/ids.ts';
import { defineEndpoint } from './define.ts';

// Receipts from the bank and their release (issue 35, decisions 210-213), imported directly
// ('@talentloop/contract/api/receipts'). Operators import the bank's statement (ISO 20022 camt.053
// XML, or CSV with a column mapping) or record one receipt by hand; each credit line is matched to
// an invoice by its payment reference, and the rest wait for the operator to assign. Every operator
// action is audited in its transaction. Companies and freelancers read each invoice's dates.

export {
  RECEIPT_STATES,
  RECEIPT_STATE_LABELS,
  RELEASE_DAYS,
  type ReceiptState,
  daysUntil,
  referenceIn,
  releaseDeadline,
} from '../rules/receipts.ts';

const operators = ['operator'] as const;

/** A statement's text at most (a camt.053 of 10,000 entries is about 8 MB). */
export const STATEMENT_MAX_CHARS = 12_000_000;
export const STATEMENT_FORMATS = ['camt053', 'csv'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];
export const STATEMENT_FORMAT_LABELS: Record<StatementFormat, string> = {
  camt053: 'camt.053 (XML)',
  csv: 'CSV',
};

/** Which CSV column (by its header, as written in the file) holds each field. */
export const CsvMapping = z.strictObject({
  date: z.string().trim().min(1, 'Name the date column.'),
  amount: z.string().trim().min(1, 'Name the amount column.'),
  currency: z.string().trim().min(1, 'Name the currency column.'),
  reference: z.string().trim().min(1, 'Name the reference column.'),
  payer: z.string().trim().optional(),
  /** The bank's own id of each line (its stable identity); without it a line's identity is its content. */
  lineId: z.string().trim().optional(),
});
export type CsvMapping = z.infer<typeof CsvMapping>;

export const ImportStatementBody = z.strictObject({
  format: z.enum(STATEMENT_FORMATS, { message: 'Choose camt.053 or CSV.' }),
  content: z.string().min(1, 'The statement is empty.').max(STATEMENT_MAX_CHARS, 'The statement is too large.'),
  csv: CsvMapping.optional(),
});
export type ImportStatementBody = z.infer<typeof ImportStatementBody>;

export const ImportResult = z.object({
  statementId: z.string(),
  /** The same statement was imported before: nothing changed. */
  alreadyImported: z.boolean(),
  creditLines: z.number().int(),
  newLines: z.number().int(),
  matched: z.number().int(),
  unmatched: z.number().int(),
});
export type ImportResult = z.infer<typeof ImportResult>;

export const ReceiptRead = z.object({
  id: z.string(),
  bookedOn: z.string(),
  currency: z.enum(CURRENCIES),
  amountMinor: z.number().int(),
  /** What part of it paid the invoice (the rest, if any, is unallocated). */
  allocatedMinor: z.number().int(),
  remittance: z.string(),
  payerName: z.string(),
  source: z.enum(['camt053', 'csv', 'manual']),
  state: z.enum(RECEIPT_STATES),
  invoice: z
    .object({
      id: z.string(),
      number: z.string(),
      paymentReference: z.string(),
      grossMinor: z.number().int(),
      outstandingMinor: z.number().int(),
    })
    .nullable(),
});
export type ReceiptRead = z.infer<typeof ReceiptRead>;

export const importStatement = defineEndpoint({
  tag: 'operator',
  method: 'POST',
  path: '/operator/statements',
  summary:
    'Import a bank statement (camt.053 XML, or CSV with a column mapping): each credit line once (the same statement again changes nothing), matched by payment reference; a bad statement is refused naming its line (TL_CORE_35101_E) and nothing is posted; audited',
  auth: true,
  access: operators,
  body: ImportStatementBody,
  response: z.object({ status: z.literal('success'), responseMessage: z.string(), result: ImportResult }),
  errors: ['TL_CORE_35101_E'],
});

export const RecordReceiptBody = z.strictObject({
  bookedOn: z.string().regex(DAY_PATTERN, 'Give the date as YYYY-MM-DD.').refine(isCalendarDay, 'Give a real date.'),
  currency: z.enum(CURRENCIES, { message: 'Choose a currency from the list.' }),
  /** Typed in major units ("1250.50"), read by the contract's parseAmount. */
  amount: z.string().trim().min(1, 'Enter the amount.').max(30, 'Enter the amount.'),
  /** The bank's reference of the transfer: its identity (the same one twice is refused). */
  bankReference: z.string().trim().min(1, 'Enter the bank’s reference of the transfer.').max(140, 'At most 140 characters.'),
  remittance: z.string().trim().max(140, 'At most 140 characters.').default(''),
  payerName: z.string().trim().max(140, 'At most 140 characters.').default(''),
});
export type RecordReceiptBody = z.input<typeof RecordReceiptBody>;

export const recordReceipt = defineEndpoint({
  tag: 'operator',
  method: 'POST',
  path: '/operator/receipts',
  summary:
    'Record one receipt by hand (matched by its remittance text like a statement line); the same bank reference twice is refused (TL_CORE_35102_E); audited',
  auth: true,
  access: operators,
  body: RecordReceiptBody,
  response: z.object({ status: z.literal('success'), responseMessage: z.string(), receipt: ReceiptRead }),
  errors: ['TL_CORE_35101_E', 'TL_CORE_35102_E'],
});

export const ReceiptsQuery = z.strictObject({
  state: z.enum(RECEIPT_STATES, { message: 'state must be a receipt state' }).optional(),
});

export const listReceipts = defineEndpoint({
  tag: 'operator',
  method: 'GET',
  path: '/operator/receipts',
  summary: 'Receipts, newest booking first (at most 500), optionally in one state; the unmatched wait to be assigned',
  auth: true,
  access: operators,
  query: ReceiptsQuery,
  response: z.object({ status: z.literal('success'), receipts: z.array(ReceiptRead) }),
});

export const AssignReceiptBody = z.strictObject({
  paymentReference: z.string().trim().min(1, 'Enter the invoice’s payment reference.').max(60, 'Enter the invoice’s payment reference.'),
});

export const assignReceipt = defineEndpoint({
  tag: 'operator',
  method: 'POST',
  path: '/operator/receipts/:receiptId/assign',
  params: z.object({ receiptId: uuidParam('TL_CORE_35103_E') }),
  summary:
    'Assign an unmatched receipt to the invoice with this payment reference (no such invoice: TL_CORE_35104_E; already assigned: 409 TL_CORE_35105_E; another currency: TL_CORE_35106_E); audited',
  auth: true,
  access: operators,
  body: AssignReceiptBody,
  response: z.object({ status: z.literal('success'), responseMessage: z.string(), receipt: ReceiptRead }),
  errors: ['TL_CORE_35103_E', 'TL_CORE_35104_E', 'TL_CORE_35105_E', 'TL_CORE_35106_E'],
});

/** An invoice whose net is received and approved but not yet released: the 'Releases due' queue. */
export const ReleaseDue = z.object({
  invoiceId: z.string(),
  number: z.string(),
  currency: z.enum(CURRENCIES),
  netMinor: z.number().int(),
  freelancerName: z.string(),
  companyName: z.string(),
  receivedOn: z.string(),
  /** The last day of the 7-day promise. */
  deadline: z.string(),
  /** An open hold (a dispute, missing payout details) suspends the release: its reason. */
  holdReason: z.string().nullable(),
});
export type ReleaseDue = z.infer<typeof ReleaseDue>;

export const listReleasesDue = defineEndpoint({
  tag: 'operator',
  method: 'GET',
  path: '/operator/releases-due',
  summary: 'Received and approved amounts not yet released to the freelancer, oldest deadline first (held ones show their hold)',
  auth: true,
  access: operators,
  response: z.object({ status: z.literal('success'), releases: z.array(ReleaseDue) }),
});

/** Where an invoice's money is: each date as it happened, or as expected. */
export const PaymentTimeline = z.object({
  invoiceId: z.string(),
  number: z.string(),
  currency: z.enum(CURRENCIES),
  grossMinor: z.number().int(),
  netMinor: z.number().int(),
  receivedMinor: z.number().int(),
  /** The day the payment was received in full, else null (then receivedExpectedOn: the due date). */
  receivedOn: z.string().nullable(),
  receivedExpectedOn: z.string(),
  /** The day the net reached the freelancer's payable, else null (then releaseExpectedOn, or null while the work awaits approval). */
  releasedOn: z.string().nullable(),
  releaseExpectedOn: z.string().nullable(),
  /** Paid out to the freelancer (payout batches, a later step): expected from the release. */
  paidOn: z.string().nullable(),
  paidExpectedOn: z.string().nullable(),
  /** An open hold on the release. */
  holdReason: z.string().nullable(),
});
export type PaymentTimeline = z.infer<typeof PaymentTimeline>;

const timelines = z.object({ status: z.literal('success'), payments: z.array(PaymentTimeline) });

export const listFreelancerPayments = defineEndpoint({
  tag: 'invoices',
  method: 'GET',
  path: '/freelancer/payments',
  summary: 'Per invoice issued on the caller’s behalf: received on, released on, paid on (or the date each is expected)',
  auth: true,
  access: ['freelancer'],
  response: timelines,
});

export const listCompanyPayments = defineEndpoint({
  tag: 'invoices',
  method: 'GET',
  path: '/company/payments',
  summary: 'Per invoice issued to the caller’s company: received on, released on, paid on (or the date each is expected)',
  auth: true,
  access: ['client'],
  response: timelines,
});
