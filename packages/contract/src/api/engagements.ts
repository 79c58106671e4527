import { z } from 'zod';
import { isCalendarDay } from '../rules/calendar-day.ts';
import {
  DAY_QUARTERS_MAX,
  ENGAGEMENT_KINDS,
  ENGAGEMENT_REASON_MAX,
  ENGAGEMENT_REASON_MIN,
  MILESTONES_MAX,
  MILESTONE_TITLE_MAX,
  MILESTONE_TITLE_MIN,
  NOTICE_DAYS_MAX,
  NOTICE_DAYS_MIN,
  ROLE_TITLE_MAX,
  ROLE_TITLE_MIN,
  SCOPE_MAX,
  SCOPE_MIN,
  SUBMISSION_FILES_MAX,
  SUBMISSION_LINKS_MAX,
  SUBMISSION_NOTE_MAX,
  SUBMISSION_NOTE_MIN,
  TERMS_MESSAGES,
  TIMESHEET_DESCRIPTION_MAX,
  TIMESHEET_DESCRIPTION_MIN,
  WEEKLY_CAP_MAX,
  WEEKLY_CAP_MIN,
  dueDateProblem,
  isWeekStart,
} from '../rules/engagement-terms.ts';
import { NOTICE_MESSAGES, NOTICE_SIDES } from '../rules/engagement-notice.ts';
import { canonicalTimeZone, isIanaTimeZone } from '../rules/interview-times.ts';
import { currencySchema, moneyProblem } from '../rules/money.ts';
import { hasUnsafeCharacters } from '../validation/characters.ts';
import { uuidParam } from '../validation/ids.ts';
import { FileBytes } from './files.ts';
import { PROFILE_MESSAGES } from '../validation/profile-messages.ts';
import { defineEndpoint } from './define.ts';

// Engagements (issue 34). Imported directly ('@talentloop/contract/api/engagements').
//
// A hire (a selected shortlist candidate) gets at most one live engagement. The company offers terms
// (version 1); the freelancer sees them with the platform fee and their net (`fees`), then accepts
// or declines with a reason. Accepted terms never change: a change is a new version the company
// proposes and the freelancer accepts or declines; every version stays in `termsHistory`. The fee
// rate (basis points) is stored on the engagement when it starts (`feeBps`).
//
// Hourly: one timesheet per local week (Monday to Sunday in the terms' `timeZone`), named by its
// Monday. The freelancer saves drafts (`version` for stale saves) and submits; the company approves
// (the version it saw) or queries days with a reason; the freelancer edits and submits again. A
// submitted week not answered within 3 business days in the company's zone is approved
// automatically (`autoApproveAt`). Approval issues the week's invoice.
// Fixed price: the company funds a milestone (its invoice is issued), the freelancer submits it
// (note, links, uploaded files), the company approves or asks for changes with a reason; a
// submission not answered within 7 days is approved automatically.
// Either side ends an active engagement with notice (issue 35): the end date is at least the
// engagement's notice period ahead; an earlier end only when the other side accepts the date one side
// proposed. The engagement becomes ended on its end date (the sweep); the hire's review opens then.
//
// Every id is checked against the caller: another party's (or not a UUID) is 404. Every change
// carries the version it was made from: stale is 409 TL_CORE_10110_E. A refusal changes nothing.

export * from '../rules/engagement-terms.ts';
export * from '../rules/engagement-notice.ts';

export const ENGAGEMENT_STATUSES = ['offered', 'declined', 'active', 'ended'] as const;
export type EngagementStatus = (typeof ENGAGEMENT_STATUSES)[number];
export const ENGAGEMENT_STATUS_LABELS: Record<EngagementStatus, string> = {
  offered: 'Offer sent',
  declined: 'Offer declined',
  active: 'Active',
  ended: 'Ended',
};

export const TERMS_STATUSES = ['proposed', 'accepted', 'declined', 'superseded'] as const;
export type TermsStatus = (typeof TERMS_STATUSES)[number];

export const TIMESHEET_STATUSES = ['draft', 'submitted', 'queried', 'approved'] as const;
export type TimesheetStatus = (typeof TIMESHEET_STATUSES)[number];
export const TIMESHEET_STATUS_LABELS: Record<TimesheetStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  queried: 'Queried',
  approved: 'Approved',
};

export const MILESTONE_STATUSES = ['pending', 'funded', 'submitted', 'changes_requested', 'approved'] as const;
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];
export const MILESTONE_STATUS_LABELS: Record<MilestoneStatus, string> = {
  pending: 'Not funded yet',
  funded: 'Funded',
  submitted: 'Submitted',
  changes_requested: 'Changes requested',
  approved: 'Approved',
};

