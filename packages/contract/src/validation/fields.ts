import { z } from 'zod';
import { COUNTRIES } from '../lists/countries.ts';
import { LANGUAGES } from '../lists/languages.ts';
import { EXPERIENCE_LEVEL_CODES, PROFICIENCIES } from '../lists/profile.ts';
import { DATE_YEAR_MIN, HOURLY_RATE_MAX, HOURLY_RATE_MIN, SHORT_TEXT_MAX, URL_MAX } from '../limits.ts';
import { hasUnsafeCharacters } from './characters.ts';
import { PROFILE_MESSAGES as M } from './profile-messages.ts';

// One definition per field. Each rule below is a plain predicate plus a zod builder taking the
// messages to answer, so the wire schema (what the server accepts) and the form schema (what a
// screen shows) are built from the same rule and can only differ in their words. Tested by the
// form-equals-wire table in fields.test.ts. docs/decisions.md "One definition per field".

// ---- characters ---------------------------------------------------------------------------------

export { hasUnsafeCharacters } from './characters.ts';
// People's names have their own module (one rule for every form and wire schema that takes one).
export { PERSON_NAME_PATTERN, isPersonName, personName } from './names.ts';

// ---- zod builders -------------------------------------------------------------------------------

/** Required text: trimmed, not blank (only the required message then), bounded, no unsafe characters. */
export function requiredText(required: string, max = SHORT_TEXT_MAX, opts: { multiline?: boolean; tooLong?: string } = {}) {
  return z
    .string({ error: required })
    .refine((v) => !hasUnsafeCharacters(v, opts.multiline), { message: M.unsafeCharacters, abort: true })
    .trim()
    .min(1, { message: required, abort: true })
    .max(max, opts.tooLong ?? M.tooLong);
}

/**
 * A one-line label others will read (occupation, skill, university, title, company, certification):
 * required text without angle brackets, so no markup reaches a mail or another screen.
 */
export function labelText(required: string, max = SHORT_TEXT_MAX) {
  return requiredText(required, max).refine((v) => !/[<>]/.test(v), M.noAngleBrackets);
}

export const COUNTRY_CODES: readonly string[] = COUNTRIES.map((c) => c.code);
export const isCountryCode = (code: string) => COUNTRY_CODES.includes(code.trim().toUpperCase());

/** An ISO 3166-1 alpha-2 code from the shipped list, any case in, upper case out. */
export function countryCodeField(required: string = M.countryRequired, invalid: string = M.countryInvalid) {
  return requiredText(required, 60)
    .toUpperCase()
    .refine((c) => COUNTRY_CODES.includes(c), invalid);
}

export const LANGUAGE_CODE_LIST: readonly string[] = LANGUAGES.map((l) => l.code);

/** A listed language: any case in, the lower-case ISO 639-1 code out (how it is stored). */
export function languageCodeField(message: string = M.selectLanguage) {
  return z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .refine((c) => LANGUAGE_CODE_LIST.includes(c), message);
}

/** A listed proficiency, any case in, the list's spelling out ('fluent' -> 'Fluent'). */
export function proficiencyField(message: string = M.selectProficiency) {
  return z
    .string({ error: message })
    .trim()
    .transform((v) => PROFICIENCIES.find((p) => p.toLowerCase() === v.toLowerCase()) ?? v)
    .pipe(z.enum(PROFICIENCIES, { error: message }));
}

/** A listed experience level, any case in, its lower-case code out. */
export function experienceLevelField(message: string = M.experienceLevelRequired) {
  return z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .pipe(z.enum(EXPERIENCE_LEVEL_CODES, { error: message }));
}

// ---- hourly rate --------------------------------------------------------------------------------

/** Typed rates: digits and at most one decimal point. spec: profile-company §5 */
export const HOURLY_RATE_PATTERN = /^\d+(\.\d+)?$/;

/** Why a rate (a number) cannot be saved: 'positive' for <= 0 (the spec's code), 'range' outside the bounds. */
export function hourlyRateValueProblem(n: number): 'invalid' | 'positive' | 'range' | null {
  if (!Number.isFinite(n)) return 'invalid';
  if (n <= 0) return 'positive';
  if (n < HOURLY_RATE_MIN || n > HOURLY_RATE_MAX) return 'range';
  return null;
}

/** A typed rate's message, or null when it can be saved. */
export function hourlyRateProblem(value: string): string | null {
  const v = value.trim();
  if (!v) return M.hourlyRateRequired;
  if (!HOURLY_RATE_PATTERN.test(v)) return M.hourlyRateFormat;
  const problem = hourlyRateValueProblem(Number(v));
  if (problem === 'positive') return M.hourlyRatePositive;
  if (problem) return M.hourlyRateRange;
  return null;
}

/**
 * The saved rate (a number, or numeric text): the spec's codes for a non-number (TL_CORE_10014_E)
 * and for zero or less (TL_CORE_10015_E); outside $1-$1,000 the range message. Text must have the
 * form's shape, so '1e-320' or ' 0x10' are refused as the form refuses them.
 */
