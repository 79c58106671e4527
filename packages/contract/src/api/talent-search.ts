import { z } from 'zod';
import { HOURLY_RATE_MAX, HOURLY_RATE_MIN } from '../limits.ts';
import { COUNTRIES } from '../lists/countries.ts';
import { LANGUAGES } from '../lists/languages.ts';
import { LEVELS } from '../rules/level.ts';
import { hasUnsafeCharacters } from '../validation/characters.ts';
import { PROFILE_MESSAGES } from '../validation/profile-messages.ts';
import { PublicProfile } from './account.ts';
import { defineEndpoint } from './define.ts';

// Company talent search (issue 20): free text tolerant of typos, filters, keyset pagination; a
// freelancer's profile as a company sees it; the company home's panels from real data. Imported
// directly ('@talentloop/contract/api/talent-search'). Only vetted, open-to-work freelancers whose
// visibility allows companies ever appear.

export const TALENT_QUERY_MAX = 100;
export const TALENT_SKILLS_MAX = 10;
export const TALENT_PAGE_SIZE = 20;
export const TALENT_PAGE_MAX = 50;
/** The web waits this long after the last keystroke before searching. */
export const TALENT_SEARCH_DEBOUNCE_MS = 300;
/** Weekly availability filter: at least this many hours a week. */
export const TALENT_HOURS_OPTIONS = [5, 10, 20, 30] as const;

export const TALENT_SORTS = ['relevance', 'rate_asc', 'rate_desc'] as const;
export type TalentSort = (typeof TALENT_SORTS)[number];
export const TALENT_SORT_LABELS: Record<TalentSort, string> = {
  relevance: 'Best match',
  rate_asc: 'Rate: low to high',
  rate_desc: 'Rate: high to low',
};

export const TALENT_SEARCH_MESSAGES = {
  queryTooLong: `Search text can be at most ${TALENT_QUERY_MAX} characters.`,
  tooManySkills: `Choose at most ${TALENT_SKILLS_MAX} skills.`,
  unknownSkill: (name: string) => `Unknown skill: ${name}. Choose a skill from the list.`,
  unknownCountry: 'Choose a country from the list.',
  unknownLanguage: 'Choose a language from the list.',
  unknownLevel: 'Choose an experience level from the list.',
  rateNotNumber: 'Hourly rate must be a number.',
  rateOutOfRange: `Hourly rate must be between ${HOURLY_RATE_MIN} and ${HOURLY_RATE_MAX}.`,
  rateInverted: 'The minimum rate must not be more than the maximum rate.',
  badCursor: 'This page of results is no longer valid. Start the search again.',
  unknownHours: `Weekly availability must be one of ${TALENT_HOURS_OPTIONS.join(', ')} hours.`,
} as const;

const COUNTRY_CODES = new Set<string>(COUNTRIES.map((c) => c.code));
const LANGUAGE_CODES = new Set<string>(LANGUAGES.map((l) => l.code));

/** One or many values of a repeated query parameter (`skill=a&skill=b`). */
const many = (item: z.ZodString) => z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(item));

const rate = z.coerce
  .number({ error: TALENT_SEARCH_MESSAGES.rateNotNumber })
  .min(HOURLY_RATE_MIN, { error: TALENT_SEARCH_MESSAGES.rateOutOfRange })
  .max(HOURLY_RATE_MAX, { error: TALENT_SEARCH_MESSAGES.rateOutOfRange });

/**
 * The search as the URL holds it (`/company/talent?q=react&skill=TypeScript&country=DE`): the web
 * page's URL and the API's query string are the same parameters. Skills must all be listed
 * (names from the reference list, checked on the server); rate range: a freelancer's range must
 * overlap it; hours: the freelancer offers at least that many hours a week.
 */
export const TalentSearchQuery = z
  .object({
    q: z
      .string()
      .refine((v) => !hasUnsafeCharacters(v), { message: PROFILE_MESSAGES.unsafeCharacters, abort: true })
      .trim()
      .max(TALENT_QUERY_MAX, { error: TALENT_SEARCH_MESSAGES.queryTooLong })
      .default(''),
    skill: many(
      z
        .string()
        .refine((v) => !hasUnsafeCharacters(v), { message: PROFILE_MESSAGES.unsafeCharacters, abort: true })
        .trim()
        .min(1)
        .max(100),
    ).pipe(z.array(z.string()).max(TALENT_SKILLS_MAX, { error: TALENT_SEARCH_MESSAGES.tooManySkills })),
    country: z
      .string()
      .refine((c) => COUNTRY_CODES.has(c), { error: TALENT_SEARCH_MESSAGES.unknownCountry })
      .optional(),
    /** The level companies see (rules/level.ts, derived from work history; decision 163), on the day of the search. */
    level: z.enum(LEVELS, { error: TALENT_SEARCH_MESSAGES.unknownLevel }).optional(),
    rateMin: rate.optional(),
    rateMax: rate.optional(),
    hours: z.coerce
      .number()
      .refine((h) => (TALENT_HOURS_OPTIONS as readonly number[]).includes(h), { error: TALENT_SEARCH_MESSAGES.unknownHours })
      .optional(),
    language: z
      .string()
      .refine((c) => LANGUAGE_CODES.has(c), { error: TALENT_SEARCH_MESSAGES.unknownLanguage })
      .optional(),
    sort: z.enum(TALENT_SORTS).default('relevance'),
    /** Opaque; from the previous page's nextCursor. */
    cursor: z.string().max(500).optional(),
    limit: z.coerce.number().int().min(1).max(TALENT_PAGE_MAX).default(TALENT_PAGE_SIZE),
  })
  .superRefine((q, ctx) => {
    if (q.rateMin !== undefined && q.rateMax !== undefined && q.rateMin > q.rateMax) {
      ctx.addIssue({ code: 'custom', path: ['rateMin'], message: TALENT_SEARCH_MESSAGES.rateInverted });
    }
  });