/** Who approved: the company, or the automatic approval after its deadline. */
export const APPROVERS = ['company', 'automatic'] as const;
export type Approver = (typeof APPROVERS)[number];

export const ENGAGEMENT_MESSAGES = {
  offered: 'Offer sent',
  termsProposed: 'New terms sent',
  accepted: 'Terms accepted',
  declined: 'Terms declined',
  saved: 'Timesheet saved',
  submitted: 'Timesheet submitted',
  approved: 'Timesheet approved',
  queried: 'Timesheet queried',
  funded: 'Milestone funded',
  milestoneSubmitted: 'Milestone submitted',
  milestoneApproved: 'Milestone approved',
  changesRequested: 'Changes requested',
  noticeGiven: NOTICE_MESSAGES.noticeGiven,
  earlyEndProposed: NOTICE_MESSAGES.earlyEndProposed,
  earlyEndAccepted: NOTICE_MESSAGES.earlyEndAccepted,
  earlyEndDeclined: NOTICE_MESSAGES.earlyEndDeclined,
} as const;

// ---- pieces ----

const text = (min: number, max: number, required: string, length: string) =>
  z
    .string({ error: required })
    .refine((v) => !hasUnsafeCharacters(v, true), { message: PROFILE_MESSAGES.unsafeCharacters, abort: true })
    .trim()
    .min(1, { error: required })
    .min(min, { error: length })
    .max(max, { error: length });

export const RoleTitle = text(ROLE_TITLE_MIN, ROLE_TITLE_MAX, TERMS_MESSAGES.roleTitleRequired, TERMS_MESSAGES.roleTitleLength);
export const Scope = text(SCOPE_MIN, SCOPE_MAX, TERMS_MESSAGES.scopeRequired, TERMS_MESSAGES.scopeLength);
export const MilestoneTitle = text(
  MILESTONE_TITLE_MIN,
  MILESTONE_TITLE_MAX,
  TERMS_MESSAGES.milestoneTitleLength,
  TERMS_MESSAGES.milestoneTitleLength,
);
export const EngagementReason = text(
  ENGAGEMENT_REASON_MIN,
  ENGAGEMENT_REASON_MAX,
  TERMS_MESSAGES.reasonLength,
  TERMS_MESSAGES.reasonLength,
);
export const DayDescription = text(
  TIMESHEET_DESCRIPTION_MIN,
  TIMESHEET_DESCRIPTION_MAX,
  TERMS_MESSAGES.descriptionRequired,
  TERMS_MESSAGES.descriptionLength,
);
export const SubmissionNote = text(SUBMISSION_NOTE_MIN, SUBMISSION_NOTE_MAX, TERMS_MESSAGES.noteLength, TERMS_MESSAGES.noteLength);

/** A calendar day 'yyyy-MM-dd' that exists. */
export const Day = z.string({ error: TERMS_MESSAGES.day }).refine(isCalendarDay, { message: TERMS_MESSAGES.day });
/** An IANA time zone, stored by its canonical name. */
export const TimeZone = z
  .string({ error: TERMS_MESSAGES.timeZone })
  .refine(isIanaTimeZone, { message: TERMS_MESSAGES.timeZone })
  .transform(canonicalTimeZone);
const AmountMinor = z
  .number({ error: 'Enter an amount in numbers.' })
  .int({ error: 'Enter an amount in whole minor units (cents, paise).' });
const Version = z.number({ error: 'version is required' }).int().min(0);

export const MilestoneInput = z.object({
  /** In a new version of fixed-price terms: the existing milestone this line keeps (funded ones must be kept unchanged). */
  id: z.uuid().optional(),
  title: MilestoneTitle,
  amountMinor: AmountMinor,
  dueDate: Day,
});
export type MilestoneInput = z.input<typeof MilestoneInput>;

/**
 * Terms as the company writes them. `hourly` needs `rateMinor` and `weeklyCapHours`; `fixed` needs
 * 1..MILESTONES_MAX `milestones`. Amounts are integer minor units of `currency` (moneyProblem).
 * `timeZone` defaults to the company's zone when omitted. The start date's window against today is
 * checked by the server (startDateProblem) in the chosen zone.
 */
