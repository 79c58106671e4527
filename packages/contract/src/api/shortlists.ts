import { z } from 'zod';
import { hasUnsafeCharacters } from '../validation/characters.ts';
import { PROFILE_MESSAGES } from '../validation/profile-messages.ts';
import { defineEndpoint } from './define.ts';
import { ReasonText, TALENT_POOL_MESSAGES } from './talent-pool.ts';
import { uuidParam } from '../validation/ids.ts';

// Shortlists (issue 20): a verified company's named lists (one per role it hires for) and each
// candidate's stage. Imported directly ('@talentloop/contract/api/shortlists'). Clients only; a
// company's own lists only (another company's ids are 404). Adding a candidate needs a verified
// company (403 TL_CORE_13010_E). Every candidate save carries the version it was made from; a stale
// one is 409 TL_CORE_10110_E. Each move is an event on the freelancer's timeline and a mail to them.

export const SHORTLIST_STAGES = ['shortlisted', 'interview', 'selected', 'not_selected'] as const;
export type ShortlistStage = (typeof SHORTLIST_STAGES)[number];
/** The stages in which a company may still interview a candidate (Selected and Not selected are decided). */
export const INTERVIEWABLE_STAGES = ['shortlisted', 'interview'] as const satisfies readonly ShortlistStage[];
/**
 * Whether a company may propose an interview from a freelancer's profile, given the stages of the
 * freelancer on its lists: yes when on none, or when one candidacy is still open (the interview
 * joins it); no once every one is decided (Selected or Not selected), as on the candidate's card.
 */
export const mayInterviewFromProfile = (stages: readonly string[]): boolean =>
  stages.length === 0 || stages.some((s) => (INTERVIEWABLE_STAGES as readonly string[]).includes(s));

export const SHORTLIST_STAGE_LABELS: Record<ShortlistStage, string> = {
  shortlisted: 'Shortlisted',
  interview: 'Interview',
  selected: 'Selected',
  not_selected: 'Not selected',
};

/**
 * What happens after Selected, told to both sides in words the product keeps (issue 32, decision
 * 166): the hire is listed under Projects, the company marks it finished there and may then review
 * the freelancer. Contracts, messages and payments are not part of the product yet, and no one is
 * promised a contact the product does not make.
 */
export const AFTER_SELECTED = {
  /** The company's candidate card, once Selected. */
  company: (firstName: string) =>
    `${firstName || 'This freelancer'} is now a hire on your Projects page. When the work is done, mark the hire finished there and you can review ${firstName || 'them'}. Contracts, messages and payments are not on the platform yet.`,
  /** The freelancer's dashboard sentence and mail. */
  freelancer: (company: string) =>
    `${company} selected you. When ${company} marks the hire finished, they can review you, and the review shows on your profile. Contracts, messages and payments are not on the platform yet.`,
} as const;

export const SHORTLIST_NAME_MAX = 80;
export const SHORTLIST_NOTE_MAX = 2_000;
export const SHORTLISTS_MAX = 50;
export const SHORTLIST_CANDIDATES_MAX = 200;

export const SHORTLIST_MESSAGES = {
  nameRequired: 'Please enter the role this list is for.',
  nameTooLong: `A list name can be at most ${SHORTLIST_NAME_MAX} characters.`,
  noteTooLong: `Notes can be at most ${SHORTLIST_NOTE_MAX} characters.`,
  created: 'Shortlist created',
  renamed: 'Shortlist renamed',
  deleted: 'Shortlist deleted',
  added: 'Added to the shortlist',
  moved: 'Candidate updated',
  removed: 'Removed from the shortlist',
  reasonRequired: TALENT_POOL_MESSAGES.reasonRequired,
} as const;

/** No control or bidi characters (PostgreSQL takes no NUL in text; nothing hidden reaches a mail). */
const safe = (multiline = false) =>
  [(v: string) => !hasUnsafeCharacters(v, multiline), { message: PROFILE_MESSAGES.unsafeCharacters, abort: true }] as const;

const ShortlistName = z
  .string({ error: SHORTLIST_MESSAGES.nameRequired })
  .refine(...safe())
  .trim()
  .min(1, { error: SHORTLIST_MESSAGES.nameRequired })
  .max(SHORTLIST_NAME_MAX, { error: SHORTLIST_MESSAGES.nameTooLong });

const Version = z.number({ error: 'version is required' }).int().min(0);

export const ShortlistSummary = z.object({
  id: z.string(),
  name: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  /** Candidates per stage. */
  counts: z.record(z.enum(SHORTLIST_STAGES), z.number().int()),
});
export type ShortlistSummary = z.infer<typeof ShortlistSummary>;

export const Candidate = z.object({
  id: z.string(),
  slug: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  photoUrl: z.string().nullable(),
  occupation: z.string().nullable(),
  /** A profile made by `npm run seed:demo` (shown with a 'Demo profile' badge). */
  demo: z.boolean(),
  stage: z.enum(SHORTLIST_STAGES),
  /** Required for Not selected; the freelancer sees it. */
  reason: z.string().nullable(),
  /** The company's private notes (never shown to the freelancer). */
  note: z.string(),
  version: z.number().int(),
  addedAt: z.string(),
  updatedAt: z.string(),
});
export type Candidate = z.infer<typeof Candidate>;

export const listShortlists = defineEndpoint({
  tag: 'shortlists',
  method: 'GET',
  path: '/company/shortlists',
  summary: 'The company’s shortlists, newest first, with candidates per stage',
  auth: true,
  access: ['client'],
  response: z.object({ status: z.literal('success'), shortlists: z.array(ShortlistSummary) }),
});

export const CreateShortlistBody = z.object({ name: ShortlistName });
export type CreateShortlistBody = z.input<typeof CreateShortlistBody>;

