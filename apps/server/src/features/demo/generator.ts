import crypto from 'node:crypto';
import { COUNTRIES } from '@talentloop/contract/lists/countries';
import {
  type ExperienceLevel,
  PROFICIENCIES,
  PROJECT_DURATION_LABELS,
  SKILL_YEARS_MAX,
  WORK_HOURS,
} from '@talentloop/contract/lists/profile';
import { BIO_MAX } from '@talentloop/contract/limits';
import { yearsOfExperience } from '@talentloop/contract/rules/level';
import { slugBase } from '../account/slug.ts';
import { hourlyRates, popularity, searchKey, shippedRows } from '../reference/load.ts';
import { NAME_POOLS, type NamePool } from './names.ts';
import { GENERAL_SKILLS, SKILL_FAMILIES } from './skill-families.ts';

// Demo profiles (`npm run seed:demo`, the talent-search bench): realistic vetted freelancers made
// from the shared reference data (occupations weighted by how common they are, skills coherent with
// the occupation, the hourly-rate table's range for the occupation and level) and the curated names
// of names.ts. Deterministic: profile `index` of seed `seed` is always the same person, so a top-up
// adds the next ones and a re-run after --reset gives the same set.

/** Every demo address is under the reserved `.invalid` top-level domain (RFC 2606): no mail can be delivered. */
export const DEMO_EMAIL_DOMAIN = 'demo.talentloop.invalid';
export const demoEmail = (index: number) => `demo-${index}@${DEMO_EMAIL_DOMAIN}`;
/** The index of a demo address, or null. */
export function demoIndexOf(email: string): number | null {
  const m = /^demo-(\d+)@demo\.talentloop\.invalid$/.exec(email);
  return m ? Number(m[1]) : null;
}

export type DemoSkill = { name: string; years: number };
export type DemoLanguage = { code: string; proficiency: string };
/** A role in the work history ('YYYY-MM-DD' dates; no end date: the current one). */
export type DemoWork = { title: string; company: string; startDate: string; endDate: string | null };

export type DemoProfile = {
  index: number;
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  slug: string;
  occupation: string;
  countryCode: string;
  description: string;
  experienceLevel: ExperienceLevel;
  minHourlyRate: number;
  maxHourlyRate: number;
  minHoursPerWeek: number;
  maxHoursPerWeek: number;
  projectDuration: string;
  visibility: 'public' | 'companies';
  skills: DemoSkill[];
  languages: DemoLanguage[];
  /** Roles, newest first, adding up to the years the bio names, so the level derived from them (issue 22) agrees. */
  work: DemoWork[];
  /** When the profile entered the pool and when it was vetted (days before `now`). */
  joinedAt: Date;
  vettedAt: Date;
  /** The photo's background, a colour from the name. */
  colour: string;
};

/** mulberry32: a small, fast 32-bit PRNG; enough for test data, never for secrets. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const digest = (text: string) => crypto.createHash('sha256').update(text).digest();

type Random = {
  next: () => number;
  int: (min: number, max: number) => number;
  pick: <T>(xs: readonly T[]) => T;
  chance: (p: number) => boolean;
};
function randomOf(seed: number, index: number): Random {
  const next = prng(digest(`talentloop-demo:${seed}:${index}`).readUInt32BE(0));
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(xs: readonly T[]): T => {
    const x = xs[Math.floor(next() * xs.length)];
    if (x === undefined) throw new Error('demo generator: pick from an empty list');
    return x;
  };
  return { next, int, pick, chance: (p) => next() < p };
}

/** The reference data the generator draws from, built once per process. */
export type DemoReference = {
  occupations: { name: string; weight: number }[];
  totalWeight: number;
  skills: Set<string>;
  allSkills: string[];
  skillsByKey: Map<string, string>;
  families: { occupations: RegExp; skills: string[] }[];
  general: string[];
  rates: ReturnType<typeof hourlyRates>;
  countryNames: Map<string, string>;
};

let reference: DemoReference | undefined;
export function demoReference(): DemoReference {
  if (reference) return reference;
  const skillNames = shippedRows('skills').map((r) => r.name);
  const skills = new Set(skillNames);
  const figures = popularity().occupations ?? {};
  // Every occupation appears; common ones (the shipped popularity figure) appear more often.
  const occupations = shippedRows('occupations').map((r) => ({ name: r.name, weight: 1 + (figures[r.name] ?? 0) }));
  reference = {
    occupations,
    totalWeight: occupations.reduce((sum, o) => sum + o.weight, 0),
    skills,
    allSkills: skillNames,
    skillsByKey: new Map(skillNames.map((n) => [searchKey(n), n])),
    families: SKILL_FAMILIES.map((f) => ({ occupations: f.occupations, skills: f.skills.filter((s) => skills.has(s)) })),
    general: GENERAL_SKILLS.filter((s) => skills.has(s)),
    rates: hourlyRates(),
    countryNames: new Map(COUNTRIES.map((c) => [c.code, c.name])),
  };
  return reference;
}