export const TermsInput = z
  .object({
    roleTitle: RoleTitle,
    scope: Scope,
    kind: z.enum(ENGAGEMENT_KINDS, { error: TERMS_MESSAGES.kind }),
    currency: currencySchema,
    rateMinor: AmountMinor.nullish(),
    weeklyCapHours: z
      .number({ error: TERMS_MESSAGES.weeklyCap })
      .int({ error: TERMS_MESSAGES.weeklyCap })
      .min(WEEKLY_CAP_MIN, { error: TERMS_MESSAGES.weeklyCap })
      .max(WEEKLY_CAP_MAX, { error: TERMS_MESSAGES.weeklyCap })
      .nullish(),
    milestones: z.array(MilestoneInput).max(MILESTONES_MAX, { error: TERMS_MESSAGES.milestonesTooMany }).nullish(),
    startDate: Day,
    noticeDays: z
      .number({ error: TERMS_MESSAGES.noticeDays })
      .int({ error: TERMS_MESSAGES.noticeDays })
      .min(NOTICE_DAYS_MIN, { error: TERMS_MESSAGES.noticeDays })
      .max(NOTICE_DAYS_MAX, { error: TERMS_MESSAGES.noticeDays }),
    timeZone: TimeZone.optional(),
  })
  .superRefine((t, ctx) => {
    if (t.kind === 'hourly') {
      if (t.rateMinor == null) ctx.addIssue({ code: 'custom', path: ['rateMinor'], message: 'Enter the hourly rate.' });
      else {
        const problem = moneyProblem(t.rateMinor, t.currency);
        if (problem) ctx.addIssue({ code: 'custom', path: ['rateMinor'], message: problem });
      }
      if (t.weeklyCapHours == null) ctx.addIssue({ code: 'custom', path: ['weeklyCapHours'], message: TERMS_MESSAGES.weeklyCap });
      if (t.milestones && t.milestones.length > 0) {
        ctx.addIssue({ code: 'custom', path: ['milestones'], message: 'An hourly offer has no milestones.' });
      }
    } else {
      if (!t.milestones || t.milestones.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['milestones'], message: TERMS_MESSAGES.milestonesRequired });
        return;
      }
      if (t.rateMinor != null) ctx.addIssue({ code: 'custom', path: ['rateMinor'], message: 'A fixed-price offer has no hourly rate.' });
      t.milestones.forEach((m, i) => {
        const problem = moneyProblem(m.amountMinor, t.currency);
        if (problem) ctx.addIssue({ code: 'custom', path: ['milestones', i, 'amountMinor'], message: problem });
        const due = dueDateProblem(m.dueDate, t.startDate);
        if (due) ctx.addIssue({ code: 'custom', path: ['milestones', i, 'dueDate'], message: due });
      });
    }
  });
export type TermsInput = z.input<typeof TermsInput>;

const Fee = z.object({ grossMinor: z.number().int(), feeMinor: z.number().int(), netMinor: z.number().int() });

export const TermsMilestone = z.object({
  /** The milestone this line is (null in a version not yet accepted that adds it). */
  id: z.string().nullable(),
  title: z.string(),
  amountMinor: z.number().int(),
  dueDate: z.string(),
  /** The platform fee and the freelancer's net of this milestone (splitFee). */
  fee: Fee,
});

/** One version of the terms, with the fee and net computed by the contract's rule. */
export const Terms = z.object({
  version: z.number().int(),
  status: z.enum(TERMS_STATUSES),
  roleTitle: z.string(),
  scope: z.string(),
  kind: z.enum(ENGAGEMENT_KINDS),
  currency: currencySchema,
  rateMinor: z.number().int().nullable(),
  weeklyCapHours: z.number().int().nullable(),
  milestones: z.array(TermsMilestone),
  startDate: z.string(),
  noticeDays: z.number().int(),
  timeZone: z.string(),
  /** Per hour (hourly) or for the whole (fixed): gross, platform fee and the freelancer's net. */
  fees: z.object({ perHour: Fee.nullable(), total: Fee.nullable() }),
  feeBps: z.number().int(),
  proposedAt: z.string(),
  decidedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
});
export type Terms = z.infer<typeof Terms>;

export const TimesheetLineOut = z.object({
  day: z.string(),
  quarterHours: z.number().int(),
  description: z.string(),
  amountMinor: z.number().int(),
  /** The company queried this day. */
  queried: z.boolean(),
});

export const Timesheet = z.object({
  /** Null for a week nothing was saved in yet. */
  id: z.string().nullable(),
  engagementId: z.string(),
  weekStart: z.string(),
  /** The days of this week inside the engagement's dates and not after today (in its zone): the ones that can take hours. */
  openDays: z.array(z.string()),
  status: z.enum(TIMESHEET_STATUSES),
  version: z.number().int(),
  lines: z.array(TimesheetLineOut),
  totalQuarterHours: z.number().int(),
  weeklyCapHours: z.number().int(),
  currency: currencySchema,
  rateMinor: z.number().int(),
  amountMinor: z.number().int(),
  /** The fee and the freelancer's net of the week (one rounding per document). */
  fee: Fee,
  submittedAt: z.string().nullable(),
  autoApproveAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  approvedBy: z.enum(APPROVERS).nullable(),
  queryReason: z.string().nullable(),
  invoiceId: z.string().nullable(),
});
export type Timesheet = z.infer<typeof Timesheet>;