export const createShortlist = defineEndpoint({
  tag: 'shortlists',
  method: 'POST',
  path: '/company/shortlists',
  summary: 'A new named list (verified companies only); a name the company already uses is 409',
  auth: true,
  access: ['client'],
  body: CreateShortlistBody,
  errors: ['TL_CORE_13010_E', 'TL_CORE_13011_E', 'TL_CORE_13012_E'],
  response: z.object({ status: z.literal('success'), responseMessage: z.string(), shortlist: ShortlistSummary }),
});

export const RenameShortlistBody = z.object({ name: ShortlistName, version: Version });
export type RenameShortlistBody = z.input<typeof RenameShortlistBody>;

export const renameShortlist = defineEndpoint({
  tag: 'shortlists',
  method: 'PUT',
  path: '/company/shortlists/:shortlistId',
  params: z.object({ shortlistId: uuidParam('TL_CORE_13013_E') }),
  summary: 'Rename a list (the version it was loaded at; stale is 409)',
  auth: true,
  access: ['client'],
  body: RenameShortlistBody,
  errors: ['TL_CORE_13013_E', 'TL_CORE_13011_E', 'TL_CORE_10110_E'],
  response: z.object({ status: z.literal('success'), responseMessage: z.string(), shortlist: ShortlistSummary }),
});

export const deleteShortlist = defineEndpoint({
  tag: 'shortlists',
  method: 'POST',
  path: '/company/shortlists/:shortlistId/delete',
  params: z.object({ shortlistId: uuidParam('TL_CORE_13013_E') }),
  summary: 'Delete a list; its open candidates end silently (no mail)',
  auth: true,
  access: ['client'],
  body: z.object({ version: Version }),
  errors: ['TL_CORE_13013_E', 'TL_CORE_10110_E'],
  response: z.object({ status: z.literal('success'), responseMessage: z.string() }),
});

export const getShortlist = defineEndpoint({
  tag: 'shortlists',
  method: 'GET',
  path: '/company/shortlists/:shortlistId',
  params: z.object({ shortlistId: uuidParam('TL_CORE_13013_E') }),
  summary: 'One list with its candidates (stage, reason, private notes, version)',
  auth: true,
  access: ['client'],
  errors: ['TL_CORE_13013_E'],
  response: z.object({ status: z.literal('success'), shortlist: ShortlistSummary, candidates: z.array(Candidate) }),
});

export const AddCandidateBody = z.object({
  slug: z
    .string()
    .min(1)
    .max(100)
    .refine(...safe()),
});
export type AddCandidateBody = z.input<typeof AddCandidateBody>;

export const addCandidate = defineEndpoint({
  tag: 'shortlists',
  method: 'POST',
  path: '/company/shortlists/:shortlistId/candidates',
  params: z.object({ shortlistId: uuidParam('TL_CORE_13013_E') }),
  summary:
    'Shortlist a vetted freelancer (by slug) on this list: verified companies only; already on it is 409; mails the freelancer (their choice)',
  auth: true,
  access: ['client'],
  body: AddCandidateBody,
  errors: ['TL_CORE_13010_E', 'TL_CORE_13013_E', 'TL_CORE_13014_E', 'TL_CORE_13015_E', 'TL_CORE_13016_E'],
  response: z.object({ status: z.literal('success'), responseMessage: z.string(), candidate: Candidate }),
});

export const UpdateCandidateBody = z
  .object({
    stage: z.enum(SHORTLIST_STAGES, { error: 'stage must be shortlisted, interview, selected or not_selected' }),
    reason: ReasonText.nullable().optional(),
    note: z
      .string()
      .refine(...safe(true))
      .max(SHORTLIST_NOTE_MAX, { error: SHORTLIST_MESSAGES.noteTooLong })
      .default(''),
    version: Version,
  })
  .superRefine((body, ctx) => {
    if (body.stage === 'not_selected' && !body.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: SHORTLIST_MESSAGES.reasonRequired });
    }
  });
export type UpdateCandidateBody = z.input<typeof UpdateCandidateBody>;

export const updateCandidate = defineEndpoint({
  tag: 'shortlists',
  method: 'PUT',
  path: '/company/shortlists/:shortlistId/candidates/:candidateId',
  params: z.object({ shortlistId: uuidParam('TL_CORE_13013_E'), candidateId: uuidParam('TL_CORE_13017_E') }),
  summary:
    'Move a candidate (Shortlisted, Interview, Selected, Not selected with a reason) and save the private note; a stage change is a timeline event and a mail',
  auth: true,
  access: ['client'],
  body: UpdateCandidateBody,
  errors: ['TL_CORE_13010_E', 'TL_CORE_13013_E', 'TL_CORE_13017_E', 'TL_CORE_10110_E'],
  response: z.object({ status: z.literal('success'), responseMessage: z.string(), candidate: Candidate }),
});

export const RemoveCandidateBody = z.object({ reason: ReasonText.nullable().optional(), version: Version });
export type RemoveCandidateBody = z.input<typeof RemoveCandidateBody>;

export const removeCandidate = defineEndpoint({
  tag: 'shortlists',
  method: 'POST',
  path: '/company/shortlists/:shortlistId/candidates/:candidateId/remove',
  params: z.object({ shortlistId: uuidParam('TL_CORE_13013_E'), candidateId: uuidParam('TL_CORE_13017_E') }),
  summary:
    'Remove a candidate: without a reason it ends silently; with one the freelancer sees Not selected and the reason (and gets a mail)',
  auth: true,
  access: ['client'],
  body: RemoveCandidateBody,
  errors: ['TL_CORE_13013_E', 'TL_CORE_13017_E', 'TL_CORE_10110_E'],
  response: z.object({ status: z.literal('success'), responseMessage: z.string() }),
});
