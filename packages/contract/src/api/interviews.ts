import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';
import {
  INTERVIEW_DURATIONS,
  INTERVIEW_TIME_MESSAGES,
  INTERVIEW_TIMES_MAX,
  findOverlap,
  canonicalTimeZone,
  isIanaTimeZone,
  isOnGrid,
  startProblem,
  zonedToUtc,
} from '../rules/interview-times.ts';
import { hasUnsafeCharacters } from '../validation/characters.ts';
import { PROFILE_MESSAGES } from '../validation/profile-messages.ts';
import { defineEndpoint } from './define.ts';
import { isCalendarDay } from '../rules/calendar-day.ts';
import { uuidField, uuidParam } from '../validation/ids.ts';

// Interviews (issue 22): a verified company proposes up to three times to a freelancer (a
// shortlisted candidate, or a freelancer of the talent pool by the slug it sees); the freelancer
// accepts one, declines with a reason or asks for other times; either side cancels or reschedules
// with a reason; after the accepted end the company marks it held or no-show. Only the two parties
// ever see an interview: another company's or freelancer's id (or not a UUID) is 404
// TL_CORE_15000_E. Every change carries the version it was made from (stale: 409 TL_CORE_10110_E).
// The freelancer can never hold two accepted interviews that overlap (409 TL_CORE_15005_E): the
// database decides. Imported directly ('@talentloop/contract/api/interviews').
//
// Times on the wire: a proposal sends wall-clock times ('yyyy-MM-dd' + 'HH:mm') and the IANA zone
// they were picked in; the server converts them (rules/interview-times.ts) and answers UTC ISO
// instants with the zone names. The rules that need 'now' (in the future, at least an hour ahead,
// within 60 days) are checked by the server with its clock (400 TL_CORE_15001_E with the message
// of INTERVIEW_TIME_MESSAGES) and by the form with the browser's (`proposalTimesProblem`).

export { INTERVIEW_DURATIONS, INTERVIEW_TIMES_MAX, INTERVIEW_TIME_MESSAGES } from '../rules/interview-times.ts';

export const INTERVIEW_STATUSES = ['proposed', 'new_times_requested', 'declined', 'accepted', 'cancelled', 'held', 'no_show'] as const;
export type InterviewStatus = (typeof INTERVIEW_STATUSES)[number];
export const INTERVIEW_STATUS_LABELS: Record<InterviewStatus, string> = {
  proposed: 'Times proposed',
  new_times_requested: 'Other times requested',
  declined: 'Declined',
  accepted: 'Accepted',
  cancelled: 'Cancelled',
  held: 'Held',
  no_show: 'No-show',
};
/** Statuses in which the interview is still to happen (open). */
export const OPEN_INTERVIEW_STATUSES: readonly InterviewStatus[] = ['proposed', 'new_times_requested', 'accepted'];

/**
 * Whether an interview is still ahead at `now`: an open one whose time has not ended. Both sides
 * list 'upcoming' and 'earlier' by this, by end time, not by status alone: an accepted interview
 * nobody marked held is over once its end has passed, and a proposal whose every time has passed
 * can no longer be accepted. A request for other times waits on the company and stays ahead.
 */
export function isInterviewAhead(
  i: { status: InterviewStatus; endsAt: string | null; slots: readonly { endsAt: string }[] },
  now: Date | number,
): boolean {
  const at = typeof now === 'number' ? now : now.getTime();
  if (!OPEN_INTERVIEW_STATUSES.includes(i.status)) return false;
  if (i.status === 'accepted') return i.endsAt === null || Date.parse(i.endsAt) > at;
  if (i.status === 'proposed' && i.slots.length > 0) return i.slots.some((s) => Date.parse(s.endsAt) > at);
  return true;
}

