import { z } from 'zod';
import { CURRENCIES } from '../rules/money.ts';
import {
  DISPUTE_FILES_MAX,
  DISPUTE_OUTCOMES,
  DISPUTE_STATUSES,
  DISPUTE_SUBJECTS,
  DISPUTE_TEXT_MAX,
  DISPUTE_TEXT_MIN,
} from '../rules/disputes.ts';
import { uuidParam } from '../validation/ids.ts';
import { defineEndpoint } from './define.ts';
import { FileBytes } from './files.ts';

// Disputes (issue 35, decisions 246-249), imported directly ('@talentloop/contract/api/disputes').
// Within 30 days of an invoice either side of the engagement disputes it (the invoice, the week's
// hours or the milestone it bills) with a reason; the invoice's release is suspended while the
// dispute is open; the other side answers; an operator who is not a party decides (release, refund
// as a credit note, or split) with a reason, audited in the decision's transaction; both are mailed.

export {
  DISPUTE_OUTCOMES,
  DISPUTE_OUTCOME_LABELS,
  DISPUTE_STATUSES,
  DISPUTE_STATUS_LABELS,
  DISPUTE_SUBJECTS,
  DISPUTE_SUBJECT_LABELS,
  DISPUTE_FILES_MAX,
  DISPUTE_WINDOW_DAYS,
  type DisputeOutcome,
  type DisputeStatus,
  type DisputeSubject,
  disputeWindowEnd,
  splitDisputed,
  withinDisputeWindow,
} from '../rules/disputes.ts';

const parties = ['freelancer', 'client'] as const;
const operators = ['operator'] as const;

const text = (what: string) =>
  z
    .string()
    .trim()
    .min(DISPUTE_TEXT_MIN, `Say in at least ${DISPUTE_TEXT_MIN} characters ${what}.`)
    .max(DISPUTE_TEXT_MAX, `At most ${DISPUTE_TEXT_MAX} characters.`);