const STEMS: Array<[RegExp, string]> = [
  [/ developer\b/g, ' development'],
  [/ designer\b/g, ' design'],
  [/ writer\b/g, ' writing'],
  [/ editor\b/g, ' editing'],
  [/ tester\b/g, ' testing'],
  [/ engineer\b/g, ' engineering'],
  [/ animator\b/g, ' animation'],
  [/ illustrator\b/g, ' illustration'],
  [/ photographer\b/g, ' photography'],
  [/ translator\b/g, ' translation'],
];

/** Skills named inside the occupation ('React Native Developer': React Native, React, Mobile...). */
const namedCache = new Map<string, string[]>();
function skillsNamedIn(occupation: string, ref: DemoReference): string[] {
  const cached = namedCache.get(occupation);
  if (cached) return cached;
  // Whole words only: 'Go' is not named in 'Logo Designer', nor 'R' in 'Writer'.
  let key = ` ${searchKey(occupation)} `;
  for (const [from, to] of STEMS) key += ` ${searchKey(occupation).replace(from, to)} `;
  const found: string[] = [];
  for (const [skillKey, name] of ref.skillsByKey) if (key.includes(` ${skillKey} `)) found.push(name);
  // Longest first: 'React Native' before 'React'.
  found.sort((a, b) => b.length - a.length);
  namedCache.set(occupation, found);
  return found;
}

/** The skill pool of an occupation: skills named in it, then its families' skills, most typical first. */
const poolCache = new Map<string, string[]>();
export function skillPool(occupation: string, ref: DemoReference = demoReference()): string[] {
  const cached = poolCache.get(occupation);
  if (cached) return cached;
  const lower = occupation.toLowerCase();
  const families = ref.families.filter((f) => f.occupations.test(lower));
  const pool = [...new Set([...skillsNamedIn(occupation, ref), ...families.flatMap((f) => f.skills)])];
  const result = pool.length >= 3 ? pool : [...new Set([...pool, ...ref.general])];
  poolCache.set(occupation, result);
  return result;
}

function pickOccupation(r: Random, ref: DemoReference): string {
  let x = r.next() * ref.totalWeight;
  for (const o of ref.occupations) {
    x -= o.weight;
    if (x < 0) return o.name;
  }
  return r.pick(ref.occupations).name;
}

/**
 * 3 to 10 skills from the occupation's pool, typical ones more likely. Never one from anywhere: a
 * Photo Editor who lists Haskell contradicts the headline (issue 32).
 */
function pickSkills(r: Random, occupation: string, level: ExperienceLevel, ref: DemoReference): DemoSkill[] {
  const pool = skillPool(occupation, ref);
  const count = r.int(3, 10);
  const chosen = new Set<string>();
  const named = skillsNamedIn(occupation, ref);
  if (named[0]) chosen.add(named[0]);
  let guard = 0;
  while (chosen.size < Math.min(count, pool.length) && guard++ < 200) {
    // Skewed toward the front of the pool (its most typical skills).
    const i = Math.floor(r.next() ** 1.8 * pool.length);
    const skill = pool[i];
    if (skill) chosen.add(skill);
  }
  const maxYears = { fresher: 1, 'early career': 3, 'mid-exp': 5, experienced: 8, expert: 15 }[level];
  return [...chosen].map((name, i) => ({
    name,
    // The first skills are the ones worked with longest.
    years: Math.min(SKILL_YEARS_MAX, Math.max(0, maxYears - r.int(0, Math.min(maxYears, 1 + i)))),
  }));
}

const LEVEL_WEIGHTS: Array<[ExperienceLevel, number]> = [
  ['fresher', 8],
  ['early career', 17],
  ['mid-exp', 30],
  ['experienced', 27],
  ['expert', 18],
];
function pickLevel(r: Random): ExperienceLevel {
  let x = r.next() * 100;
  for (const [level, weight] of LEVEL_WEIGHTS) {
    x -= weight;
    if (x < 0) return level;
  }
  return 'expert';
}

function pickRates(r: Random, occupation: string, level: ExperienceLevel, ref: DemoReference): [number, number] {
  const [lo, hi] = ref.rates.rates[occupation]?.[level] ?? [ref.rates.default.min, ref.rates.default.max];
  const span = Math.max(5, hi - lo);
  const min = Math.round(lo + r.next() * span * 0.4);
  const max = Math.max(min + 5, Math.round(min + span * (0.3 + r.next() * 0.5)));
  return [min, max];
}