export const Milestone = z.object({
  id: z.string(),
  engagementId: z.string(),
  position: z.number().int(),
  title: z.string(),
  amountMinor: z.number().int(),
  currency: currencySchema,
  fee: Fee,
  dueDate: z.string(),
  status: z.enum(MILESTONE_STATUSES),
  version: z.number().int(),
  fundedAt: z.string().nullable(),
  fundingInvoiceId: z.string().nullable(),
  submission: z
    .object({
      note: z.string(),
      links: z.array(z.string()),
      fileIds: z.array(z.string()),
      /** The files named by fileIds still stored (their type and size), in the same order. */
      files: z.array(z.object({ id: z.string(), mime: z.string(), size: z.number().int() })),
      submittedAt: z.string(),
    })
    .nullable(),
  changesReason: z.string().nullable(),
  autoApproveAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  approvedBy: z.enum(APPROVERS).nullable(),
});
export type Milestone = z.infer<typeof Milestone>;

export const WAIT_KINDS = [
  'offer',
  'terms',
  'timesheet',
  'milestone_funding',
  'milestone_submission',
  'milestone_review',
  'timesheet_query',
] as const;
/** Something that waits on one side: what, on whom, and when it is approved automatically (if ever). */
export const Waiting = z.object({
  kind: z.enum(WAIT_KINDS),
  on: z.enum(['company', 'freelancer']),
  id: z.string(),
  label: z.string(),
  /** The week ('yyyy-MM-dd', its Monday) of a timesheet wait, for the reader's own date format; null otherwise. */
  weekStart: z.string().nullable(),
  autoApproveAt: z.string().nullable(),
});
export type Waiting = z.infer<typeof Waiting>;

/**
 * The ending of an engagement (issue 35): its notice period (stored when its terms were accepted),
 * the notice given (by whom, when, and the end date it set), and an earlier end one side proposed
 * for the other to accept or decline.
 */
export const Notice = z.object({
  days: z.number().int(),
  givenBy: z.enum(NOTICE_SIDES).nullable(),
  givenAt: z.string().nullable(),
  earlyEnd: z.object({ date: z.string(), proposedBy: z.enum(NOTICE_SIDES), proposedAt: z.string() }).nullable(),
});
export type Notice = z.infer<typeof Notice>;