export const DisputeRead = z.object({
  id: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  currency: z.enum(CURRENCIES),
  grossMinor: z.number().int(),
  netMinor: z.number().int(),
  subject: z.enum(DISPUTE_SUBJECTS),
  status: z.enum(DISPUTE_STATUSES),
  /** Who opened it. */
  raisedBy: z.enum(['company', 'freelancer']),
  companyName: z.string(),
  freelancerName: z.string(),
  reason: z.string(),
  openedAt: z.string(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  outcome: z.enum(DISPUTE_OUTCOMES).nullable(),
  /** What went back to the company (gross), for a refund or a split. */
  refundMinor: z.number().int().nullable(),
  decisionReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** A credit note issued by the decision, if any. */
  creditNoteNumber: z.string().nullable(),
  /** Changes with every step: a decision names the version it was made on (a stale one is 409). */
  version: z.number().int(),
  /** Evidence each side attached, in the order uploaded. */
  files: z.array(z.object({ id: z.string(), side: z.enum(['company', 'freelancer']), mime: z.string(), size: z.number().int() })),
});
export type DisputeRead = z.infer<typeof DisputeRead>;

/** One of the party's invoices and whether it can still be disputed (the window's last day). */
export const DisputableInvoice = z.object({
  invoiceId: z.string(),
  number: z.string(),
  issueDate: z.string(),
  currency: z.enum(CURRENCIES),
  grossMinor: z.number().int(),
  /** What the invoice bills: a week's hours or a milestone. */
  work: z.enum(['timesheet', 'milestone']),
  /** The last day a dispute can be opened. */
  disputeUntil: z.string(),
  /** Within the window and not disputed yet. */
  canDispute: z.boolean(),
  disputeId: z.string().nullable(),
});
export type DisputableInvoice = z.infer<typeof DisputableInvoice>;

export const listMyDisputes = defineEndpoint({
  tag: 'disputes',
  method: 'GET',
  path: '/disputes',
  summary: 'The caller’s disputes (as freelancer or company), newest first, and their invoices with each one’s dispute window',
  auth: true,
  access: parties,
  response: z.object({
    status: z.literal('success'),
    disputes: z.array(DisputeRead),
    invoices: z.array(DisputableInvoice),
  }),
});

export const OpenDisputeBody = z.strictObject({
  subject: z.enum(DISPUTE_SUBJECTS, { message: 'Choose what you dispute.' }),
  reason: text('what is wrong'),
});
export type OpenDisputeBody = z.infer<typeof OpenDisputeBody>;

export const openDispute = defineEndpoint({
  tag: 'disputes',
  method: 'POST',
  path: '/invoices/:invoiceId/disputes',
  params: z.object({ invoiceId: uuidParam('TL_CORE_35151_E') }),
  summary:
    'Dispute an invoice of one’s engagement (the invoice, its week’s hours or its milestone) within 30 days of its issue date, with a reason: its release is suspended until an operator decides; the other side is mailed. Not a party: 404; after the window: TL_CORE_35152_E; disputed already: TL_CORE_35153_E',
  auth: true,
  access: parties,
  body: OpenDisputeBody,
  response: z.object({ status: z.literal('success'), responseMessage: z.string(), dispute: DisputeRead }),
  errors: ['TL_CORE_35151_E', 'TL_CORE_35152_E', 'TL_CORE_35153_E', 'TL_CORE_35159_E'],
});

const disputeId = z.object({ disputeId: uuidParam('TL_CORE_35150_E') });

export const getMyDispute = defineEndpoint({
  tag: 'disputes',
  method: 'GET',
  path: '/disputes/:disputeId',
  params: disputeId,
  summary: 'One dispute of the caller’s engagements (another’s is 404)',
  auth: true,
  access: parties,
  response: z.object({ status: z.literal('success'), dispute: DisputeRead }),
  errors: ['TL_CORE_35150_E'],
});

export const AnswerDisputeBody = z.strictObject({ answer: text('your side') });
export type AnswerDisputeBody = z.infer<typeof AnswerDisputeBody>;

export const answerDispute = defineEndpoint({
  tag: 'disputes',
  method: 'POST',
  path: '/disputes/:disputeId/answer',
  params: disputeId,
  summary:
    'The other side answers a dispute, once, before it is decided (the side that opened it: TL_CORE_35154_E; answered or decided: TL_CORE_35155_E); operators are told through their queue',
  auth: true,
  access: parties,
  body: AnswerDisputeBody,
  response: z.object({ status: z.literal('success'), responseMessage: z.string(), dispute: DisputeRead }),
  errors: ['TL_CORE_35150_E', 'TL_CORE_35154_E', 'TL_CORE_35155_E'],
});

export const listDisputes = defineEndpoint({
  tag: 'operator',
  method: 'GET',
  path: '/operator/disputes',
  summary: 'Disputes for the console: undecided first (oldest first), then the latest decided (at most 200)',
  auth: true,
  access: operators,
  response: z.object({ status: z.literal('success'), disputes: z.array(DisputeRead) }),
});

export const getDispute = defineEndpoint({
  tag: 'operator',
  method: 'GET',
  path: '/operator/disputes/:disputeId',
  params: disputeId,
  summary: 'One dispute for the console',
  auth: true,
  access: operators,
  response: z.object({ status: z.literal('success'), dispute: DisputeRead }),
  errors: ['TL_CORE_35150_E'],
});

export const DecideDisputeBody = z.strictObject({
  outcome: z.enum(DISPUTE_OUTCOMES, { message: 'Choose release, refund or split.' }),
  /** For a split: what goes back to the company, typed in major units ("120.50"), read by the contract's parseAmount. */
  refund: z.string().trim().max(30, 'Enter the amount to refund.').optional(),
  reason: text('why'),
  /** The dispute's version the operator read. */
  version: z.number().int().min(0),
});
export type DecideDisputeBody = z.infer<typeof DecideDisputeBody>;

export const decideDispute = defineEndpoint({
  tag: 'operator',
  method: 'POST',
  path: '/operator/disputes/:disputeId/decision',
  params: disputeId,
  summary:
    'Decide a dispute with a reason: release (the hold closes, the money is released when it is due), refund (a credit note for the invoice) or split (part refunded by a credit note for that part, the rest released); both sides mailed; audited in the same transaction. A party to the engagement: TL_CORE_35156_E; decided or changed meanwhile: TL_CORE_35155_E; a refund of money already paid out (more than the freelancer still has payable): TL_CORE_35161_E',
  auth: true,
  access: operators,
  body: DecideDisputeBody,
  response: z.object({ status: z.literal('success'), responseMessage: z.string(), dispute: DisputeRead }),
  errors: [
    'TL_CORE_35150_E',
    'TL_CORE_35155_E',
    'TL_CORE_35156_E',
    'TL_CORE_35157_E',
    'TL_CORE_35158_E',
    'TL_CORE_34203_E',
    'TL_CORE_35161_E',
  ],
});

// ---- evidence: files each side attaches (decision 248) ----

/** Evidence: pdf, doc, docx, jpg or png (decided from the bytes), at most 10 MB, like a milestone's deliverable. */
export const DISPUTE_FILE_KINDS = ['pdf', 'doc', 'docx', 'jpeg', 'png'] as const;
export const DISPUTE_FILE_MAX_BYTES = 10 * 1024 * 1024;
const FILE_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'image/jpeg',
  'image/png',
] as const;

