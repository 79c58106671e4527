import { z } from 'zod';
import { SUPPORT_REASONS } from '../lists/company.ts';
import { DAY_PATTERN, isCalendarDay } from '../rules/calendar-day.ts';
import { SUPPORT_SLOT_LABELS } from '../rules/support-slots.ts';
import { hasUnsafeCharacters } from '../validation/characters.ts';
import { uuidParam } from '../validation/ids.ts';
import { PROFILE_MESSAGES } from '../validation/profile-messages.ts';
import { CancelSupportBookingBody, SupportBookingBody } from '../validation/support-booking.ts';
import { defineEndpoint } from './define.ts';

// Support booking, the third verification method (issue 11; spec: profile-company §2, §4, §9).
// Imported directly ('@talentloop/contract/api/support-booking'). Clients only; the caller's own
// company only. The server is the authority on which calls exist and how many seats are left
// (rules/support-slots.ts); the web app renders its answer. docs/decisions.md "Support booking".

const access = ['client'] as const;

export const SUPPORT_API_MESSAGES = {
  booked: 'Your support call is booked. We sent the invitation to your email.',
  cancelled: 'Your support call is cancelled. We sent the cancellation to your email.',
} as const;

const label = z.enum([SUPPORT_SLOT_LABELS.available, SUPPORT_SLOT_LABELS.limited, SUPPORT_SLOT_LABELS.none]);

export const SupportSlotRead = z.object({
  /** ISO instant (UTC). */
  start: z.string(),
  /** 'HH:mm' in the support zone. */
  time: z.string(),
  remaining: z.number().int().min(0),
  label,
});
export const SupportDayRead = z.object({ date: z.string(), label, slots: z.array(SupportSlotRead) });
export type SupportDayRead = z.infer<typeof SupportDayRead>;
export type SupportSlotRead = z.infer<typeof SupportSlotRead>;

export const SupportBookingRead = z.object({
  id: z.string(),
  reason: z.enum(SUPPORT_REASONS),
  notes: z.string(),
  email: z.string(),
  /** 'yyyy-MM-dd' and 'HH:mm' in the support zone. */
  date: z.string(),
  time: z.string(),
  /** ISO instants (UTC). */
  start: z.string(),
  end: z.string(),
  timeZone: z.string(),
});
export type SupportBookingRead = z.infer<typeof SupportBookingRead>;

export const getSupportAvailability = defineEndpoint({
  tag: 'company',
  method: 'GET',
  path: '/company/support/availability',
  summary: 'The support calls offered (next weekdays, 30-minute slots in the support time zone) with the seats left and their labels',
  auth: true,
  access,
  response: z.object({
    status: z.literal('success'),
    timeZone: z.string(),
    capacity: z.number().int().positive(),
    slotMinutes: z.number().int().positive(),
    days: z.array(SupportDayRead),
  }),
});

export const getSupportBooking = defineEndpoint({
  tag: 'company',
  method: 'GET',
  path: '/company/support/booking',
  summary:
    "The company's upcoming support call (null when none), the addresses a call may be booked for (the account's and the company's verified one) and the one the form starts with",
  auth: true,
  access,
  response: z.object({
    status: z.literal('success'),
    booking: SupportBookingRead.nullable(),
    defaultEmail: z.string().nullable(),
    /** The proven addresses: the invitation goes only to one of these (else TL_CORE_12000_E). */
    emails: z.array(z.string()),
  }),
});

export const bookSupportCall = defineEndpoint({
  tag: 'company',
  method: 'POST',
  path: '/company/support/booking',
  summary:
    'Book a support call: one seat of an offered slot (the database decides the last seat); the invitation is mailed with an .ics file to a proven address only (TL_CORE_12000_E), at most as often as the mail caps allow (TL_CORE_12001_E, TL_CORE_12002_E)',
  auth: true,
  access,
  body: SupportBookingBody,
  response: z.object({ status: z.literal('success'), responseMessage: z.string(), booking: SupportBookingRead }),
});

export const cancelSupportCall = defineEndpoint({
  tag: 'company',
  method: 'POST',
  path: '/company/support/booking/cancel',
  summary: "Cancel the company's upcoming support call; its seat is free again and the cancellation is mailed (.ics, METHOD:CANCEL)",
  auth: true,
  access,
  body: CancelSupportBookingBody,
  response: z.object({ status: z.literal('success'), responseMessage: z.string(), booking: z.null() }),
});

// ---- the operators' support calls (operator console, issue 21) ----

const operators = ['operator'] as const;

/** What an operator records once a call has ended. */
export const SUPPORT_CALL_OUTCOMES = ['held', 'missed'] as const;
export type SupportCallOutcome = (typeof SUPPORT_CALL_OUTCOMES)[number];
export const SUPPORT_CALL_OUTCOME_LABELS: Record<SupportCallOutcome, string> = { held: 'Held', missed: 'Missed' };

/** Who cancelled a call. */
export const SUPPORT_CALL_CANCELLERS = ['company', 'operator'] as const;

/** Past calls the console lists by default: the last 14 days. */
export const SUPPORT_CALLS_PAST_DAYS = 14;
/** The widest window of past calls one list may ask for. */
export const SUPPORT_CALLS_WINDOW_MAX_DAYS = 92;
export const SUPPORT_CANCEL_MESSAGE_MIN = 3;
export const SUPPORT_CANCEL_MESSAGE_MAX = 1000;

