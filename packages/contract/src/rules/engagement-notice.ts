// Ending an engagement with notice (issue 35). Either side gives notice: the end date is at least the
// engagement's own notice period after today in its zone (the period is stored on the engagement when
// its terms are accepted, and is never shorter than the terms' LEGAL.terminationNoticeDays). An
// earlier end needs both: one side proposes a date, the other accepts or declines. The end date is
// the last day of work (timesheets take hours up to and including it); the engagement becomes ended
// on that day (the engagements' sweep), and the hire's review opens then. One rule for both sides.
import { LEGAL } from '../limits.ts';
import { addDays, daysBetween } from './engagement-terms.ts';

/** The terms' minimum notice (days): the floor of every engagement's own notice period. */
export const NOTICE_DAYS_TERMS = LEGAL.terminationNoticeDays;
/** A notice may name an end date at most this many days after the earliest one it allows. */
export const NOTICE_END_MAX_EXTRA_DAYS = 365;

export const NOTICE_SIDES = ['company', 'freelancer'] as const;
export type NoticeSide = (typeof NOTICE_SIDES)[number];

export const NOTICE_MESSAGES = {
  noticeGiven: 'Notice given',
  earlyEndProposed: 'Earlier end proposed',
  earlyEndAccepted: 'Earlier end accepted',
  earlyEndDeclined: 'Earlier end declined',
  tooSoon: (earliest: string, days: number) => `With ${days} days' notice, the end date can be ${earliest} at the earliest.`,
  tooLate: (latest: string) => `Choose an end date on or before ${latest}.`,
  earlyNotBefore: (today: string) => `An earlier end date can be today (${today}) at the earliest.`,
  earlyNotEarlier: (current: string) => `An earlier end date must come before ${current}.`,
} as const;

/** The earliest end date a notice given on `today` allows with `noticeDays` of notice. */
export function noticeEndDate(today: string, noticeDays: number): string {
  return addDays(today, Math.max(noticeDays, NOTICE_DAYS_TERMS));
}

/** Why `endDate` cannot end an engagement by notice given on `today` (undefined when it can). */
export function noticeEndProblem(endDate: string, today: string, noticeDays: number): string | undefined {
  const days = Math.max(noticeDays, NOTICE_DAYS_TERMS);
  const earliest = noticeEndDate(today, days);
  if (endDate < earliest) return NOTICE_MESSAGES.tooSoon(earliest, days);
  const latest = addDays(earliest, NOTICE_END_MAX_EXTRA_DAYS);
  if (endDate > latest) return NOTICE_MESSAGES.tooLate(latest);
  return undefined;
}

/**
 * Why `date` cannot be proposed as an earlier end on `today` (undefined when it can): from today
 * on, and before the end date the notice gives (`currentEnd`: the notice's end date, or, before any
 * notice, the earliest one a notice given today would give).
 */
export function earlyEndProblem(date: string, today: string, currentEnd: string): string | undefined {
  if (date < today) return NOTICE_MESSAGES.earlyNotBefore(today);
  if (date >= currentEnd) return NOTICE_MESSAGES.earlyNotEarlier(currentEnd);
  return undefined;
}

/** Whole days from `today` to the end date (0 on the end date itself, negative after). */
export function daysToEnd(today: string, endDate: string): number {
  return daysBetween(today, endDate);
}
