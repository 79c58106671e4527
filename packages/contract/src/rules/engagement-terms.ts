// Engagement terms and the calendar of the work (issue 34): what an offer may say, the weeks a
// timesheet follows in the engagement's zone (Monday to Sunday, local), and the deadlines after
// which a submitted week or milestone is approved automatically. One rule for both sides; the
// server checks with its clock, the forms with the browser's.
import { TZDate } from '@date-fns/tz';
import { LEGAL } from '../limits.ts';
import { isCalendarDay } from './calendar-day.ts';
import { type Currency, PLATFORM_FEE_BPS, hoursAmount, splitFee } from './money.ts';

export { PLATFORM_FEE_BPS };

export const ENGAGEMENT_KINDS = ['hourly', 'fixed'] as const;
export type EngagementKind = (typeof ENGAGEMENT_KINDS)[number];

/** The notice period may not be shorter than the terms' (30 days) nor longer than a year. */
export const NOTICE_DAYS_MIN = LEGAL.terminationNoticeDays;
export const NOTICE_DAYS_MAX = 365;
/** The weekly hour cap of an hourly engagement, whole hours. */
export const WEEKLY_CAP_MIN = 1;
export const WEEKLY_CAP_MAX = 80;
export const MILESTONES_MAX = 20;
export const ROLE_TITLE_MIN = 2;
export const ROLE_TITLE_MAX = 120;
export const SCOPE_MIN = 10;
export const SCOPE_MAX = 2_000;
export const MILESTONE_TITLE_MIN = 2;
export const MILESTONE_TITLE_MAX = 120;
/**
 * An offer's start date may lie at most this many days before today in the engagement's zone (work
 * already begun being put on terms) and at most START_MAX_DAYS_AHEAD after it.
 */
export const START_MAX_DAYS_BEFORE = 30;
export const START_MAX_DAYS_AHEAD = 365;
/** A milestone's due date: on or after the start date and at most this many days after it. */
export const DUE_MAX_DAYS_AFTER_START = 730;

/** Hours are logged in quarter hours: at most 24 hours (96 quarters) a day. */
export const QUARTERS_PER_HOUR = 4;
export const DAY_QUARTERS_MAX = 24 * QUARTERS_PER_HOUR;
export const TIMESHEET_DESCRIPTION_MIN = 2;
export const TIMESHEET_DESCRIPTION_MAX = 500;
/** A submitted week not answered within this many business days (Mon-Fri, the company's zone) is approved automatically. */
export const TIMESHEET_AUTO_APPROVE_BUSINESS_DAYS = 3;
/** An engagement's invoices (approved weeks, milestones to fund) are due this many days after they are issued. */
export const INVOICE_DUE_DAYS = 7;
/** A submitted milestone not answered within this many days is approved automatically. */
export const MILESTONE_AUTO_APPROVE_DAYS = 7;
export const SUBMISSION_NOTE_MIN = 2;
export const SUBMISSION_NOTE_MAX = 2_000;
export const SUBMISSION_LINKS_MAX = 5;
export const SUBMISSION_FILES_MAX = 5;
export const ENGAGEMENT_REASON_MIN = 5;
export const ENGAGEMENT_REASON_MAX = 1_000;

