import { z } from 'zod';
import { COMPANY_NAME_MAX, EMAIL_MAX } from '../limits.ts';
import { isValidEmail } from '../validation/auth.ts';
import { hasUnsafeCharacters } from '../validation/characters.ts';
import { isAllowedCompanyName } from '../validation/partner.ts';
import { PROFILE_MESSAGES } from '../validation/profile-messages.ts';
import { defineEndpoint } from './define.ts';
import { uuidParam } from '../validation/ids.ts';

// spec: auth-onboarding §3 Partner request, §7 POST /company-user/company-partnership, §8 Partner request.
// The rules are those of PartnerFormSchema; on the wire each failure is a catalogue code.

const code = (c: string) => ({ error: c });
const text = (missing: string) => z.string(code(missing)).trim().min(1, { message: missing, abort: true });

export const PartnerRequestBody = z.object(
  {
    companyName: text('TL_CORE_01005_E')
      .max(COMPANY_NAME_MAX, { message: 'TL_CORE_00400_E', abort: true })
      .refine(isAllowedCompanyName, 'TL_CORE_00400_E'),
    companyEmail: text('TL_CORE_01001_E')
      .max(EMAIL_MAX, { message: 'TL_CORE_01007_E', abort: true })
      .refine(isValidEmail, 'TL_CORE_01007_E'),
  },
  code('TL_CORE_00400_E'),
);
export type PartnerRequestBody = z.input<typeof PartnerRequestBody>;

export const PartnerResponse = z.object({
  status: z.literal('success'),
  responseCode: z.string(),
  responseMessage: z.string(),
});

export const companyPartnership = defineEndpoint({
  tag: 'partners',
  method: 'POST',
  path: '/company-user/company-partnership',
  summary: 'A company asks to hire talent (landing page partner form); an exact repeat is refused with 01200',
  auth: false,
  access: 'public',
  body: PartnerRequestBody,
  response: PartnerResponse,
});

// ---- the operators' partner requests (operator console, issue 21) ----

const operators = ['operator'] as const;

/** Where an operator has taken a partner request: New until someone contacts the company, Closed when done. */
export const PARTNER_REQUEST_STATUSES = ['new', 'contacted', 'closed'] as const;
export type PartnerRequestStatus = (typeof PARTNER_REQUEST_STATUSES)[number];

export const PARTNER_REQUEST_STATUS_LABELS: Record<PartnerRequestStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  closed: 'Closed',
};

/** Requests per page of the console's list (newest first). */
export const PARTNER_REQUESTS_PAGE_SIZE = 50;
/** The longest note an operator may keep on a request. */
export const PARTNER_NOTE_MAX = 2000;

export const PARTNER_CONSOLE_MESSAGES = {
  statusInvalid: 'Status must be New, Contacted or Closed.',
  noteText: 'The note must be text.',
  noteTooLong: `A note can be at most ${PARTNER_NOTE_MAX} characters.`,
  versionRequired: 'The version of the request you edited is required (reload the list).',
  nothingToSave: 'Change the status or the note before saving.',
  cursorInvalid: 'The page cursor is not valid.',
  saved: 'Partner request saved',
} as const;

export const PartnerRequestRead = z.object({
  id: z.string(),
  companyName: z.string(),
  companyEmail: z.string(),
  /** When the company sent it (ISO instant). */
  createdAt: z.string(),
  status: z.enum(PARTNER_REQUEST_STATUSES),
  note: z.string(),
  /** Send it back with a change: a change made from an older version is refused (409). */
  version: z.number().int(),
  /** The last operator change (ISO instant); null until the first. */
  updatedAt: z.string().nullable(),
});
export type PartnerRequestRead = z.infer<typeof PartnerRequestRead>;

/** A page cursor: the last row's received instant and id ('<ISO>_<uuid>'), as the list answered it. */
const CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const statusFilter = z.enum(PARTNER_REQUEST_STATUSES, { error: PARTNER_CONSOLE_MESSAGES.statusInvalid }).optional();

export const PartnerRequestsQuery = z.strictObject({
  status: statusFilter,
  cursor: z.string().regex(CURSOR, { error: PARTNER_CONSOLE_MESSAGES.cursorInvalid }).optional(),
});
export type PartnerRequestsQuery = z.infer<typeof PartnerRequestsQuery>;

export const PartnerRequestsExportQuery = z.strictObject({ status: statusFilter });

/** An operator's change: the status, the note or both, from the version they saw. */
export const PartnerRequestUpdateBody = z
  .object({
    status: z.enum(PARTNER_REQUEST_STATUSES, { error: PARTNER_CONSOLE_MESSAGES.statusInvalid }).optional(),
    note: z
      .string({ error: PARTNER_CONSOLE_MESSAGES.noteText })
      .refine((v) => !hasUnsafeCharacters(v, true), { message: PROFILE_MESSAGES.unsafeCharacters, abort: true })
      .trim()
      .max(PARTNER_NOTE_MAX, { error: PARTNER_CONSOLE_MESSAGES.noteTooLong })
      .optional(),
    version: z.number({ error: PARTNER_CONSOLE_MESSAGES.versionRequired }).int().min(0),
  })
  .refine((body) => body.status !== undefined || body.note !== undefined, { message: PARTNER_CONSOLE_MESSAGES.nothingToSave });
export type PartnerRequestUpdateBody = z.input<typeof PartnerRequestUpdateBody>;

export const listPartnerRequests = defineEndpoint({
  tag: 'operator',
  method: 'GET',
  path: '/operator/partner-requests',
  summary:
    'Partner requests (the landing page’s Hire Talents form), newest first, 50 a page, filtered by status; with the count per status',
  auth: true,
  access: operators,
  query: PartnerRequestsQuery,
  response: z.object({
    status: z.literal('success'),
    requests: z.array(PartnerRequestRead),
    /** Pass as `cursor` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
    counts: z.object({ new: z.number(), contacted: z.number(), closed: z.number() }),
  }),
});

export const updatePartnerRequest = defineEndpoint({
  tag: 'operator',
  method: 'POST',
  path: '/operator/partner-requests/:requestId',
  params: z.object({ requestId: uuidParam('TL_CORE_14120_E') }),
  summary:
    'Set a partner request’s status and/or note from the version the operator saw (an older version is refused with 409, TL_CORE_14121_E); audited',
  auth: true,
  access: operators,
  body: PartnerRequestUpdateBody,
  response: z.object({ status: z.literal('success'), responseMessage: z.string(), request: PartnerRequestRead }),
  errors: ['TL_CORE_14120_E', 'TL_CORE_14121_E'],
});

export const exportPartnerRequests = defineEndpoint({
  tag: 'operator',
  method: 'GET',
  path: '/operator/partner-requests.csv',
  summary:
    'The partner requests (optionally one status) as a CSV download (text/csv, RFC 4180; a cell that a spreadsheet would read as a formula starts with an apostrophe)',
  auth: true,
  access: operators,
  query: PartnerRequestsExportQuery,
  /** The CSV text itself, not JSON. */
  response: z.string().meta({ description: 'The CSV text (RFC 4180, a header row first)' }),
  download: { types: ['text/csv'] },
});