function languagesOf(r: Random, pool: NamePool): DemoLanguage[] {
  const englishFirst = ['US', 'GB', 'IE'].includes(pool.country);
  const out: DemoLanguage[] = [];
  if (englishFirst) out.push({ code: 'en', proficiency: 'Native' });
  else out.push({ code: pool.languages[0] ?? 'en', proficiency: 'Native' });
  if (!englishFirst) out.push({ code: 'en', proficiency: r.pick(['Proficient', 'Fluent', 'Fluent', 'Conversational'] as const) });
  const extra = pool.languages.filter((c) => !out.some((l) => l.code === c));
  if (extra.length && r.chance(0.4))
    out.push({ code: r.pick(extra), proficiency: r.pick(['Basic', 'Conversational', 'Proficient'] as const) });
  for (const l of out)
    if (!(PROFICIENCIES as readonly string[]).includes(l.proficiency)) throw new Error(`bad proficiency ${l.proficiency}`);
  return out;
}

const LEVEL_PHRASES: Record<ExperienceLevel, readonly string[]> = {
  fresher: ['Recently qualified', 'Early-career', 'Motivated junior'],
  'early career': ['Early-career', 'Growing', 'Dependable'],
  'mid-exp': ['Hands-on', 'Versatile', 'Reliable'],
  experienced: ['Experienced', 'Seasoned', 'Senior'],
  expert: ['Senior', 'Principal-level', 'Veteran'],
};
const YEARS_TEXT: Record<ExperienceLevel, string> = {
  fresher: 'a first year of client work',
  'early career': 'two years of client work',
  'mid-exp': 'four years of client work',
  experienced: 'seven years of client work',
  expert: 'more than ten years of client work',
};
const APPROACH = [
  'I write down what we agree on and send short progress notes every few days.',
  'I like small, frequent deliveries that you can review early.',
  'Clear scope, honest estimates and no surprises at the end.',
  'I have worked with start-ups and larger teams across several time zones.',
  'Happy to join an existing team or to own a piece of work end to end.',
  'I care about details that users notice and about handing over tidy work.',
  'Most of my clients come back for a second project.',
  'I ask questions early so that the result fits what you actually need.',
];

/** A bio of a few sentences, within the contract's BIO_MAX. */
function bioOf(r: Random, p: { occupation: string; level: ExperienceLevel; country: string; skills: DemoSkill[]; hours: string }): string {
  const top = p.skills.slice(0, 3).map((s) => s.name);
  const skillList = top.length > 1 ? `${top.slice(0, -1).join(', ')} and ${top.at(-1)}` : top[0];
  const sentences = [
    `${r.pick(LEVEL_PHRASES[p.level])} ${p.occupation} based in ${p.country}, with ${YEARS_TEXT[p.level]}.`,
    `Day to day I work with ${skillList}.`,
    r.pick(APPROACH),
    `Available ${p.hours} hours a week.`,
  ];
  let bio = '';
  for (const s of sentences) {
    const next = bio ? `${bio} ${s}` : s;
    if (next.length > BIO_MAX) break;
    bio = next;
  }
  return bio;
}