export const EngagementSummary = z.object({
  id: z.string(),
  hireId: z.string(),
  status: z.enum(ENGAGEMENT_STATUSES),
  companyName: z.string(),
  freelancer: z.object({ firstName: z.string(), lastName: z.string(), slug: z.string().nullable() }),
  /** The terms in force (accepted), or the offer while nothing was accepted yet. */
  terms: Terms,
  /** A newer version waiting for the freelancer's answer, if any. */
  pendingTerms: Terms.nullable(),
  /** The fee rate stored when the engagement started (null before). */
  feeBps: z.number().int().nullable(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** The last day of work, in its zone: set by a notice or an accepted earlier end (null while open-ended). */
  endDate: z.string().nullable(),
  notice: Notice,
  version: z.number().int(),
  waiting: z.array(Waiting),
  createdAt: z.string(),
});
export type EngagementSummary = z.infer<typeof EngagementSummary>;

export const EngagementDetail = EngagementSummary.extend({
  termsHistory: z.array(Terms),
  timesheets: z.array(Timesheet),
  milestones: z.array(Milestone),
  /** Today in the engagement's zone, and the earliest end date a notice given today may name (null unless notice can be given now). */
  today: z.string(),
  earliestEndDate: z.string().nullable(),
});
export type EngagementDetail = z.infer<typeof EngagementDetail>;

// ---- bodies ----

export const OfferBody = TermsInput;
export type OfferBody = z.input<typeof OfferBody>;
/** New terms for an active engagement (same kind and currency), from the engagement version seen. */
export const ProposeTermsBody = z.object({ version: Version, terms: TermsInput });
export type ProposeTermsBody = z.input<typeof ProposeTermsBody>;
/** The freelancer's answer to the version of the terms they saw (`termsVersion`). */
export const AcceptTermsBody = z.object({ termsVersion: z.number().int().min(1) });
export type AcceptTermsBody = z.input<typeof AcceptTermsBody>;
export const DeclineTermsBody = z.object({ termsVersion: z.number().int().min(1), reason: EngagementReason });
export type DeclineTermsBody = z.input<typeof DeclineTermsBody>;

export const TimesheetLineInput = z.object({
  day: Day,
  quarterHours: z
    .number({ error: TERMS_MESSAGES.hours })
    .int({ error: TERMS_MESSAGES.hours })
    .min(1, { error: TERMS_MESSAGES.hours })
    .max(DAY_QUARTERS_MAX, {
      error: TERMS_MESSAGES.hours,
    }),
  description: DayDescription,
});
/** The week's lines as they stand (the whole week; days not listed have no hours), from the version seen (0 for a new week). */
export const SaveTimesheetBody = z.object({ version: Version, lines: z.array(TimesheetLineInput).max(7) });
export type SaveTimesheetBody = z.input<typeof SaveTimesheetBody>;
export const VersionBody = z.object({ version: Version });
export type VersionBody = z.input<typeof VersionBody>;
export const QueryTimesheetBody = z.object({
  version: Version,
  reason: EngagementReason,
  /** The days queried (at least one of the week's lines). */
  days: z.array(Day).min(1, { error: 'Choose at least one day to query.' }).max(7),
});
export type QueryTimesheetBody = z.input<typeof QueryTimesheetBody>;
/** A notice's or a proposed earlier end's date, from the engagement version seen. */
export const EndDateBody = z.object({ version: Version, endDate: Day });
export type EndDateBody = z.input<typeof EndDateBody>;
export const RequestChangesBody = z.object({ version: Version, reason: EngagementReason });
export type RequestChangesBody = z.input<typeof RequestChangesBody>;

const Link = z
  .string({ error: TERMS_MESSAGES.link })
  .trim()
  .max(2_000, { error: TERMS_MESSAGES.link })
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'https:' || u.protocol === 'http:') && !hasUnsafeCharacters(v);
      } catch {
        return false;
      }
    },
    { message: TERMS_MESSAGES.link },
  );
/** A milestone's submission: a note, links and files uploaded by the freelancer (their ids; another's is refused). */
export const SubmitMilestoneBody = z.object({
  version: Version,
  note: SubmissionNote,
  links: z.array(Link).max(SUBMISSION_LINKS_MAX, { error: TERMS_MESSAGES.linksTooMany }).default([]),
  fileIds: z.array(z.uuid()).max(SUBMISSION_FILES_MAX, { error: TERMS_MESSAGES.filesTooMany }).default([]),
});
export type SubmitMilestoneBody = z.input<typeof SubmitMilestoneBody>;

// ---- endpoints ----

const success = { status: z.literal('success') } as const;
const client = ['client'] as const;
const freelancer = ['freelancer'] as const;
const engagementId = z.object({ engagementId: uuidParam('TL_CORE_18100_E') });
const timesheetId = z.object({ timesheetId: uuidParam('TL_CORE_18110_E') });
const milestoneId = z.object({ milestoneId: uuidParam('TL_CORE_18120_E') });
const weekParams = z.object({
  engagementId: uuidParam('TL_CORE_18100_E'),
  weekStart: z.string().refine(isWeekStart, { message: TERMS_MESSAGES.weekStart }),
});
const detail = z.object({ ...success, responseMessage: z.string().optional(), engagement: EngagementDetail });
const timesheetOut = z.object({ ...success, responseMessage: z.string().optional(), timesheet: Timesheet });
const milestoneOut = z.object({ ...success, responseMessage: z.string().optional(), milestone: Milestone });

export const makeOffer = defineEndpoint({
  tag: 'engagements',
  method: 'POST',
  path: '/company/hires/:hireId/offer',
  params: z.object({ hireId: uuidParam('TL_CORE_15040_E') }),
  summary: 'Offer terms to a hire (once billing details are complete); one live engagement per hire',
  auth: true,
  access: client,
  body: OfferBody,
  errors: ['TL_CORE_15040_E', 'TL_CORE_18101_E', 'TL_CORE_18102_E', 'TL_CORE_18103_E'],
  response: detail,
});

export const listCompanyEngagements = defineEndpoint({
  tag: 'engagements',
  method: 'GET',
  path: '/company/engagements',
  summary: 'The company’s engagements, newest first, with terms, what waits and automatic-approval deadlines',
  auth: true,
  access: client,
  response: z.object({ ...success, engagements: z.array(EngagementSummary) }),
});