/** What an interview's badge says at `now`: its status, or 'Ended' / 'Times passed' once an open one is behind. */
export function interviewStatusLabel(
  i: { status: InterviewStatus; endsAt: string | null; slots: readonly { endsAt: string }[] },
  now: Date | number,
): string {
  if (OPEN_INTERVIEW_STATUSES.includes(i.status) && !isInterviewAhead(i, now)) {
    return i.status === 'accepted' ? INTERVIEW_PAST_LABELS.ended : INTERVIEW_PAST_LABELS.timesPassed;
  }
  return INTERVIEW_STATUS_LABELS[i.status];
}
export const INTERVIEW_PAST_LABELS = { ended: 'Ended', timesPassed: 'Times passed' } as const;

export const INTERVIEW_NOTE_MAX = 1_000;
export const INTERVIEW_REASON_MAX = 500;
export const INTERVIEW_REASON_MIN = 3;
export const INTERVIEW_LOCATION_MAX = 500;
export const INTERVIEW_LOCATION_KINDS = ['link', 'phone'] as const;
export type InterviewLocationKind = (typeof INTERVIEW_LOCATION_KINDS)[number];

export const INTERVIEW_MESSAGES = {
  ...INTERVIEW_TIME_MESSAGES,
  durationRequired: `Choose a duration: ${INTERVIEW_DURATIONS.join(', ')} minutes.`,
  locationRequired: 'Enter a meeting link or a phone number.',
  linkNotHttps: 'A meeting link must start with https://',
  linkInvalid: 'Enter a valid https:// meeting link.',
  phoneInvalid: 'Enter a valid phone number with its country code, e.g. +1 415 555 0100.',
  locationTooLong: `A meeting link can be at most ${INTERVIEW_LOCATION_MAX} characters.`,
  noteTooLong: `A note can be at most ${INTERVIEW_NOTE_MAX} characters.`,
  reasonRequired: 'Please give a reason the other side will see.',
  reasonTooShort: `A reason needs at least ${INTERVIEW_REASON_MIN} characters.`,
  reasonTooLong: `A reason can be at most ${INTERVIEW_REASON_MAX} characters.`,
  timeZoneInvalid: 'Choose a valid time zone.',
  proposed: 'Interview times sent',
  rescheduled: 'New times sent',
  accepted: 'Interview accepted',
  declined: 'Interview declined',
  newTimesRequested: 'Asked for other times',
  cancelled: 'Interview cancelled',
  held: 'Marked as held',
  noShow: 'Marked as no-show',
  timeZoneSaved: 'Time zone saved',
} as const;

const safe = (multiline: boolean) =>
  [(v: string) => !hasUnsafeCharacters(v, multiline), { message: PROFILE_MESSAGES.unsafeCharacters, abort: true }] as const;

export const InterviewReason = z
  .string({ error: INTERVIEW_MESSAGES.reasonRequired })
  .refine(...safe(true))
  .trim()
  .min(1, { error: INTERVIEW_MESSAGES.reasonRequired })
  .min(INTERVIEW_REASON_MIN, { error: INTERVIEW_MESSAGES.reasonTooShort })
  .max(INTERVIEW_REASON_MAX, { error: INTERVIEW_MESSAGES.reasonTooLong });

export const InterviewNote = z
  .string()
  .refine(...safe(true))
  .trim()
  .max(INTERVIEW_NOTE_MAX, { error: INTERVIEW_MESSAGES.noteTooLong });

export const TimeZoneName = z
  .string({ error: INTERVIEW_MESSAGES.timeZoneInvalid })
  .overwrite(canonicalTimeZone)
  .refine((v) => isIanaTimeZone(v), { error: INTERVIEW_MESSAGES.timeZoneInvalid });

/** What the location is: an https URL is a link, anything else must be a phone number. */
export function locationKindOf(value: string): InterviewLocationKind {
  return /^[a-z][a-z0-9+.-]*:/i.test(value.trim()) ? 'link' : 'phone';
}

