import { z } from 'zod';
import { OTP_LENGTH } from '../limits.ts';
import { DAY_PATTERN, isCalendarDay } from '../rules/calendar-day.ts';
import { CURRENCIES } from '../rules/money.ts';
import {
  PAYOUT_METHODS,
  accountNumberProblem,
  bicProblem,
  ibanProblem,
  ifscProblem,
  normalizeAccountNumber,
  normalizeBic,
  normalizeIban,
  normalizeIfsc,
} from '../rules/payout-details.ts';
import { hasUnsafeCharacters } from '../validation/characters.ts';
import { uuidParam } from '../validation/ids.ts';
import { PROFILE_MESSAGES as M } from '../validation/profile-messages.ts';
import { personLegalNameField } from './billing.ts';
import { defineEndpoint } from './define.ts';
import { FileBytes } from './files.ts';

// Payouts (issue 35, decisions 215-219), imported directly ('@talentloop/contract/api/payouts').
// A freelancer's payout details: saved only after the mailed code to the account's address (the
// change waits until then), shown masked. Operators batch everything payable (the ledger's
// freelancer_payable per freelancer and currency), download the bank files (pain.001 for EUR, CSV
// for the rest), mark the batch sent, then each line paid or returned.

export * from '../rules/payout-details.ts';

export const PAYOUT_MESSAGES = {
  codeSent: 'We sent a 5-digit code to your account email. Enter it to save these payout details.',
  saved: 'Payout details saved. We emailed you about the change.',
  holderRequired: 'Enter the account holder’s name as the bank knows it.',
  batchCreated: 'Payout batch created',
  lineRemoved: 'Payout removed from the batch',
  batchSent: 'Batch marked sent',
  linePaid: 'Payout marked paid',
  lineReturned: 'Payout marked returned: the amount is payable again',
  returnReasonRequired: 'Say why the bank returned it.',
  paidOnInvalid: 'Enter the day the bank paid it (not in the future).',
} as const;

const text = (required: string, max: number) =>
  z
    .string({ error: required })
    .refine((v) => !hasUnsafeCharacters(v), M.unsafeCharacters)
    .transform((v) => v.trim())
    .refine((v) => v.length > 0, required)
    .refine((v) => v.length <= max, `Use at most ${max} characters.`);

const checked = (problem: (v: string) => string | undefined, normalize: (v: string) => string) =>
  z
    .string()
    .max(60)
    .superRefine((v, ctx) => {
      const p = problem(v);
      if (p) ctx.addIssue({ code: 'custom', message: p });
    })
    .transform(normalize);

/** The details as a form sends them: the holder and one of the two kinds of account. */
export const PayoutDetailsFields = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('iban'),
    accountHolder: personLegalNameField,
    iban: checked(ibanProblem, normalizeIban),
    bic: checked(bicProblem, normalizeBic),
  }),
  z.object({
    method: z.literal('india'),
    accountHolder: personLegalNameField,
    accountNumber: checked(accountNumberProblem, normalizeAccountNumber),
    ifsc: checked(ifscProblem, normalizeIfsc),
  }),
]);
export type PayoutDetailsFields = z.input<typeof PayoutDetailsFields>;
export type PayoutDetails = z.output<typeof PayoutDetailsFields>;

export const PayoutVersion = z.number().int().min(0);

/** Saved details as every screen shows them: the account masked. */
export const MaskedPayoutDetails = z.object({
  method: z.enum(PAYOUT_METHODS),
  accountHolder: z.string(),
  /** The IBAN or account number, all but its last 4 characters hidden. */
  accountMasked: z.string(),
  /** The BIC or IFSC (a bank's public code, not secret). */
  bankCode: z.string(),
  updatedAt: z.string(),
});
export type MaskedPayoutDetails = z.infer<typeof MaskedPayoutDetails>;

export const PAYOUT_LINE_STATUSES = ['pending', 'sent', 'paid', 'returned'] as const;
export type PayoutLineStatus = (typeof PAYOUT_LINE_STATUSES)[number];
export const PAYOUT_LINE_STATUS_LABELS: Record<PayoutLineStatus, string> = {
  pending: 'In a batch',
  sent: 'Sent to the bank',
  paid: 'Paid',
  returned: 'Returned',
};

export const PAYOUT_BATCH_STATUSES = ['draft', 'sent', 'closed'] as const;
export type PayoutBatchStatus = (typeof PAYOUT_BATCH_STATUSES)[number];
export const PAYOUT_BATCH_STATUS_LABELS: Record<PayoutBatchStatus, string> = {
  draft: 'Not sent yet',
  sent: 'Sent to the bank',
  closed: 'Every payout settled',
};