export const getCompanyEngagement = defineEndpoint({
  tag: 'engagements',
  method: 'GET',
  path: '/company/engagements/:engagementId',
  params: engagementId,
  summary: 'One engagement of the company with every version of its terms, its weeks and milestones',
  auth: true,
  access: client,
  errors: ['TL_CORE_18100_E'],
  response: detail,
});

export const proposeTerms = defineEndpoint({
  tag: 'engagements',
  method: 'POST',
  path: '/company/engagements/:engagementId/terms',
  params: engagementId,
  summary: 'Propose a new version of the terms of an active engagement (same kind and currency); the freelancer accepts or declines it',
  auth: true,
  access: client,
  body: ProposeTermsBody,
  errors: ['TL_CORE_18100_E', 'TL_CORE_18104_E', 'TL_CORE_18105_E', 'TL_CORE_18106_E', 'TL_CORE_10110_E'],
  response: detail,
});

export const getCompanyTimesheet = defineEndpoint({
  tag: 'engagements',
  method: 'GET',
  path: '/company/timesheets/:timesheetId',
  params: timesheetId,
  summary: 'A week of one of the company’s engagements (drafts are the freelancer’s alone: 404)',
  auth: true,
  access: client,
  errors: ['TL_CORE_18110_E'],
  response: timesheetOut,
});

export const approveTimesheet = defineEndpoint({
  tag: 'engagements',
  method: 'POST',
  path: '/company/timesheets/:timesheetId/approve',
  params: timesheetId,
  summary: 'Approve a submitted week at the version seen; issues its invoice (stale or already answered: 409)',
  auth: true,
  access: client,
  body: VersionBody,
  errors: ['TL_CORE_18110_E', 'TL_CORE_18111_E', 'TL_CORE_10110_E'],
  response: timesheetOut,
});

export const queryTimesheet = defineEndpoint({
  tag: 'engagements',
  method: 'POST',
  path: '/company/timesheets/:timesheetId/query',
  params: timesheetId,
  summary: 'Query days of a submitted week with a reason; the freelancer edits and submits again',
  auth: true,
  access: client,
  body: QueryTimesheetBody,
  errors: ['TL_CORE_18110_E', 'TL_CORE_18111_E', 'TL_CORE_18112_E', 'TL_CORE_10110_E'],
  response: timesheetOut,
});

export const fundMilestone = defineEndpoint({
  tag: 'engagements',
  method: 'POST',
  path: '/company/milestones/:milestoneId/fund',
  params: milestoneId,
  summary: 'Fund a milestone of an active fixed-price engagement (its invoice is issued)',
  auth: true,
  access: client,
  body: VersionBody,
  errors: ['TL_CORE_18120_E', 'TL_CORE_18121_E', 'TL_CORE_18104_E', 'TL_CORE_10110_E'],
  response: milestoneOut,
});

export const approveMilestone = defineEndpoint({
  tag: 'engagements',
  method: 'POST',
  path: '/company/milestones/:milestoneId/approve',
  params: milestoneId,
  summary: 'Approve a submitted milestone (its funds are released to the freelancer)',
  auth: true,
  access: client,
  body: VersionBody,
  errors: ['TL_CORE_18120_E', 'TL_CORE_18121_E', 'TL_CORE_10110_E'],
  response: milestoneOut,
});

export const requestMilestoneChanges = defineEndpoint({
  tag: 'engagements',
  method: 'POST',
  path: '/company/milestones/:milestoneId/request-changes',
  params: milestoneId,
  summary: 'Ask for changes to a submitted milestone, with a reason; the freelancer submits again',
  auth: true,
  access: client,
  body: RequestChangesBody,
  errors: ['TL_CORE_18120_E', 'TL_CORE_18121_E', 'TL_CORE_10110_E'],
  response: milestoneOut,
});

export const listFreelancerEngagements = defineEndpoint({
  tag: 'engagements',
  method: 'GET',
  path: '/freelancer/engagements',
  summary: 'The freelancer’s engagements (offers included), newest first, with terms, fee and net, and what waits',
  auth: true,
  access: freelancer,
  response: z.object({ ...success, engagements: z.array(EngagementSummary) }),
});

export const getFreelancerEngagement = defineEndpoint({
  tag: 'engagements',
  method: 'GET',
  path: '/freelancer/engagements/:engagementId',
  params: engagementId,
  summary: 'One engagement of the freelancer with every version of its terms (fee and net included), weeks and milestones',
  auth: true,
  access: freelancer,
  errors: ['TL_CORE_18100_E'],
  response: detail,
});