export const wireHourlyRate = z
  .union([z.number(), z.string()], { error: 'TL_CORE_10014_E' })
  .superRefine((v, ctx) => {
    if (typeof v === 'string' && !HOURLY_RATE_PATTERN.test(v.trim()))
      return void ctx.addIssue({ code: 'custom', message: 'TL_CORE_10014_E' });
    const problem = hourlyRateValueProblem(Number(v));
    if (problem === 'invalid') ctx.addIssue({ code: 'custom', message: 'TL_CORE_10014_E' });
    else if (problem === 'positive') ctx.addIssue({ code: 'custom', message: 'TL_CORE_10015_E' });
    else if (problem === 'range') ctx.addIssue({ code: 'custom', message: M.hourlyRateRange });
  })
  .transform((v) => Math.round(Number(v) * 100) / 100);

// ---- dates --------------------------------------------------------------------------------------

/**
 * "Today" for a not-in-the-future check: the latest calendar day anywhere on Earth (UTC+14), so a
 * user whose local date is already tomorrow is not refused. yyyy-MM-dd.
 */
export function latestToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** A real calendar date written yyyy-MM-dd (no 2023-02-30, no year 0000), from DATE_YEAR_MIN on. */
export function isRealDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < DATE_YEAR_MIN || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * A work date as the wire accepts it: yyyy, yyyy-MM (what the month-and-year picker sends) or
 * yyyy-MM-dd; a year or a month is read as its first day. Null when it is not a real date.
 */
export function normalizeWorkDate(value: string): string | null {
  const v = value.trim();
  const full = /^\d{4}$/.test(v) ? `${v}-01-01` : /^\d{4}-\d{2}$/.test(v) ? `${v}-01` : v;
  return isRealDate(full) ? full : null;
}

/** yyyy-MM of a date, for the month-and-year picker. */
export const toMonthValue = (date: string | null | undefined) => (date ? date.slice(0, 7) : '');

/** A required work date (start): real, normalised to yyyy-MM-dd. */
export function workDateField(required: string) {
  return requiredText(required, 10).transform((v, ctx) => {
    const date = normalizeWorkDate(v);
    if (!date) {
      ctx.addIssue({ code: 'custom', message: M.dateInvalid });
      return z.NEVER;
    }
    return date;
  });
}

/** A required day date (certification issued): real yyyy-MM-dd and not in the future. */
export function dayDateField(required: string, future: string) {
  return requiredText(required, 10)
    .refine(isRealDate, { message: M.dateInvalid, abort: true })
    .refine((v) => v <= latestToday(), future);
}

// ---- links --------------------------------------------------------------------------------------

/** An absolute http(s) URL with a host: what a link field may hold. */
export function isHttpUrl(value: string): boolean {
  if (value.length > URL_MAX || /\s/.test(value) || hasUnsafeCharacters(value)) return false;
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = [
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
];

/** The video id of a YouTube video link (watch, youtu.be, shorts, embed, live), or null. */
export function youTubeVideoId(value: string): string | null {
  if (!isHttpUrl(value.trim())) return null;
  const url = new URL(value.trim());
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined = null;
  if (host === 'youtu.be' || host === 'www.youtu.be') id = segments.length === 1 ? segments[0] : null;
  else if (YOUTUBE_HOSTS.includes(host)) {
    if (segments.length === 1 && segments[0] === 'watch') id = url.searchParams.get('v');
    else if (segments.length === 2 && ['shorts', 'embed', 'live', 'v'].includes(segments[0] ?? '')) id = segments[1];
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}
export const isYouTubeVideoUrl = (value: string) => youTubeVideoId(value) !== null;

/** Where a saved video link is embedded: YouTube's privacy-enhanced player, built from the id only. */
export function youTubeEmbedUrl(value: string): string | null {
  const id = youTubeVideoId(value);
  return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
}

/** Optional text: null, undefined and blank all mean "none" (null out). */
export function optionalText(max: number, message: string = M.tooLong) {
  return z
    .string()
    .nullish()
    .transform((v) => (v ?? '').trim())
    .refine((v) => !hasUnsafeCharacters(v), M.unsafeCharacters)
    .refine((v) => v.length <= max, message)
    .transform((v) => (v ? v : null));
}

/** An optional http(s) link (blank means none). */
export function optionalUrl(invalid: string = M.urlInvalid) {
  return optionalText(URL_MAX, invalid).refine((v) => v === null || isHttpUrl(v), invalid);
}

// ---- lists --------------------------------------------------------------------------------------

/** Refuses a second entry with the same key (the issue sits on the later entry). */
export const noDuplicates =
  <T>(key: (v: T) => string, message: string) =>
  (list: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    list.forEach((item, i) => {
      const k = key(item);
      if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [i], message });
      seen.add(k);
    });
  };

/** Refuses the same entry id twice in one save (ids are optional: new entries have none). */
export const noDuplicateIds =
  <T>(id: (v: T) => string | null | undefined) =>
  (list: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    list.forEach((item, i) => {
      const k = id(item);
      if (!k) return;
      if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [i], message: M.duplicateEntry });
      seen.add(k);
    });
  };

export const entryId = z.string().uuid().nullish();