/** A v4-shaped UUID from the seed and index (stable across runs). */
function uuidOf(seed: number, index: number): string {
  const b = digest(`talentloop-demo-id:${seed}:${index}`).subarray(0, 16);
  b.writeUInt8((b.readUInt8(6) & 0x0f) | 0x40, 6);
  b.writeUInt8((b.readUInt8(8) & 0x3f) | 0x80, 8);
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** `ada-lovelace-k3x9` plus the index in base 36: unique per index, the slug rule's characters. */
function slugOf(firstName: string, lastName: string, index: number, r: Random): string {
  const base = slugBase(firstName, lastName);
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  let tag = '';
  for (let i = 0; i < 4; i++) tag += alphabet[r.int(0, alphabet.length - 1)];
  return `${base || 'talent'}-${tag}${index.toString(36)}`;
}

const DAY = 86_400_000;

/**
 * Years of work history per declared level, in tenths (the bio's 'a first year', 'two years', 'four
 * years', 'seven years', 'more than ten years'): the level derived from them is Entry, Intermediate,
 * Intermediate, Senior and Expert.
 */
const WORK_TENTHS: Record<ExperienceLevel, [number, number]> = {
  fresher: [6, 10],
  'early career': [20, 29],
  'mid-exp': [40, 49],
  experienced: [70, 79],
  expert: [105, 130],
};
/** Earlier employers: invented names (every demo profile is marked as made up). */
const DEMO_COMPANIES = [
  'Northwind Studio',
  'Bluefield Labs',
  'Harbour Digital',
  'Lumen Works',
  'Kestrel Systems',
  'Orchard Analytics',
  'Cobalt & Co',
  'Meridian Apps',
  'Tidewater Tech',
  'Sunpeak Media',
  'Granite Cloud',
  'Fernleaf Health',
];
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The work history, newest first: one to three roles back to back, the latest ongoing (freelance), adding up to
 * the level's years. Drawn from a random stream of its own, so the other fields stay as they were.
 */
function workOf(seed: number, index: number, occupation: string, level: ExperienceLevel, now: Date): DemoWork[] {
  const r = randomOf(seed, index + 0x40000000);
  const [low, high] = WORK_TENTHS[level];
  const totalDays = Math.round((r.int(low, high) / 10) * 365) + 1;
  const roles = level === 'fresher' ? 1 : r.int(1, 3);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  // Cut points between roles, oldest first; each role at least a tenth of the whole.
  const cuts = Array.from({ length: roles - 1 }, (_, i) => Math.round(((i + 1) / roles + (r.next() - 0.5) / (roles * 2)) * totalDays)).sort(
    (a, b) => a - b,
  );
  const starts = [0, ...cuts];
  const first = today - (totalDays - 1) * DAY;
  const oldestFirst = starts.map((start, i) => {
    const next = starts[i + 1];
    const current = next === undefined;
    return {
      title: current ? `Freelance ${occupation}` : occupation,
      company: current ? 'Self-employed' : r.pick(DEMO_COMPANIES),
      startDate: isoDay(first + start * DAY),
      endDate: current ? null : isoDay(first + (next - 1) * DAY),
    };
  });
  // Listed as a CV lists them: the current role first.
  return oldestFirst.reverse();
}

const isLatin = (name: string) => /\p{Script=Latin}/u.test(name);

/**
 * The family names a person called `given` may have: of their gender where the country's family
 * names take one (names.ts `gendered`), and in the same script as the given name when there is one.
 */
export function familyNamesFor(pool: NamePool, given: string): readonly string[] {
  const g = pool.gendered;
  const fitting = g ? [...pool.family, ...(g.femaleGiven.includes(given) ? g.female : g.male)] : pool.family;
  const sameScript = fitting.filter((f) => isLatin(f) === isLatin(given));
  return sameScript.length ? sameScript : fitting;
}

/** Profile `index` of seed `seed`; dates are counted back from `now`. */
export function generateProfile(seed: number, index: number, now: Date, ref: DemoReference = demoReference()): DemoProfile {
  const r = randomOf(seed, index);
  const pool = r.pick(NAME_POOLS);
  const given = r.pick(pool.given);
  const family = r.pick(familyNamesFor(pool, given));
  const occupation = pickOccupation(r, ref);
  const level = pickLevel(r);
  const work = workOf(seed, index, occupation, level, now);
  // No skill used for longer than the work history covers (whole years, at least one), counted by
  // the contract's rule for the derived level.
  const workYears = yearsOfExperience(work, isoDay(now.getTime()));
  const skills = pickSkills(r, occupation, level, ref).map((s) => ({ ...s, years: Math.min(s.years, Math.max(1, Math.round(workYears))) }));
  const [minHourlyRate, maxHourlyRate] = pickRates(r, occupation, level, ref);
  const hours = r.pick(WORK_HOURS);
  const country = ref.countryNames.get(pool.country) ?? pool.country;
  const joinedDaysAgo = r.int(3, 400);
  const vettedDaysAgo = r.int(0, Math.min(joinedDaysAgo, 120));
  const hue = digest(`${given} ${family}`).readUInt16BE(0) % 360;
  return {
    index,
    id: uuidOf(seed, index),
    email: demoEmail(index),
    firstName: given,
    lastName: family,
    slug: slugOf(given, family, index, r),
    occupation,
    countryCode: pool.country,
    description: bioOf(r, { occupation, level, country, skills, hours: hours.label }),
    experienceLevel: level,
    minHourlyRate,
    maxHourlyRate,
    minHoursPerWeek: hours.min,
    maxHoursPerWeek: hours.max,
    projectDuration: r.pick(PROJECT_DURATION_LABELS),
    visibility: r.chance(0.3) ? 'public' : 'companies',
    skills,
    languages: languagesOf(r, pool),
    work,
    joinedAt: new Date(now.getTime() - joinedDaysAgo * DAY - r.int(0, DAY - 1)),
    vettedAt: new Date(now.getTime() - vettedDaysAgo * DAY - r.int(0, DAY / 2)),
    colour: `hsl(${hue}, 55%, 42%)`,
  };
}

/** The name as people there write it (family name first in East Asia), for the photo's initials. */
export function displayName(p: Pick<DemoProfile, 'firstName' | 'lastName' | 'countryCode'>): string {
  const pool = NAME_POOLS.find((n) => n.country === p.countryCode);
  return pool?.familyFirst ? `${p.lastName} ${p.firstName}` : `${p.firstName} ${p.lastName}`;
}