/** The contract's message for a bad meeting location, or null: an https URL, or a phone number with its country code. */
export function locationProblem(raw: string): string | null {
  const value = raw.trim();
  if (!value) return INTERVIEW_MESSAGES.locationRequired;
  if (value.length > INTERVIEW_LOCATION_MAX) return INTERVIEW_MESSAGES.locationTooLong;
  if (hasUnsafeCharacters(value)) return PROFILE_MESSAGES.unsafeCharacters;
  if (locationKindOf(value) === 'link') {
    if (!/^https:\/\//i.test(value)) return INTERVIEW_MESSAGES.linkNotHttps;
    try {
      const url = new URL(value);
      if (url.protocol !== 'https:' || !url.hostname.includes('.') || url.username || url.password) return INTERVIEW_MESSAGES.linkInvalid;
    } catch {
      return INTERVIEW_MESSAGES.linkInvalid;
    }
    return null;
  }
  if (/^[+\d][\d\s().-]*$/.test(value) && parsePhoneNumberFromString(value)?.isValid()) return null;
  return /\d/.test(value) ? INTERVIEW_MESSAGES.phoneInvalid : INTERVIEW_MESSAGES.linkNotHttps;
}

export const InterviewLocation = z
  .string({ error: INTERVIEW_MESSAGES.locationRequired })
  .superRefine((v, ctx) => {
    const problem = locationProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((v) => v.trim());

/** One proposed time: the company's wall clock. */
export const ProposedTime = z.object({
  date: z.string({ error: INTERVIEW_MESSAGES.timeRequired }).refine(isCalendarDay, { error: INTERVIEW_MESSAGES.timeRequired }),
  time: z.string({ error: INTERVIEW_MESSAGES.timeRequired }).regex(/^\d{2}:\d{2}$/, { error: INTERVIEW_MESSAGES.timeRequired }),
});
export type ProposedTime = z.infer<typeof ProposedTime>;

const Duration = z
  .number({ error: INTERVIEW_MESSAGES.durationRequired })
  .int({ error: INTERVIEW_MESSAGES.durationRequired })
  .refine((v) => (INTERVIEW_DURATIONS as readonly number[]).includes(v), { error: INTERVIEW_MESSAGES.durationRequired });

/** The times, duration and place of a proposal (a new one or a reschedule): the rules that need no clock. */
const proposalShape = {
  timeZone: TimeZoneName,
  times: z
    .array(ProposedTime, { error: INTERVIEW_MESSAGES.tooFew })
    .min(1, { error: INTERVIEW_MESSAGES.tooFew })
    .max(INTERVIEW_TIMES_MAX, { error: INTERVIEW_MESSAGES.tooMany }),
  durationMinutes: Duration,
  location: InterviewLocation,
  note: InterviewNote.default(''),
};

type ProposalInput = { timeZone: string; times: ProposedTime[]; durationMinutes: number };

/** The UTC ranges of a proposal's times; null entries for times that do not exist in the zone. */
export function proposalRanges(p: ProposalInput): ({ start: Date; end: Date } | null)[] {
  return p.times.map((t) => {
    const start = zonedToUtc(t.date, t.time, p.timeZone);
    return start ? { start, end: new Date(start.getTime() + p.durationMinutes * 60_000) } : null;
  });
}

/** The clock-free rules across the times: on the grid, existing in the zone, distinct, not overlapping. */
function checkTimes(p: ProposalInput, ctx: z.RefinementCtx) {
  if (!isIanaTimeZone(p.timeZone)) return;
  const ranges = proposalRanges(p);
  for (const [i, t] of p.times.entries()) {
    if (!isOnGrid(t.time)) {
      ctx.addIssue({ code: 'custom', path: ['times', i, 'time'], message: INTERVIEW_MESSAGES.offGrid });
      return;
    }
    if (!ranges[i]) {
      ctx.addIssue({ code: 'custom', path: ['times', i, 'time'], message: INTERVIEW_MESSAGES.notInZone });
      return;
    }
  }
  const starts = ranges.map((r) => r?.start.getTime());
  const dup = starts.findIndex((s, i) => starts.indexOf(s) !== i);
  if (dup >= 0) {
    ctx.addIssue({ code: 'custom', path: ['times', dup, 'time'], message: INTERVIEW_MESSAGES.duplicate });
    return;
  }
  const overlap = findOverlap(ranges as { start: Date; end: Date }[]);
  if (overlap) ctx.addIssue({ code: 'custom', path: ['times', overlap[1], 'time'], message: INTERVIEW_MESSAGES.overlapping });
}

/** The rules that need 'now' (the form's check with the browser's clock; the server's with its own): first problem, or null. */
export function proposalTimesProblem(p: ProposalInput, now: Date): { index: number; message: string } | null {
  const ranges = proposalRanges(p);
  for (const [index, r] of ranges.entries()) {
    if (!r) continue;
    const message = startProblem(r.start, now);
    if (message) return { index, message };
  }
  return null;
}

const Version = z.number({ error: 'version is required' }).int().min(0);

export const ProposeInterviewBody = z
  .object({
    /** The freelancer as the company sees them (the talent search's slug). */
    slug: z
      .string({ error: 'slug is required' })
      .min(1)
      .max(100)
      .refine(...safe(false)),
    /**
     * The shortlist candidate it is for; without it, the company's one open candidacy of this
     * freelancer, if any. A malformed id is no candidate of theirs: 13017, as another company's is.
     */
    candidateId: uuidField('TL_CORE_13017_E').nullish(),
    ...proposalShape,
  })
  .superRefine(checkTimes);
export type ProposeInterviewBody = z.input<typeof ProposeInterviewBody>;

export const RescheduleInterviewBody = z
  .object({
    ...proposalShape,
    /** Why the change (optional; the freelancer sees it). */
    reason: InterviewReason.nullish(),
    version: Version,
  })
  .superRefine(checkTimes);
export type RescheduleInterviewBody = z.input<typeof RescheduleInterviewBody>;

export const ReasonBody = z.object({ reason: InterviewReason, version: Version });
export type ReasonBody = z.input<typeof ReasonBody>;

export const AcceptInterviewBody = z.object({
  /** One of the interview's proposed times; a malformed id is none of them (15003, as another interview's is). */
  slotId: uuidField('TL_CORE_15003_E', { required: 'Choose one of the proposed times.' }),
  version: Version,
});
export type AcceptInterviewBody = z.input<typeof AcceptInterviewBody>;

export const INTERVIEW_OUTCOMES = ['held', 'no_show'] as const;
export type InterviewOutcome = (typeof INTERVIEW_OUTCOMES)[number];
export const OutcomeBody = z.object({
  outcome: z.enum(INTERVIEW_OUTCOMES, { error: 'outcome must be held or no_show' }),
  version: Version,
});
export type OutcomeBody = z.input<typeof OutcomeBody>;

export const InterviewSlot = z.object({ id: z.string(), position: z.number().int(), startsAt: z.string(), endsAt: z.string() });
export type InterviewSlot = z.infer<typeof InterviewSlot>;

/** An interview as one party sees it; `counterpart` is the other party. */
export const Interview = z.object({
  id: z.string(),
  status: z.enum(INTERVIEW_STATUSES),
  /** For a company: the freelancer's name, slug and occupation; for a freelancer: the company's name. */
  counterpart: z.object({ name: z.string(), slug: z.string().nullable(), detail: z.string().nullable() }),
  candidateId: z.string().nullable(),
  durationMinutes: z.number().int(),
  locationKind: z.enum(INTERVIEW_LOCATION_KINDS),
  location: z.string(),
  note: z.string(),
  /** The zone the company picked the times in, and the freelancer's saved zone (null until saved). */
  companyTimeZone: z.string(),
  freelancerTimeZone: z.string().nullable(),
  /** The proposed times (UTC ISO), while proposed. */
  slots: z.array(InterviewSlot),
  /** The accepted time (UTC ISO), once accepted. */
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** The reason of the last decline, request for other times or cancellation, and who gave it. */
  reason: z.string().nullable(),
  changedBy: z.enum(['company', 'freelancer']).nullable(),
  /** The calendar invitation's SEQUENCE. */
  sequence: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Interview = z.infer<typeof Interview>;

const one = z.object({ status: z.literal('success'), responseMessage: z.string(), interview: Interview });
const many = z.object({ status: z.literal('success'), interviews: z.array(Interview) });

// ---- company -----------------------------------------------------------------------------------

export const proposeInterview = defineEndpoint({
  tag: 'interviews',
  method: 'POST',
  path: '/company/interviews',
  summary:
    'Propose up to three times to a freelancer (verified companies only), picked in the company’s zone; mails the freelancer. Past, too soon or too far: 400 TL_CORE_15001_E',
  auth: true,
  access: ['client'],
  body: ProposeInterviewBody,
  errors: [
    'TL_CORE_13010_E',
    'TL_CORE_13014_E',
    'TL_CORE_13017_E',
    'TL_CORE_15001_E',
    'TL_CORE_15007_E',
    'TL_CORE_15009_E',
    'TL_CORE_12001_E',
    'TL_CORE_12002_E',
  ],
  response: one,
});

export const CompanyInterviewsQuery = z.object({ candidateId: z.string().max(100).optional() });
export const listCompanyInterviews = defineEndpoint({
  tag: 'interviews',
  method: 'GET',
  path: '/company/interviews',
  summary: 'The company’s interviews, open ones first (soonest first), then the rest newest first; optionally of one candidate',
  auth: true,
  access: ['client'],
  query: CompanyInterviewsQuery,
  response: many,
});

export const getCompanyInterview = defineEndpoint({
  tag: 'interviews',
  method: 'GET',
  path: '/company/interviews/:interviewId',
  params: z.object({ interviewId: uuidParam('TL_CORE_15000_E') }),
  summary: 'One of the company’s interviews',
  auth: true,
  access: ['client'],
  errors: ['TL_CORE_15000_E'],
  response: z.object({ status: z.literal('success'), interview: Interview }),
});

export const rescheduleInterview = defineEndpoint({
  tag: 'interviews',
  method: 'POST',
  path: '/company/interviews/:interviewId/reschedule',
  params: z.object({ interviewId: uuidParam('TL_CORE_15000_E') }),
  summary:
    'Propose new times (proposed, other times requested or accepted); an accepted time is released and both calendars told (same UID, SEQUENCE+1)',
  auth: true,
  access: ['client'],
  body: RescheduleInterviewBody,
  errors: [
    'TL_CORE_13010_E',
    'TL_CORE_15000_E',
    'TL_CORE_15001_E',
    'TL_CORE_15002_E',
    'TL_CORE_10110_E',
    'TL_CORE_12001_E',
    'TL_CORE_12002_E',
  ],
  response: one,
});

export const cancelCompanyInterview = defineEndpoint({
  tag: 'interviews',
  method: 'POST',
  path: '/company/interviews/:interviewId/cancel',
  params: z.object({ interviewId: uuidParam('TL_CORE_15000_E') }),
  summary: 'Cancel with a reason the freelancer sees; an accepted one’s invitation is cancelled (METHOD:CANCEL, same UID)',
  auth: true,
  access: ['client'],
  body: ReasonBody,
  errors: ['TL_CORE_15000_E', 'TL_CORE_15002_E', 'TL_CORE_10110_E'],
  response: one,
});

export const recordInterviewOutcome = defineEndpoint({
  tag: 'interviews',
  method: 'POST',
  path: '/company/interviews/:interviewId/outcome',
  params: z.object({ interviewId: uuidParam('TL_CORE_15000_E') }),
  summary: 'Mark an accepted interview held or no-show, once its accepted end has passed',
  auth: true,
  access: ['client'],
  body: OutcomeBody,
  errors: ['TL_CORE_15000_E', 'TL_CORE_15002_E', 'TL_CORE_15006_E', 'TL_CORE_10110_E'],
  response: one,
});

// ---- freelancer --------------------------------------------------------------------------------

export const listFreelancerInterviews = defineEndpoint({
  tag: 'interviews',
  method: 'GET',
  path: '/freelancer/interviews',
  summary: 'The freelancer’s interviews, open ones first (soonest first), then the rest newest first',
  auth: true,
  access: ['freelancer'],
  response: many,
});

export const acceptInterview = defineEndpoint({
  tag: 'interviews',
  method: 'POST',
  path: '/freelancer/interviews/:interviewId/accept',
  params: z.object({ interviewId: uuidParam('TL_CORE_15000_E') }),
  summary:
    'Accept one proposed time: one conditional write (a second accept is 409); overlapping another accepted interview is 409 TL_CORE_15005_E; both get an invitation',
  auth: true,
  access: ['freelancer'],
  body: AcceptInterviewBody,
  errors: ['TL_CORE_15000_E', 'TL_CORE_15002_E', 'TL_CORE_15003_E', 'TL_CORE_15004_E', 'TL_CORE_15005_E', 'TL_CORE_10110_E'],
  response: one,
});

export const declineInterview = defineEndpoint({
  tag: 'interviews',
  method: 'POST',
  path: '/freelancer/interviews/:interviewId/decline',
  params: z.object({ interviewId: uuidParam('TL_CORE_15000_E') }),
  summary: 'Decline a proposal with a reason the company sees',
  auth: true,
  access: ['freelancer'],
  body: ReasonBody,
  errors: ['TL_CORE_15000_E', 'TL_CORE_15002_E', 'TL_CORE_10110_E'],
  response: one,
});

export const requestOtherTimes = defineEndpoint({
  tag: 'interviews',
  method: 'POST',
  path: '/freelancer/interviews/:interviewId/request-times',
  params: z.object({ interviewId: uuidParam('TL_CORE_15000_E') }),
  summary:
    'Ask for other times with a reason (a proposal, or an accepted interview: its time is released, the invitation cancelled, and the company asked to reschedule)',
  auth: true,
  access: ['freelancer'],
  body: ReasonBody,
  errors: ['TL_CORE_15000_E', 'TL_CORE_15002_E', 'TL_CORE_10110_E'],
  response: one,
});

export const cancelFreelancerInterview = defineEndpoint({
  tag: 'interviews',
  method: 'POST',
  path: '/freelancer/interviews/:interviewId/cancel',
  params: z.object({ interviewId: uuidParam('TL_CORE_15000_E') }),
  summary: 'Cancel an accepted interview with a reason the company sees (METHOD:CANCEL, same UID)',
  auth: true,
  access: ['freelancer'],
  body: ReasonBody,
  errors: ['TL_CORE_15000_E', 'TL_CORE_15002_E', 'TL_CORE_10110_E'],
  response: one,
});

// ---- time zones --------------------------------------------------------------------------------

export const TimeZoneBody = z.object({ timeZone: TimeZoneName });
export type TimeZoneBody = z.input<typeof TimeZoneBody>;
const zoneAnswer = z.object({ status: z.literal('success'), timeZone: z.string().nullable() });

export const getCompanyTimeZone = defineEndpoint({
  tag: 'interviews',
  method: 'GET',
  path: '/company/time-zone',
  summary: 'The company’s saved IANA time zone (null until saved; the web saves the browser’s)',
  auth: true,
  access: ['client'],
  response: zoneAnswer,
});

export const saveCompanyTimeZone = defineEndpoint({
  tag: 'interviews',
  method: 'PUT',
  path: '/company/time-zone',
  summary: 'Save the company’s IANA time zone',
  auth: true,
  access: ['client'],
  body: TimeZoneBody,
  errors: ['TL_CORE_15008_E'],
  response: zoneAnswer.extend({ responseMessage: z.string() }),
});

export const getFreelancerTimeZone = defineEndpoint({
  tag: 'interviews',
  method: 'GET',
  path: '/freelancer/time-zone',
  summary: 'The freelancer’s saved IANA time zone (null until saved; the web saves the browser’s)',
  auth: true,
  access: ['freelancer'],
  response: zoneAnswer,
});

export const saveFreelancerTimeZone = defineEndpoint({
  tag: 'interviews',
  method: 'PUT',
  path: '/freelancer/time-zone',
  summary: 'Save the freelancer’s IANA time zone',
  auth: true,
  access: ['freelancer'],
  body: TimeZoneBody,
  response: zoneAnswer.extend({ responseMessage: z.string() }),
});