export type TalentSearchQuery = z.input<typeof TalentSearchQuery>;
export type TalentSearchParams = z.output<typeof TalentSearchQuery>;

/** Filters a company can loosen when a search finds nothing. */
export const TALENT_FILTERS = ['q', 'skill', 'country', 'level', 'rate', 'hours', 'language'] as const;
/** A loosen count stops here: the answer then says 'at least this many' (decision "Talent search speed"). */
export const TALENT_LOOSEN_COUNT_MAX = 100;
export type TalentFilter = (typeof TALENT_FILTERS)[number];
/** At most this many 'Did you mean' texts when a search's text finds nobody (decision 160). */
export const TALENT_DID_YOU_MEAN_MAX = 3;

export const TalentCard = z.object({
  slug: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  photoUrl: z.string().nullable(),
  occupation: z.string().nullable(),
  minHourlyRate: z.number().nullable(),
  maxHourlyRate: z.number().nullable(),
  /** The level companies see (rules/level.ts: from work history, on the day of the search). */
  level: z.enum(LEVELS),
  /** At most five, the freelancer's order. */
  topSkills: z.array(z.string()),
  countryCode: z.string().nullable(),
  openToWork: z.boolean(),
  /** Made by `npm run seed:demo`: shown with a 'Demo profile' badge, never counted in figures. */
  demo: z.boolean(),
});
export type TalentCard = z.infer<typeof TalentCard>;

export const searchTalent = defineEndpoint({
  tag: 'talent-search',
  method: 'GET',
  path: '/company/talent',
  summary:
    'Search vetted, open-to-work freelancers visible to companies: text over name, occupation, skills and bio (typos tolerated), filters, sort, keyset pages',
  auth: true,
  access: ['client'],
  query: TalentSearchQuery,
  response: z.object({
    status: z.literal('success'),
    results: z.array(TalentCard),
    nextCursor: z.string().nullable(),
    /**
     * Only on an empty first page with filters: each filter whose removal alone would find
     * someone, with how many (at most TALENT_LOOSEN_COUNT_MAX counted), most helpful first.
     */
    loosen: z.array(z.object({ filter: z.enum(TALENT_FILTERS), count: z.number().int() })),
    /**
     * Only on an empty first page with text: the text with a word replaced by the closest words
     * profiles hold (at most TALENT_DID_YOU_MEAN_MAX), each one finding someone with the same
     * filters, closest first ('Did you mean').
     */
    didYouMean: z.array(z.string()),
  }),
});

/** A candidate's shortlist memberships, shown on the profile a company opens. */
export const ShortlistMembership = z.object({
  shortlistId: z.string(),
  shortlistName: z.string(),
  candidateId: z.string(),
  stage: z.string(),
});
export type ShortlistMembership = z.infer<typeof ShortlistMembership>;

export const getTalentProfile = defineEndpoint({
  tag: 'talent-search',
  method: 'GET',
  path: '/company/talent/:slug',
  params: z.object({ slug: z.string() }),
  summary:
    'A vetted freelancer’s profile as a company sees it, with the caller’s shortlists holding them and the public link when the profile is public; counts a view',
  auth: true,
  access: ['client'],
  response: z.object({
    status: z.literal('success'),
    profile: PublicProfile,
    demo: z.boolean(),
    /** Absolute `/talent/{slug}` link when the profile is public, else null. */
    publicUrl: z.string().nullable(),
    memberships: z.array(ShortlistMembership),
    /** Whether the caller's company is verified (may shortlist). */
    canShortlist: z.boolean(),
  }),
});

// ---- the company home's panels ----

export const TalentInsights = z.object({
  /** The most shortlisted vetted talents per occupation (real companies and talents only). */
  topPerformance: z.array(
    z.object({
      category: z.string(),
      talents: z.array(z.object({ slug: z.string(), firstName: z.string(), lastName: z.string(), photoUrl: z.string().nullable() })),
      /** How many more talents the category holds beyond those shown. */
      more: z.number().int().min(0),
    }),
  ),
  /** Median days from shortlist to Selected on the platform; null before the first hire. */
  hiringTime: z.object({ medianDays: z.number().nullable(), hires: z.number().int().min(0) }),
  /** The pool's most listed skills: how many profiles list each, and the change over the last 30 days. */
  trends: z.array(z.object({ skill: z.string(), count: z.number().int(), change30d: z.number().int() })),
});
export type TalentInsights = z.infer<typeof TalentInsights>;

export const getTalentInsights = defineEndpoint({
  tag: 'talent-search',
  method: 'GET',
  path: '/company/talent-insights',
  summary: 'The company home panels from real data: top performance, hiring time, technology and trends (demo rows never counted)',
  auth: true,
  access: ['client'],
  response: z.object({ status: z.literal('success'), insights: TalentInsights }),
});
