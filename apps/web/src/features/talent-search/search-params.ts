import { companyVerificationPath } from '@talentloop/contract';
import {
  TALENT_LOOSEN_COUNT_MAX,
  TALENT_SORTS,
  type TalentFilter,
  TalentSearchQuery,
  type TalentSort,
} from '@talentloop/contract/api/talent-search';

// The search as the address holds it (issue 20): the page's URL and the API's query string are the
// same parameters (the contract's TalentSearchQuery), so a search can be shared, reloaded and
// undone with Back. Values stay strings here, as typed; the contract checks them.

export type TalentFilters = {
  q: string;
  skill: string[];
  country: string;
  level: string;
  rateMin: string;
  rateMax: string;
  hours: string;
  language: string;
  sort: TalentSort;
};

export const EMPTY_FILTERS: TalentFilters = {
  q: '',
  skill: [],
  country: '',
  level: '',
  rateMin: '',
  rateMax: '',
  hours: '',
  language: '',
  sort: 'relevance',
};

/** Where an unverified company verifies: the verification tab of its profile setup. */
export const VERIFY_LINK = companyVerificationPath;

const SINGLE = ['country', 'level', 'rateMin', 'rateMax', 'hours', 'language'] as const;

const isSort = (v: string | null): v is TalentSort => (TALENT_SORTS as readonly (string | null)[]).includes(v);

/** The filters in a URL's query string; anything else in it is ignored, an unknown sort is the default. */
export function filtersFromParams(params: URLSearchParams): TalentFilters {
  const filters: TalentFilters = { ...EMPTY_FILTERS, skill: [] };
  filters.q = params.get('q')?.trim() ?? '';
  // Each skill once, in the order given.
  filters.skill = [...new Set(params.getAll('skill').map((s) => s.trim()))].filter(Boolean);
  for (const key of SINGLE) filters[key] = params.get(key)?.trim() ?? '';
  const sort = params.get('sort');
  filters.sort = isSort(sort) ? sort : 'relevance';
  return filters;
}

/** The query string of a search: empty values and the default sort left out, skills repeated. */
export function paramsFromFilters(filters: TalentFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  for (const s of filters.skill) params.append('skill', s);
  for (const key of SINGLE) if (filters[key].trim()) params.set(key, filters[key].trim());
  if (filters.sort !== 'relevance') params.set('sort', filters.sort);
  return params;
}

/** The API's query parameters for a search (the call drops empty ones and repeats skills). */
export function apiQuery(filters: TalentFilters): Record<string, string | readonly string[] | undefined> {
  const { q, skill, country, level, rateMin, rateMax, hours, language, sort } = filters;
  return { q: q.trim(), skill, country, level, rateMin, rateMax, hours, language, sort };
}

/** The search without one filter (the way an empty result's suggestion loosens it). */
export function withoutFilter(filters: TalentFilters, filter: TalentFilter): TalentFilters {
  switch (filter) {
    case 'q':
      return { ...filters, q: '' };
    case 'skill':
      return { ...filters, skill: [] };
    case 'rate':
      return { ...filters, rateMin: '', rateMax: '' };
    default:
      return { ...filters, [filter]: '' };
  }
}

/** How many filters (text aside) narrow the search. */
export function activeFilterCount(filters: TalentFilters): number {
  return (
    filters.skill.length +
    [filters.country, filters.level, filters.hours, filters.language].filter(Boolean).length +
    (filters.rateMin || filters.rateMax ? 1 : 0)
  );
}

/**
 * The contract's messages for a search the server would refuse (inverted or out-of-range rates,
 * unknown country or level, too many skills, text too long), checked before calling. Skill names
 * are checked by the server only (the reference list is not in the page).
 */
export function searchProblems(filters: TalentFilters): SearchProblem[] {
  const input: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(apiQuery(filters))) if (v !== '' && v !== undefined) input[k] = v;
  const parsed = TalentSearchQuery.safeParse(input);
  if (parsed.success) return [];
  const seen = new Set<string>();
  return parsed.error.issues
    .map((i) => ({ field: String(i.path[0] ?? ''), message: i.message }))
    .filter((p) => !seen.has(p.message) && seen.add(p.message));
}

/** A refusal of the search: the parameter it is about ('rateMin', 'skill', …) and the contract's message. */
export type SearchProblem = { field: string; message: string };

const PARAM_PREFIX = /^(q|skill|country|level|rateMin|rateMax|hours|language|sort|cursor|limit)(\.\d+)?: /;

/** The server's refusal of a search as a problem (its validation answers 'rateMin: <message>'). */
export function serverProblem(message: string): SearchProblem {
  const m = PARAM_PREFIX.exec(message);
  return m ? { field: m[1] ?? '', message: message.slice(m[0].length) } : { field: '', message };
}

const FILTER_NAMES: Record<TalentFilter, string> = {
  q: 'Clear the search text',
  skill: 'Remove the skill filter',
  country: 'Remove the country filter',
  level: 'Remove the experience level filter',
  rate: 'Remove the hourly rate filter',
  hours: 'Remove the availability filter',
  language: 'Remove the language filter',
};

/** 'Remove the country filter: 12 freelancers' (the server counts at most 1000). */
export function loosenLabel(filter: TalentFilter, count: number, skills = 1): string {
  const what = filter === 'skill' && skills > 1 ? 'Remove the skill filters' : FILTER_NAMES[filter];
  return `${what}: ${freelancerCount(count)}`;
}

export const LOOSEN_COUNT_CAP = TALENT_LOOSEN_COUNT_MAX;

export function freelancerCount(n: number): string {
  if (n >= LOOSEN_COUNT_CAP) return `${LOOSEN_COUNT_CAP}+ freelancers`;
  return n === 1 ? '1 freelancer' : `${n} freelancers`;
}