export const uploadDisputeFile = defineEndpoint({
  tag: 'disputes',
  method: 'POST',
  path: '/disputes/:disputeId/files',
  params: disputeId,
  summary: `Attach a file to a dispute of one's engagement before it is decided (multipart: file; pdf, doc, docx, jpg or png decided from the bytes, at most 10 MB; at most ${DISPUTE_FILES_MAX} a side): the dispute with its files. Decided, or the side's files full: TL_CORE_35160_E`,
  auth: true,
  access: parties,
  multipart: {
    fields: {},
    files: {
      file: {
        kinds: DISPUTE_FILE_KINDS,
        maxBytes: DISPUTE_FILE_MAX_BYTES,
        maxCount: 1,
        required: true,
        tooLarge: 'TL_CORE_11021_E',
        wrongKind: 'TL_CORE_11020_E',
        missing: { code: 'TL_CORE_00400_E', message: 'file: Choose a file to upload.' },
        description: 'The evidence (pdf, doc, docx, jpg or png, at most 10 MB)',
      },
    },
    limits: { parts: 2, fields: 1, files: 1, fieldBytes: 1024 },
    otherFiles: 'refuse',
    what: 'evidence',
  },
  errors: ['TL_CORE_35150_E', 'TL_CORE_35160_E'],
  response: z.object({ status: z.literal('success'), dispute: DisputeRead }),
});

const fileParams = z.object({
  disputeId: uuidParam('TL_CORE_35150_E'),
  fileId: uuidParam('TL_CORE_35150_E', 'A file attached to the dispute; any other is 404'),
});

export const downloadDisputeFile = defineEndpoint({
  tag: 'disputes',
  method: 'GET',
  path: '/disputes/:disputeId/files/:fileId',
  params: fileParams,
  summary: 'A file attached to a dispute of one’s engagement (either side’s), as a download',
  auth: true,
  access: parties,
  response: FileBytes,
  download: { types: FILE_TYPES },
  errors: ['TL_CORE_35150_E'],
});

export const downloadDisputeFileForOperator = defineEndpoint({
  tag: 'operator',
  method: 'GET',
  path: '/operator/disputes/:disputeId/files/:fileId',
  params: fileParams,
  summary: 'A file attached to a dispute, as a download, for the operator deciding it',
  auth: true,
  access: operators,
  response: FileBytes,
  download: { types: FILE_TYPES },
  errors: ['TL_CORE_35150_E'],
});