/** Why a freelancer with payable money cannot be in a batch. */
export const PAYOUT_BLOCKS = ['no_details', 'needs_iban'] as const;
export type PayoutBlock = (typeof PAYOUT_BLOCKS)[number];
export const PAYOUT_BLOCK_LABELS: Record<PayoutBlock, string> = {
  no_details: 'No payout details saved yet',
  needs_iban: 'EUR is paid by SEPA transfer and needs an IBAN; their details are an Indian account',
};

const currency = z.enum(CURRENCIES);

const done = { status: z.literal('success'), responseMessage: z.string() };

const detailsLoaded = {
  status: z.literal('success'),
  version: PayoutVersion,
  details: MaskedPayoutDetails.nullable(),
};

export const FreelancerPayout = z.object({
  id: z.string(),
  currency,
  amountMinor: z.number().int(),
  status: z.enum(PAYOUT_LINE_STATUSES),
  accountMasked: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** The day the bank paid it (YYYY-MM-DD). */
  paidOn: z.string().nullable(),
  returnedReason: z.string().nullable(),
});
export type FreelancerPayout = z.infer<typeof FreelancerPayout>;

export const getPayoutDetails = defineEndpoint({
  tag: 'payouts',
  method: 'GET',
  path: '/freelancer/payout-details',
  summary: 'The caller’s payout details, masked (null before the first save, version 0)',
  auth: true,
  access: ['freelancer'],
  response: z.object(detailsLoaded),
});

export const requestPayoutDetailsChange = defineEndpoint({
  tag: 'payouts',
  method: 'POST',
  path: '/freelancer/payout-details/code',
  summary: 'Hold new payout details and mail a code to the account’s address; nothing changes until the code is entered',
  auth: true,
  access: ['freelancer'],
  body: z.object({ details: PayoutDetailsFields, version: PayoutVersion }),
  errors: ['TL_CORE_35500_E'],
  response: z.object(done),
});

export const confirmPayoutDetailsChange = defineEndpoint({
  tag: 'payouts',
  method: 'POST',
  path: '/freelancer/payout-details/confirm',
  summary: 'Save the held payout details with the mailed code (the version loaded; stale: 409); the change is mailed',
  auth: true,
  access: ['freelancer'],
  body: z.object({
    otp: z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `Enter the ${OTP_LENGTH}-digit code.`),
    version: PayoutVersion,
  }),
  errors: ['TL_CORE_35500_E', 'TL_CORE_35501_E'],
  response: z.object({ ...detailsLoaded, ...done }),
});

export const listMyPayouts = defineEndpoint({
  tag: 'payouts',
  method: 'GET',
  path: '/freelancer/payouts',
  summary: 'The caller’s payouts, newest first, with the day each was paid',
  auth: true,
  access: ['freelancer'],
  response: z.object({ status: z.literal('success'), payouts: z.array(FreelancerPayout) }),
});

// The operator's side.

const operators = ['operator'] as const;

export const PayableRow = z.object({
  freelancerId: z.string(),
  freelancerName: z.string(),
  currency,
  /** What freelancer_payable owes them, not counting what an open batch already holds. */
  amountMinor: z.number().int(),
  blocked: z.enum(PAYOUT_BLOCKS).nullable(),
});
export type PayableRow = z.infer<typeof PayableRow>;

export const PayoutBatchSummary = z.object({
  id: z.string(),
  status: z.enum(PAYOUT_BATCH_STATUSES),
  version: z.number().int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  lineCount: z.number().int(),
  totals: z.array(z.object({ currency, amountMinor: z.number().int() })),
  /** Lines not yet marked paid or returned. */
  openLines: z.number().int(),
});
export type PayoutBatchSummary = z.infer<typeof PayoutBatchSummary>;

export const PayoutLineRead = z.object({
  id: z.string(),
  freelancerId: z.string(),
  freelancerName: z.string(),
  accountHolder: z.string(),
  method: z.enum(PAYOUT_METHODS),
  accountMasked: z.string(),
  currency,
  amountMinor: z.number().int(),
  status: z.enum(PAYOUT_LINE_STATUSES),
  paidOn: z.string().nullable(),
  returnedReason: z.string().nullable(),
});
export type PayoutLineRead = z.infer<typeof PayoutLineRead>;

export const listPayouts = defineEndpoint({
  tag: 'payouts',
  method: 'GET',
  path: '/operator/payouts',
  summary: 'What is payable now per freelancer and currency (blocked ones with why), and the batches, newest first',
  auth: true,
  access: operators,
  response: z.object({ status: z.literal('success'), payable: z.array(PayableRow), batches: z.array(PayoutBatchSummary) }),
});