export const TERMS_MESSAGES = {
  roleTitleRequired: 'Enter the role title.',
  roleTitleLength: `The role title needs ${ROLE_TITLE_MIN} to ${ROLE_TITLE_MAX} characters.`,
  scopeRequired: 'Describe the work in a few words.',
  scopeLength: `The scope needs ${SCOPE_MIN} to ${SCOPE_MAX} characters.`,
  kind: 'Choose hourly or fixed price.',
  weeklyCap: `The weekly cap is a whole number of hours from ${WEEKLY_CAP_MIN} to ${WEEKLY_CAP_MAX}.`,
  milestonesRequired: 'A fixed-price offer needs at least one milestone.',
  milestonesTooMany: `A fixed-price offer can have at most ${MILESTONES_MAX} milestones.`,
  milestoneTitleLength: `A milestone title needs ${MILESTONE_TITLE_MIN} to ${MILESTONE_TITLE_MAX} characters.`,
  day: 'Enter a real date (YYYY-MM-DD).',
  startTooEarly: `The start date can be at most ${START_MAX_DAYS_BEFORE} days ago.`,
  startTooLate: `The start date can be at most ${START_MAX_DAYS_AHEAD} days ahead.`,
  dueBeforeStart: 'A milestone cannot be due before the start date.',
  dueTooLate: `A milestone can be due at most ${DUE_MAX_DAYS_AFTER_START} days after the start date.`,
  noticeDays: `The notice period is a whole number of days from ${NOTICE_DAYS_MIN} (the terms' minimum) to ${NOTICE_DAYS_MAX}.`,
  timeZone: 'Choose a time zone from the list.',
  hours: 'Hours are logged in quarter hours, more than 0 and at most 24 a day.',
  descriptionRequired: 'Describe the work of each day you log.',
  descriptionLength: `A day's description needs ${TIMESHEET_DESCRIPTION_MIN} to ${TIMESHEET_DESCRIPTION_MAX} characters.`,
  dayTwice: 'Each day can appear once in a week.',
  dayOutsideWeek: 'A day you log must be in this week.',
  dayOutsideEngagement: "You can log hours only on days within the engagement's dates.",
  dayInFuture: 'You cannot log hours for a day that has not begun yet.',
  overCap: (capHours: number) => `This week is over the weekly cap of ${capHours} hours.`,
  reasonLength: `Give a reason of ${ENGAGEMENT_REASON_MIN} to ${ENGAGEMENT_REASON_MAX} characters.`,
  noteLength: `The note needs ${SUBMISSION_NOTE_MIN} to ${SUBMISSION_NOTE_MAX} characters.`,
  link: 'Each link must be a web address starting with https:// or http://.',
  linksTooMany: `Add at most ${SUBMISSION_LINKS_MAX} links.`,
  filesTooMany: `Attach at most ${SUBMISSION_FILES_MAX} files.`,
  weekStart: 'A week is named by its Monday (YYYY-MM-DD).',
} as const;

// ---- calendar days (zone-free arithmetic on 'yyyy-MM-dd') ----

const DAY_MS = 86_400_000;
const utcOf = (day: string): number => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** `day` plus `n` calendar days ('yyyy-MM-dd'). */
export function addDays(day: string, n: number): string {
  return dayOf(utcOf(day) + n * DAY_MS);
}

/** Whole days from `a` to `b` (negative when b is before a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((utcOf(b) - utcOf(a)) / DAY_MS);
}

/** 1 = Monday ... 7 = Sunday (ISO). */
export function isoWeekday(day: string): number {
  const d = new Date(utcOf(day)).getUTCDay();
  return d === 0 ? 7 : d;
}

/** The Monday of the week (Monday to Sunday) that holds `day`. */
export function weekStartOf(day: string): string {
  return addDays(day, 1 - isoWeekday(day));
}

export function isWeekStart(day: string): boolean {
  return isCalendarDay(day) && isoWeekday(day) === 1;
}

/** The seven days of the week that starts on Monday `weekStart`. */
export function weekDays(weekStart: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
}

// ---- days and instants in a zone ----

/** The calendar day it is at `now` in `zone`. */
export function localDay(now: Date | number, zone: string): string {
  const t = new TZDate(typeof now === 'number' ? now : now.getTime(), zone);
  return `${t.getFullYear()}-${String(t.getMonth() + 1).padStart(2, '0')}-${String(t.getDate()).padStart(2, '0')}`;
}

/**
 * The first instant of `day` in `zone` (its local midnight, or the first minute that exists when a
 * clock change skips midnight there).
 */
export function dayStartsAt(day: string, zone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, 0, 0, zone).getTime());
}

/** The instant the week of Monday `weekStart` ends in `zone` (next Monday's first instant). */
export function weekEndsAt(weekStart: string, zone: string): Date {
  return dayStartsAt(addDays(weekStart, 7), zone);
}

/** The Monday of the week `now` falls in, in `zone`. */
export function currentWeekStart(now: Date | number, zone: string): string {
  return weekStartOf(localDay(now, zone));
}

/**
 * The automatic-approval deadline of something submitted at `at`: the end of the `businessDays`-th
 * business day (Monday to Friday) after the day of submission, in `zone`. A week submitted on
 * Friday afternoon is approved automatically when Wednesday ends; one submitted on Monday, when
 * Thursday ends. Holidays are not business-day exceptions (one rule for every country).
 */
export function businessDaysDeadline(at: Date | number, businessDays: number, zone: string): Date {
  let day = localDay(at, zone);
  let left = businessDays;
  while (left > 0) {
    day = addDays(day, 1);
    if (isoWeekday(day) <= 5) left -= 1;
  }
  return dayStartsAt(addDays(day, 1), zone);
}