export const SUPPORT_CONSOLE_MESSAGES = {
  messageRequired: 'Please write a message to the company: it is sent with the cancellation.',
  messageTooShort: `A message needs at least ${SUPPORT_CANCEL_MESSAGE_MIN} characters.`,
  messageTooLong: `A message can be at most ${SUPPORT_CANCEL_MESSAGE_MAX} characters.`,
  outcomeInvalid: 'outcome must be held or missed',
  dayInvalid: 'must be a date (YYYY-MM-DD)',
  windowInvalid: `The window must run forward and span at most ${SUPPORT_CALLS_WINDOW_MAX_DAYS} days.`,
  cancelled: 'Call cancelled. The company was mailed the cancellation.',
  markedHeld: 'Call marked held',
  markedMissed: 'Call marked missed',
} as const;

export const SupportCallRead = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  /** The account that booked it; null when that account was deleted. */
  bookedByEmail: z.string().nullable(),
  /** Where the invitation (and a cancellation) is mailed. */
  email: z.string(),
  reason: z.enum(SUPPORT_REASONS),
  notes: z.string(),
  /** ISO instants (UTC). */
  slotStart: z.string(),
  slotEnd: z.string(),
  /** The support time zone the call was offered in. */
  timeZone: z.string(),
  status: z.enum(['booked', 'cancelled']),
  cancelledAt: z.string().nullable(),
  cancelledBy: z.enum(SUPPORT_CALL_CANCELLERS).nullable(),
  /** The operator's message to the company when an operator cancelled. */
  cancelMessage: z.string().nullable(),
  outcome: z.enum(SUPPORT_CALL_OUTCOMES).nullable(),
});
export type SupportCallRead = z.infer<typeof SupportCallRead>;

const day = (name: string) =>
  z
    .string()
    .regex(DAY_PATTERN, { error: `${name} ${SUPPORT_CONSOLE_MESSAGES.dayInvalid}` })
    .refine(isCalendarDay, `${name} ${SUPPORT_CONSOLE_MESSAGES.dayInvalid}`)
    .optional();

/** The window of past calls (UTC days, both included); by default the last SUPPORT_CALLS_PAST_DAYS days. */
export const SupportCallsQuery = z
  .strictObject({ from: day('from'), to: day('to') })
  .refine(
    (q) =>
      !q.from ||
      !q.to ||
      (q.from <= q.to && Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`) <= SUPPORT_CALLS_WINDOW_MAX_DAYS * 86_400_000),
    { message: SUPPORT_CONSOLE_MESSAGES.windowInvalid },
  );
export type SupportCallsQuery = z.infer<typeof SupportCallsQuery>;

export const CancelSupportCallBody = z.object({
  message: z
    .string({ error: SUPPORT_CONSOLE_MESSAGES.messageRequired })
    .refine((v) => !hasUnsafeCharacters(v, true), { message: PROFILE_MESSAGES.unsafeCharacters, abort: true })
    .trim()
    .min(1, { error: SUPPORT_CONSOLE_MESSAGES.messageRequired, abort: true })
    .min(SUPPORT_CANCEL_MESSAGE_MIN, { error: SUPPORT_CONSOLE_MESSAGES.messageTooShort })
    .max(SUPPORT_CANCEL_MESSAGE_MAX, { error: SUPPORT_CONSOLE_MESSAGES.messageTooLong }),
});
export type CancelSupportCallBody = z.input<typeof CancelSupportCallBody>;

export const SupportCallOutcomeBody = z.object({
  outcome: z.enum(SUPPORT_CALL_OUTCOMES, { error: SUPPORT_CONSOLE_MESSAGES.outcomeInvalid }),
});
export type SupportCallOutcomeBody = z.input<typeof SupportCallOutcomeBody>;

export const listSupportCalls = defineEndpoint({
  tag: 'operator',
  method: 'GET',
  path: '/operator/support-calls',
  summary:
    'Support calls: every call that has not ended (soonest first; booked, or cancelled), and the calls of a past window (default the last 14 days; newest first), with the company and who booked',
  auth: true,
  access: operators,
  query: SupportCallsQuery,
  response: z.object({
    status: z.literal('success'),
    /** The support time zone calls are offered in now. */
    timeZone: z.string(),
    upcoming: z.array(SupportCallRead),
    past: z.array(SupportCallRead),
    /** The window of past calls answered (UTC days, both included). */
    window: z.object({ from: z.string(), to: z.string() }),
  }),
});

export const cancelSupportCallAsOperator = defineEndpoint({
  tag: 'operator',
  method: 'POST',
  path: '/operator/support-calls/:bookingId/cancel',
  params: z.object({ bookingId: uuidParam('TL_CORE_14122_E') }),
  summary:
    'Cancel a booked call that has not started, with a message to the company: its seat is free at once and the company is mailed the cancellation (.ics, METHOD:CANCEL) with the message; audited',
  auth: true,
  access: operators,
  body: CancelSupportCallBody,
  response: z.object({ status: z.literal('success'), responseMessage: z.string(), call: SupportCallRead }),
  errors: ['TL_CORE_14122_E', 'TL_CORE_14123_E', 'TL_CORE_14124_E'],
});

export const markSupportCallOutcome = defineEndpoint({
  tag: 'operator',
  method: 'POST',
  path: '/operator/support-calls/:bookingId/outcome',
  params: z.object({ bookingId: uuidParam('TL_CORE_14122_E') }),
  summary: 'Mark a call that has ended held or missed (a cancelled call, or one not over yet, is refused with 409); audited',
  auth: true,
  access: operators,
  body: SupportCallOutcomeBody,
  response: z.object({ status: z.literal('success'), responseMessage: z.string(), call: SupportCallRead }),
  errors: ['TL_CORE_14122_E', 'TL_CORE_14125_E', 'TL_CORE_14126_E'],
});