export const createPayoutBatch = defineEndpoint({
  tag: 'payouts',
  method: 'POST',
  path: '/operator/payout-batches',
  summary: 'A batch of everything payable and not blocked (one line per freelancer and currency)',
  auth: true,
  access: operators,
  body: z.object({}),
  errors: ['TL_CORE_35504_E', 'TL_CORE_35507_E'],
  response: z.object({ ...done, batch: PayoutBatchSummary }),
});

const batchParams = z.object({ batchId: uuidParam('TL_CORE_35502_E', 'The batch’s id (a UUID)') });
const lineParams = z.object({ lineId: uuidParam('TL_CORE_35503_E', 'The payout line’s id (a UUID)') });

export const getPayoutBatch = defineEndpoint({
  tag: 'payouts',
  method: 'GET',
  path: '/operator/payout-batches/:batchId',
  params: batchParams,
  summary: 'One batch and its lines (accounts masked)',
  auth: true,
  access: operators,
  errors: ['TL_CORE_35502_E'],
  response: z.object({ status: z.literal('success'), batch: PayoutBatchSummary, lines: z.array(PayoutLineRead) }),
});

export const removePayoutLine = defineEndpoint({
  tag: 'payouts',
  method: 'POST',
  path: '/operator/payout-lines/:lineId/remove',
  params: lineParams,
  summary: 'Take a line out of a batch not yet sent (its amount is payable again)',
  auth: true,
  access: operators,
  body: z.object({}),
  errors: ['TL_CORE_35503_E', 'TL_CORE_35505_E'],
  response: z.object({ ...done, batch: PayoutBatchSummary }),
});

export const downloadPayoutSepa = defineEndpoint({
  tag: 'payouts',
  method: 'GET',
  path: '/operator/payout-batches/:batchId/sepa',
  params: batchParams,
  summary: 'The batch’s EUR lines as a SEPA credit transfer (pain.001.001.09) with the full accounts',
  auth: true,
  access: operators,
  response: FileBytes,
  download: { types: ['application/xml'] },
  errors: ['TL_CORE_35502_E', 'TL_CORE_35508_E', 'TL_CORE_35511_E'],
});

export const downloadPayoutCsv = defineEndpoint({
  tag: 'payouts',
  method: 'GET',
  path: '/operator/payout-batches/:batchId/csv',
  params: batchParams,
  summary: 'The batch’s lines in other currencies than EUR as CSV with the full accounts (formula cells escaped)',
  auth: true,
  access: operators,
  response: FileBytes,
  download: { types: ['text/csv'] },
  errors: ['TL_CORE_35502_E'],
});

export const sendPayoutBatch = defineEndpoint({
  tag: 'payouts',
  method: 'POST',
  path: '/operator/payout-batches/:batchId/send',
  params: batchParams,
  summary: 'Mark the batch sent to the bank: each line moves from payable to payouts in transit; the batch is fixed from now on',
  auth: true,
  access: operators,
  body: z.object({ version: z.number().int() }),
  errors: ['TL_CORE_35502_E', 'TL_CORE_35504_E', 'TL_CORE_35505_E', 'TL_CORE_35509_E', 'TL_CORE_35510_E'],
  response: z.object({ ...done, batch: PayoutBatchSummary }),
});

export const markPayoutPaid = defineEndpoint({
  tag: 'payouts',
  method: 'POST',
  path: '/operator/payout-lines/:lineId/paid',
  params: lineParams,
  summary: 'Mark a sent line paid on a day (payouts in transit to cash at bank); once only',
  auth: true,
  access: operators,
  body: z.object({
    paidOn: z.string().regex(DAY_PATTERN, PAYOUT_MESSAGES.paidOnInvalid).refine(isCalendarDay, PAYOUT_MESSAGES.paidOnInvalid),
  }),
  errors: ['TL_CORE_35503_E', 'TL_CORE_35506_E'],
  response: z.object({ ...done, line: PayoutLineRead }),
});

export const markPayoutReturned = defineEndpoint({
  tag: 'payouts',
  method: 'POST',
  path: '/operator/payout-lines/:lineId/returned',
  params: lineParams,
  summary: 'Mark a sent line returned by the bank with the reason: its amount is payable again',
  auth: true,
  access: operators,
  body: z.object({ reason: text(PAYOUT_MESSAGES.returnReasonRequired, 300) }),
  errors: ['TL_CORE_35503_E', 'TL_CORE_35506_E'],
  response: z.object({ ...done, line: PayoutLineRead }),
});
