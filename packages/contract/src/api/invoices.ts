import { z } from 'zod';
import { INVOICE_KINDS } from '../rules/invoice-numbers.ts';
import { CURRENCIES } from '../rules/money.ts';
import { uuidParam } from '../validation/ids.ts';
import { defineEndpoint } from './define.ts';
import { FileBytes } from './files.ts';

// Invoices, credit notes and statements (issue 34, decisions 201 and 203), imported directly
// ('@talentloop/contract/api/invoices'). A company lists, opens and downloads the invoices and
// credit notes issued to it; a freelancer the statements of the same documents (their gross, the
// platform fee as its own line, their net). Another party's document id, or one that is not a
// UUID, is 404 (TL_CORE_34207_E). The PDF is rendered once and then served as the same bytes.

export { INVOICE_KINDS, type InvoiceKind } from '../rules/invoice-numbers.ts';

export const DOCUMENT_PURPOSES = ['work_approved', 'milestone_funding'] as const;
export const DOCUMENT_PURPOSE_LABELS: Record<(typeof DOCUMENT_PURPOSES)[number], string> = {
  work_approved: 'Approved work',
  milestone_funding: 'Milestone funding',
};
export const DOCUMENT_KIND_LABELS: Record<(typeof INVOICE_KINDS)[number], { company: string; freelancer: string }> = {
  invoice: { company: 'Invoice', freelancer: 'Statement' },
  credit_note: { company: 'Credit note', freelancer: 'Credit statement' },
};

export const PartyRead = z.object({
  legalName: z.string(),
  addressLines: z.array(z.string()),
  city: z.string(),
  postalCode: z.string(),
  country: z.string(),
  taxNumber: z.string().nullable(),
  email: z.string(),
});

export const DocumentLineRead = z.object({
  description: z.string(),
  quarterHours: z.number().int().nullable(),
  unitMinor: z.number().int().nullable(),
  amountMinor: z.number().int(),
});

/** One document in a list: its figures in minor units of its currency. */
export const DocumentSummary = z.object({
  id: z.string(),
  kind: z.enum(INVOICE_KINDS),
  purpose: z.enum(DOCUMENT_PURPOSES),
  number: z.string(),
  /** The credited invoice's number (a credit note). */
  creditsNumber: z.string().nullable(),
  engagementId: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  currency: z.enum(CURRENCIES),
  /** What the company is invoiced (the total due on an invoice). */
  grossMinor: z.number().int(),
  /** The platform fee (the freelancer's statement shows it as its own line). */
  feeMinor: z.number().int(),
  /** What the freelancer is owed. */
  netMinor: z.number().int(),
  /** The other party's legal name as printed: the freelancer for a company, the company for a freelancer. */
  counterpartyName: z.string(),
  paymentReference: z.string(),
});
export type DocumentSummary = z.infer<typeof DocumentSummary>;

export const DocumentRead = DocumentSummary.extend({
  poNumber: z.string().nullable(),
  reason: z.string().nullable(),
  issuer: PartyRead,
  recipient: PartyRead,
  lines: z.array(DocumentLineRead),
});
export type DocumentRead = z.infer<typeof DocumentRead>;

const documentId = z.object({
  invoiceId: uuidParam('TL_CORE_34207_E', 'The document’s id (a UUID); another party’s or anything else is 404'),
});
const listed = z.object({ status: z.literal('success'), documents: z.array(DocumentSummary) });
const opened = z.object({ status: z.literal('success'), document: DocumentRead });

export const listCompanyInvoices = defineEndpoint({
  tag: 'invoices',
  method: 'GET',
  path: '/company/invoices',
  summary: 'The invoices and credit notes issued to the caller’s company, newest first',
  auth: true,
  access: ['client'],
  response: listed,
});

export const getCompanyInvoice = defineEndpoint({
  tag: 'invoices',
  method: 'GET',
  path: '/company/invoices/:invoiceId',
  params: documentId,
  summary: 'One invoice or credit note of the caller’s company, with its parties, lines and figures',
  auth: true,
  access: ['client'],
  response: opened,
  errors: ['TL_CORE_34207_E'],
});

export const downloadCompanyInvoice = defineEndpoint({
  tag: 'invoices',
  method: 'GET',
  path: '/company/invoices/:invoiceId/pdf',
  params: documentId,
  summary: 'The invoice or credit note as a PDF download, the same bytes every time',
  auth: true,
  access: ['client'],
  response: FileBytes,
  download: { types: ['application/pdf'] },
  errors: ['TL_CORE_34207_E'],
});

export const listFreelancerStatements = defineEndpoint({
  tag: 'invoices',
  method: 'GET',
  path: '/freelancer/statements',
  summary: 'The caller’s statements (each invoice and credit note issued on their behalf: gross, fee, net), newest first',
  auth: true,
  access: ['freelancer'],
  response: listed,
});

export const getFreelancerStatement = defineEndpoint({
  tag: 'invoices',
  method: 'GET',
  path: '/freelancer/statements/:invoiceId',
  params: documentId,
  summary: 'One statement of the caller, with its parties, lines and figures',
  auth: true,
  access: ['freelancer'],
  response: opened,
  errors: ['TL_CORE_34207_E'],
});

export const downloadFreelancerStatement = defineEndpoint({
  tag: 'invoices',
  method: 'GET',
  path: '/freelancer/statements/:invoiceId/pdf',
  params: documentId,
  summary: 'The statement as a PDF download, the same bytes every time',
  auth: true,
  access: ['freelancer'],
  response: FileBytes,
  download: { types: ['application/pdf'] },
  errors: ['TL_CORE_34207_E'],
});

/** One currency's earnings: the gross of approved work, the platform fee and the net, in minor units. */
export const EarningsRead = z.object({
  currency: z.enum(CURRENCIES),
  grossMinor: z.number().int(),
  feeMinor: z.number().int(),
  netMinor: z.number().int(),
});
export type EarningsRead = z.infer<typeof EarningsRead>;

export const getFreelancerEarnings = defineEndpoint({
  tag: 'invoices',
  method: 'GET',
  path: '/freelancer/earnings',
  summary:
    'The caller’s earnings to date per currency (gross, the platform fee, net), computed from the ledger: approved weeks and released milestones, less credit notes',
  auth: true,
  access: ['freelancer'],
  response: z.object({ status: z.literal('success'), earnings: z.array(EarningsRead) }),
});

/** One currency's company figures: invoiced and not yet paid, and milestone funds held for its engagements. */
export const CompanyBalanceRead = z.object({
  currency: z.enum(CURRENCIES),
  dueMinor: z.number().int(),
  heldMinor: z.number().int(),
});
export type CompanyBalanceRead = z.infer<typeof CompanyBalanceRead>;

export const getCompanyBalance = defineEndpoint({
  tag: 'invoices',
  method: 'GET',
  path: '/company/balance',
  summary: 'What the caller’s company owes on issued invoices and holds for milestones, per currency, computed from the ledger',
  auth: true,
  access: ['client'],
  response: z.object({ status: z.literal('success'), balances: z.array(CompanyBalanceRead) }),
});