export const acceptTerms = defineEndpoint({
  tag: 'engagements',
  method: 'POST',
  path: '/freelancer/engagements/:engagementId/accept',
  params: engagementId,
  summary: 'Accept the proposed terms (the offer or a new version) at the version seen; needs the freelancer’s billing details',
  auth: true,
  access: freelancer,
  body: AcceptTermsBody,
  errors: ['TL_CORE_18100_E', 'TL_CORE_18108_E', 'TL_CORE_18109_E', 'TL_CORE_10110_E'],
  response: detail,
});

export const declineTerms = defineEndpoint({
  tag: 'engagements',
  method: 'POST',
  path: '/freelancer/engagements/:engagementId/decline',
  params: engagementId,
  summary: 'Decline the proposed terms with a reason (an offer declined ends the engagement; declined new terms leave the old in force)',
  auth: true,
  access: freelancer,
  body: DeclineTermsBody,
  errors: ['TL_CORE_18100_E', 'TL_CORE_18108_E', 'TL_CORE_10110_E'],
  response: detail,
});

export const getWeek = defineEndpoint({
  tag: 'engagements',
  method: 'GET',
  path: '/freelancer/engagements/:engagementId/weeks/:weekStart',
  params: weekParams,
  summary: 'The freelancer’s timesheet of one week (by its Monday), an empty draft when nothing was saved',
  auth: true,
  access: freelancer,
  errors: ['TL_CORE_18100_E', 'TL_CORE_18113_E'],
  response: timesheetOut,
});

export const saveWeek = defineEndpoint({
  tag: 'engagements',
  method: 'PUT',
  path: '/freelancer/engagements/:engagementId/weeks/:weekStart',
  params: weekParams,
  summary: 'Save a week’s hours as a draft (quarter hours per day, within the cap and the engagement’s dates), from the version seen',
  auth: true,
  access: freelancer,
  body: SaveTimesheetBody,
  errors: ['TL_CORE_18100_E', 'TL_CORE_18104_E', 'TL_CORE_18113_E', 'TL_CORE_18114_E', 'TL_CORE_18115_E', 'TL_CORE_10110_E'],
  response: timesheetOut,
});

export const submitWeek = defineEndpoint({
  tag: 'engagements',
  method: 'POST',
  path: '/freelancer/engagements/:engagementId/weeks/:weekStart/submit',
  params: weekParams,
  summary: 'Submit a saved week (draft or queried) with hours, at the version seen',
  auth: true,
  access: freelancer,
  body: VersionBody,
  errors: ['TL_CORE_18100_E', 'TL_CORE_18104_E', 'TL_CORE_18113_E', 'TL_CORE_18115_E', 'TL_CORE_18116_E', 'TL_CORE_10110_E'],
  response: timesheetOut,
});

export const submitMilestone = defineEndpoint({
  tag: 'engagements',
  method: 'POST',
  path: '/freelancer/milestones/:milestoneId/submit',
  params: milestoneId,
  summary: 'Submit a funded milestone (or submit again after changes were asked): a note, links and your uploaded files',
  auth: true,
  access: freelancer,
  body: SubmitMilestoneBody,
  errors: ['TL_CORE_18120_E', 'TL_CORE_18121_E', 'TL_CORE_18122_E', 'TL_CORE_10110_E'],
  response: milestoneOut,
});

// ---- ending with notice (issue 35): either side, on its own engagement ----

const eitherSide = ['client', 'freelancer'] as const;

export const giveNotice = defineEndpoint({
  tag: 'engagements',
  method: 'POST',
  path: '/engagements/:engagementId/notice',
  params: engagementId,
  summary: 'Give notice to end an active engagement on an end date at least its notice period ahead (either side; both are told)',
  auth: true,
  access: eitherSide,
  body: EndDateBody,
  errors: ['TL_CORE_18100_E', 'TL_CORE_18104_E', 'TL_CORE_18130_E', 'TL_CORE_18131_E', 'TL_CORE_10110_E'],
  response: detail,
});

export const proposeEarlyEnd = defineEndpoint({
  tag: 'engagements',
  method: 'POST',
  path: '/engagements/:engagementId/early-end',
  params: engagementId,
  summary: 'Propose ending earlier than the notice allows (from today); the other side accepts or declines',
  auth: true,
  access: eitherSide,
  body: EndDateBody,
  errors: ['TL_CORE_18100_E', 'TL_CORE_18104_E', 'TL_CORE_18131_E', 'TL_CORE_18134_E', 'TL_CORE_10110_E'],
  response: detail,
});