export function timesheetAutoApproveAt(submittedAt: Date | number, companyZone: string): Date {
  return businessDaysDeadline(submittedAt, TIMESHEET_AUTO_APPROVE_BUSINESS_DAYS, companyZone);
}

export function milestoneAutoApproveAt(submittedAt: Date | number): Date {
  const at = typeof submittedAt === 'number' ? submittedAt : submittedAt.getTime();
  return new Date(at + MILESTONE_AUTO_APPROVE_DAYS * DAY_MS);
}

/** Sunday, the week's last day, in the engagement's zone: the day the missing-timesheet reminder goes out. */
export function isLastDayOfWeek(now: Date | number, zone: string): boolean {
  return isoWeekday(localDay(now, zone)) === 7;
}

// ---- terms ----

/** Why the offer's start date is not acceptable at `now` in `zone`, or undefined. */
export function startDateProblem(startDate: string, now: Date | number, zone: string): string | undefined {
  if (!isCalendarDay(startDate)) return TERMS_MESSAGES.day;
  const today = localDay(now, zone);
  if (daysBetween(startDate, today) > START_MAX_DAYS_BEFORE) return TERMS_MESSAGES.startTooEarly;
  if (daysBetween(today, startDate) > START_MAX_DAYS_AHEAD) return TERMS_MESSAGES.startTooLate;
  return undefined;
}

/** Why a milestone's due date does not fit the start date, or undefined. */
export function dueDateProblem(dueDate: string, startDate: string): string | undefined {
  if (!isCalendarDay(dueDate)) return TERMS_MESSAGES.day;
  if (dueDate < startDate) return TERMS_MESSAGES.dueBeforeStart;
  if (daysBetween(startDate, dueDate) > DUE_MAX_DAYS_AFTER_START) return TERMS_MESSAGES.dueTooLate;
  return undefined;
}

/** What the freelancer sees before accepting: the fee and their net of an amount (the fee rule of money.ts). */
export function feeOf(grossMinor: number, currency: Currency): { grossMinor: number; feeMinor: number; netMinor: number } {
  const { gross, fee, net } = splitFee(grossMinor, currency);
  return { grossMinor: gross, feeMinor: fee, netMinor: net };
}

// ---- timesheet lines ----

export type TimesheetLine = { day: string; quarterHours: number; description: string };

/**
 * Why a week's lines cannot be saved, or undefined: each day once, inside the week, inside the
 * engagement's dates (`endDate` null while it runs), not after today in the zone, 0 < hours <= 24,
 * and the week's total within the weekly cap.
 */
export function timesheetProblem(
  lines: readonly TimesheetLine[],
  ctx: { weekStart: string; startDate: string; endDate: string | null; today: string; weeklyCapHours: number },
): { message: string; day?: string } | undefined {
  const days = new Set<string>();
  const week = weekDays(ctx.weekStart);
  let total = 0;
  for (const line of lines) {
    if (!isCalendarDay(line.day)) return { message: TERMS_MESSAGES.day, day: line.day };
    if (days.has(line.day)) return { message: TERMS_MESSAGES.dayTwice, day: line.day };
    days.add(line.day);
    if (!week.includes(line.day)) return { message: TERMS_MESSAGES.dayOutsideWeek, day: line.day };
    if (line.day < ctx.startDate || (ctx.endDate !== null && line.day > ctx.endDate)) {
      return { message: TERMS_MESSAGES.dayOutsideEngagement, day: line.day };
    }
    if (line.day > ctx.today) return { message: TERMS_MESSAGES.dayInFuture, day: line.day };
    if (!Number.isInteger(line.quarterHours) || line.quarterHours <= 0 || line.quarterHours > DAY_QUARTERS_MAX) {
      return { message: TERMS_MESSAGES.hours, day: line.day };
    }
    total += line.quarterHours;
  }
  if (total > ctx.weeklyCapHours * QUARTERS_PER_HOUR) return { message: TERMS_MESSAGES.overCap(ctx.weeklyCapHours) };
  return undefined;
}

/** The amount of a week: the sum of its lines, each rate x hours rounded half up (money.ts). */
export function weekAmount(lines: readonly { quarterHours: number }[], rateMinor: number, currency: Currency): number {
  return lines.reduce((sum, l) => sum + hoursAmount(l.quarterHours, rateMinor, currency), 0);
}

/** '7.5' for 30 quarter hours: hours written for people. */
export function formatQuarterHours(quarterHours: number): string {
  const hours = quarterHours / QUARTERS_PER_HOUR;
  return Number.isInteger(hours) ? String(hours) : hours.toFixed(2).replace(/0$/, '');
}
