import { TZDate, tz } from '@date-fns/tz';
import { format } from 'date-fns';

// Interview times (issue 22): pure rules shared by the server (the authority) and the web form.
// A company picks wall-clock times ('yyyy-MM-dd' + 'HH:mm') in its own IANA zone; they are stored
// as UTC instants and shown to each party in their own zone, always with the zone's name. Every
// conversion goes through @date-fns/tz (IANA data via Intl): no offset is ever added by hand, so a
// daylight-saving change in either zone moves nothing it should not.

/** At most this many times per proposal. */
export const INTERVIEW_TIMES_MAX = 3;
/** The durations a company may choose, in minutes. */
export const INTERVIEW_DURATIONS = [30, 45, 60, 90] as const;
export type InterviewDuration = (typeof INTERVIEW_DURATIONS)[number];
/** The calendar's grid: a time starts on a quarter hour of the company's wall clock. */
export const INTERVIEW_GRID_MINUTES = 15;
/** Times are proposed within the next this many days. */
export const INTERVIEW_HORIZON_DAYS = 60;
/** And at least this many minutes from now. */
export const INTERVIEW_MIN_NOTICE_MINUTES = 60;

export const INTERVIEW_TIME_MESSAGES = {
  timeRequired: 'Please choose a date and a time.',
  offGrid: `Times start on the quarter hour (every ${INTERVIEW_GRID_MINUTES} minutes).`,
  notInZone: 'This time does not exist on that day in your time zone (the clocks change). Choose another time.',
  tooSoon: `Times must be at least ${INTERVIEW_MIN_NOTICE_MINUTES} minutes from now.`,
  past: 'This time is in the past. Choose a time in the future.',
  tooFar: `Times must be within the next ${INTERVIEW_HORIZON_DAYS} days.`,
  duplicate: 'Each proposed time must be different.',
  overlapping: 'Proposed times must not overlap each other.',
  tooMany: `Propose at most ${INTERVIEW_TIMES_MAX} times.`,
  tooFew: 'Propose at least one time.',
} as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;

// ICU (so Intl in Chromium and Node) still names a few zones by their old IANA names: its list and
// a browser's own zone say 'Asia/Calcutta' where IANA's canonical name is 'Asia/Kolkata'. Every zone
// we list, save or show goes through canonicalTimeZone, so people see today's names and a saved
// legacy name (an old client, a browser's guess) is stored under its canonical one.
const LEGACY_ZONES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** IANA's canonical name for `zone` ('Asia/Calcutta' -> 'Asia/Kolkata'); any other name unchanged. */
export const canonicalTimeZone = (zone: string): string => LEGACY_ZONES[zone] ?? zone;

/** The IANA zones this runtime knows, by their canonical names, sorted. */
export function timeZoneNames(): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(all.map(canonicalTimeZone))].sort();
}

/** True when `zone` is an IANA time zone this runtime knows ('UTC' included). */
export function isIanaTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone.length > 64 || !/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The UTC instant of wall-clock `date` 'yyyy-MM-dd' at `time` 'HH:mm' in `zone`; null when that
 * time does not exist there (the hour skipped when clocks go forward) or the text is not a date
 * and time. A time that exists twice (clocks go back) is its first occurrence.
 */
export function zonedToUtc(date: string, time: string, zone: string): Date | null {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) return null;
  const [y, mo, da] = [Number(d[1]), Number(d[2]) - 1, Number(d[3])];
  const [h, mi] = [Number(t[1]), Number(t[2])];
  if (mo > 11 || da < 1 || da > 31 || h > 23 || mi > 59) return null;
  const at = new TZDate(y, mo, da, h, mi, zone);
  // A wall time in the gap comes back moved by the zone rules: it does not exist.
  if (at.getFullYear() !== y || at.getMonth() !== mo || at.getDate() !== da || at.getHours() !== h || at.getMinutes() !== mi) {
    return null;
  }
  // The first of two equal wall times: an hour earlier that is still the same wall time wins.
  const earlier = new TZDate(at.getTime() - 3_600_000, zone);
  if (earlier.getHours() === h && earlier.getMinutes() === mi && earlier.getDate() === da) return new Date(earlier.getTime());
  return new Date(at.getTime());
}

/** The wall-clock day 'yyyy-MM-dd' and time 'HH:mm' of the instant `at` in `zone`. */
export function utcToZoned(at: string | Date, zone: string): { date: string; time: string } {
  const when = new Date(at);
  return { date: format(when, 'yyyy-MM-dd', { in: tz(zone) }), time: format(when, 'HH:mm', { in: tz(zone) }) };
}

export type TimeRange = { start: Date; end: Date };

/** Two half-open ranges [start, end) overlap: one ending as the other starts does not. */
export function rangesOverlap(a: TimeRange, b: TimeRange): boolean {
  return a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();
}

/** The indexes of the first two ranges that overlap, or null. */
export function findOverlap(ranges: readonly TimeRange[]): [number, number] | null {
  for (let i = 0; i < ranges.length; i++) {
    for (let j = i + 1; j < ranges.length; j++) {
      if (rangesOverlap(ranges[i] as TimeRange, ranges[j] as TimeRange)) return [i, j];
    }
  }
  return null;
}

/** 'HH:mm' on the calendar's grid. */
export function isOnGrid(time: string): boolean {
  const t = TIME.exec(time);
  return !!t && Number(t[2]) % INTERVIEW_GRID_MINUTES === 0;
}

/**
 * What is wrong with a proposed start at `now` (at least the notice ahead, within the horizon),
 * as the contract's message; null when it may be proposed. The server checks with its clock,
 * the form with the browser's.
 */
export function startProblem(start: Date, now: Date): string | null {
  const ms = start.getTime() - now.getTime();
  if (ms <= 0) return INTERVIEW_TIME_MESSAGES.past;
  if (ms < INTERVIEW_MIN_NOTICE_MINUTES * 60_000) return INTERVIEW_TIME_MESSAGES.tooSoon;
  if (ms > INTERVIEW_HORIZON_DAYS * 24 * 3_600_000) return INTERVIEW_TIME_MESSAGES.tooFar;
  return null;
}

// ---- how a time reads ---------------------------------------------------------------------------

/** 'Mon, 15 Mar 2027, 9:00 AM': the instant in `zone`. */
export function formatInterviewTime(at: string | Date, zone: string): string {
  return format(new Date(at), 'EEE, d MMM yyyy, h:mm a', { in: tz(zone) });
}

/** '9:00 AM': the instant's wall-clock time in `zone`. */
export function formatInterviewClock(at: string | Date, zone: string): string {
  return format(new Date(at), 'h:mm a', { in: tz(zone) });
}

/** 'Europe/Berlin (GMT+1)': the zone's name and its offset at that instant (it changes with daylight saving). */
export function formatZoneName(zone: string, at: string | Date = new Date()): string {
  return `${canonicalTimeZone(zone).replaceAll('_', ' ')} (${format(new Date(at), 'O', { in: tz(zone) })})`;
}

/** 'Mon, 15 Mar 2027, 9:00 AM - 10:00 AM Europe/Berlin (GMT+1)': a range in one zone, with its name. */
export function formatInterviewRange(start: string | Date, end: string | Date, zone: string): string {
  return `${formatInterviewTime(start, zone)} - ${formatInterviewClock(end, zone)} ${formatZoneName(zone, start)}`;
}