export const acceptEarlyEnd = defineEndpoint({
  tag: 'engagements',
  method: 'POST',
  path: '/engagements/:engagementId/early-end/accept',
  params: engagementId,
  summary: 'Accept the earlier end the other side proposed (it becomes the end date; today ends it now)',
  auth: true,
  access: eitherSide,
  body: VersionBody,
  errors: ['TL_CORE_18100_E', 'TL_CORE_18104_E', 'TL_CORE_18132_E', 'TL_CORE_18133_E', 'TL_CORE_10110_E'],
  response: detail,
});

export const declineEarlyEnd = defineEndpoint({
  tag: 'engagements',
  method: 'POST',
  path: '/engagements/:engagementId/early-end/decline',
  params: engagementId,
  summary: 'Decline the earlier end the other side proposed (the end date stays as it was)',
  auth: true,
  access: eitherSide,
  body: VersionBody,
  errors: ['TL_CORE_18100_E', 'TL_CORE_18104_E', 'TL_CORE_18132_E', 'TL_CORE_18133_E', 'TL_CORE_10110_E'],
  response: detail,
});

/** A milestone's deliverable: pdf, doc, docx, jpg or png (decided from the bytes), at most 10 MB, like a verification document. */
export const DELIVERABLE_KINDS = ['pdf', 'doc', 'docx', 'jpeg', 'png'] as const;
export const DELIVERABLE_MAX_BYTES = 10 * 1024 * 1024;
export const DeliverableRead = z.object({ id: z.string(), mime: z.string(), size: z.number().int() });
export type DeliverableRead = z.infer<typeof DeliverableRead>;

export const uploadMilestoneFile = defineEndpoint({
  tag: 'engagements',
  method: 'POST',
  path: '/freelancer/milestones/:milestoneId/files',
  params: milestoneId,
  summary:
    'Upload a deliverable for a funded milestone (multipart: file; pdf, doc, docx, jpg or png decided from the bytes, at most 10 MB): its id, to name in the submission',
  auth: true,
  access: freelancer,
  multipart: {
    fields: {},
    files: {
      file: {
        kinds: DELIVERABLE_KINDS,
        maxBytes: DELIVERABLE_MAX_BYTES,
        maxCount: 1,
        required: true,
        tooLarge: 'TL_CORE_11021_E',
        wrongKind: 'TL_CORE_11020_E',
        missing: { code: 'TL_CORE_00400_E', message: 'file: Choose a file to upload.' },
        description: 'The deliverable (pdf, doc, docx, jpg or png, at most 10 MB)',
      },
    },
    limits: { parts: 2, fields: 1, files: 1, fieldBytes: 1024 },
    otherFiles: 'refuse',
    what: 'deliverable',
  },
  errors: ['TL_CORE_18120_E', 'TL_CORE_18121_E'],
  response: z.object({ status: z.literal('success'), file: DeliverableRead }),
});

export const downloadMilestoneFile = defineEndpoint({
  tag: 'engagements',
  method: 'GET',
  path: '/company/milestones/:milestoneId/files/:fileId',
  params: z.object({
    milestoneId: uuidParam('TL_CORE_18120_E'),
    fileId: uuidParam('TL_CORE_18120_E', 'A file named by the milestone’s submission; any other is 404'),
  }),
  summary: 'A file the freelancer submitted with the milestone, as a download (the company of the engagement only)',
  auth: true,
  access: ['client'],
  response: FileBytes,
  download: {
    types: [
      'application/pdf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'image/jpeg',
      'image/png',
    ],
  },
  errors: ['TL_CORE_18120_E'],
});

// ---- billing details before an offer (company) and its acceptance (freelancer) ----

/** What a party's billing details still lack (the billing feature's readiness check names these). */
export const BILLING_MISSING = ['legalName', 'address', 'billingEmail', 'billingEmailProof', 'taxNumber'] as const;
export type BillingMissing = (typeof BILLING_MISSING)[number];
export const BILLING_MISSING_LABELS: Record<BillingMissing, string> = {
  legalName: 'your legal name',
  address: 'your full address',
  billingEmail: 'a billing email',
  billingEmailProof: 'your billing email confirmed with the code we mailed to it',
  taxNumber: 'a valid tax number',
};

/**
 * The refusal's message when billing details are missing (TL_CORE_18102_E for the company's offer,
 * TL_CORE_18109_E for the freelancer's acceptance), naming what is missing.
 */
export function billingMissingMessage(side: 'company' | 'freelancer', missing: readonly BillingMissing[]): string {
  const items = missing.map((m) => BILLING_MISSING_LABELS[m]);
  const list = items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
  return `${side === 'company' ? 'Before making an offer' : 'Before accepting'}, add to your billing details: ${list}.`;
}
