import { COUNTRIES } from '@talentloop/contract/lists/countries';
import { LANGUAGES } from '@talentloop/contract/lists/languages';
import { EXPERIENCE_LEVEL_CODES, PROFICIENCIES, PROJECT_DURATION_LABELS } from '@talentloop/contract/lists/profile';
import { BIO_MAX, HOURLY_RATE_MAX, HOURLY_RATE_MIN } from '@talentloop/contract/limits';
import { deriveLevel } from '@talentloop/contract/rules/level';
import { isPersonName } from '@talentloop/contract/validation/names';
import { WorkEntry } from '@talentloop/contract/validation/profile';
import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN } from '../account/slug.ts';
import { shippedRows } from '../reference/load.ts';
import { DEMO_EMAIL_DOMAIN, demoIndexOf, familyNamesFor, generateProfile, skillPool } from './generator.ts';
import { NAME_POOLS } from './names.ts';
import { avatarSvg, initialsOf } from './photo.ts';
import { GENERAL_SKILLS, SKILL_FAMILIES } from './skill-families.ts';

const NOW = new Date('2026-11-25T12:00:00Z');
const skills = new Set(shippedRows('skills').map((r) => r.name));
const occupations = new Set(shippedRows('occupations').map((r) => r.name));
const profiles = Array.from({ length: 2000 }, (_, i) => generateProfile(7, i, NOW));

describe('demo profile generator', () => {
  it('gives the same profile for the same seed and index, and other people for another seed', () => {
    expect(generateProfile(7, 42, NOW)).toEqual(profiles[42]);
    const other = Array.from({ length: 50 }, (_, i) => generateProfile(8, i, NOW));
    const same = other.filter(
      (p, i) => p.firstName === profiles[i]?.firstName && p.lastName === profiles[i]?.lastName && p.occupation === profiles[i]?.occupation,
    );
    expect(same.length).toBeLessThan(5);
  });

  it('writes only names the contract’s name rule accepts, in many scripts', () => {
    for (const pool of NAME_POOLS)
      for (const name of [...pool.given, ...pool.family, ...(pool.gendered?.female ?? []), ...(pool.gendered?.male ?? [])])
        expect(isPersonName(name), name).toBe(true);
    for (const p of profiles) {
      expect(isPersonName(p.firstName), p.firstName).toBe(true);
      expect(isPersonName(p.lastName), p.lastName).toBe(true);
    }
    const names = profiles.map((p) => `${p.firstName} ${p.lastName}`).join(' ');
    // Latin with marks, apostrophes, Arabic, Han, Cyrillic, Greek, Hebrew, Hangul, Devanagari.
    for (const script of [
      /[À-ž]/,
      /’/,
      /\p{Script=Arabic}/u,
      /\p{Script=Han}/u,
      /\p{Script=Cyrillic}/u,
      /\p{Script=Greek}/u,
      /\p{Script=Hebrew}/u,
      /\p{Script=Hangul}/u,
      /\p{Script=Devanagari}/u,
    ])
      expect(names, String(script)).toMatch(script);
  });

  it('draws skills and occupations from the reference lists, 3 to 10 skills each, coherent with the occupation', () => {
    for (const family of SKILL_FAMILIES) for (const s of family.skills) expect(skills.has(s), s).toBe(true);
    for (const s of GENERAL_SKILLS) expect(skills.has(s), s).toBe(true);
    for (const p of profiles) {
      expect(occupations.has(p.occupation), p.occupation).toBe(true);
      expect(p.skills.length).toBeGreaterThanOrEqual(3);
      expect(p.skills.length).toBeLessThanOrEqual(10);
      for (const s of p.skills) expect(skills.has(s.name), s.name).toBe(true);
      expect(new Set(p.skills.map((s) => s.name.toLowerCase())).size).toBe(p.skills.length);
      // Every skill comes from its occupation's pool: none contradicts the headline.
      const pool = new Set(skillPool(p.occupation));
      for (const s of p.skills) expect(pool.has(s.name), `${p.occupation}: ${s.name}`).toBe(true);
    }
    expect(skillPool('React Native Developer').slice(0, 3)).toEqual(expect.arrayContaining(['React Native']));
    expect(skillPool('Bookkeeper')).toContain('QuickBooks');
  });

  it('never mixes genders in a name: where family names take a gender, it is the given name’s', () => {
    const gendered = NAME_POOLS.filter((p) => p.gendered);
    expect(gendered.map((p) => p.country)).toEqual(expect.arrayContaining(['PL', 'RU', 'GR']));
    for (const pool of gendered) {
      const g = pool.gendered;
      if (!g) continue;
      for (const given of pool.given) {
        const female = g.femaleGiven.includes(given);
        const other = female ? g.male : g.female;
        for (const family of familyNamesFor(pool, given)) expect(other, `${given} ${family}`).not.toContain(family);
      }
    }
    expect(familyNamesFor(NAME_POOLS.find((p) => p.country === 'RU') as (typeof NAME_POOLS)[number], 'Ольга')).toContain('Иванова');
    expect(familyNamesFor(NAME_POOLS.find((p) => p.country === 'RU') as (typeof NAME_POOLS)[number], 'Ольга')).not.toContain('Иванов');
    for (const p of profiles) {
      const g = NAME_POOLS.find((n) => n.country === p.countryCode)?.gendered;
      if (!g) continue;
      const other = g.femaleGiven.includes(p.firstName) ? g.male : g.female;
      expect(other, `${p.firstName} ${p.lastName}`).not.toContain(p.lastName);
    }
  });

  it('keeps each field’s skills to the field: no medical coding for a yoga teacher, no Go for a logo designer', () => {
    const has = (occupation: string, skill: string) => skillPool(occupation).includes(skill);
    expect(has('Yoga Instructor', 'Medical Coding')).toBe(false);
    expect(has('Online Tutor', 'Medical Billing')).toBe(false);
    expect(has('Logo Designer', 'Go')).toBe(false);
    expect(has('Data Entry Specialist', 'TensorFlow')).toBe(false);
    expect(has('Architect', 'Arduino')).toBe(false);
    expect(has('Account Manager', 'Accounting')).toBe(false);
    expect(has('Medical Billing Specialist', 'Medical Billing')).toBe(true);
    expect(has('Architect', 'Revit')).toBe(true);
  });

  it('fills every field with values the contract allows', () => {
    const countries = new Set<string>(COUNTRIES.map((c) => c.code));
    const languages = new Set<string>(LANGUAGES.map((l) => l.code));
    for (const p of profiles) {
      expect(countries.has(p.countryCode), p.countryCode).toBe(true);
      expect(EXPERIENCE_LEVEL_CODES).toContain(p.experienceLevel);
      expect(PROJECT_DURATION_LABELS).toContain(p.projectDuration);
      expect(p.minHourlyRate).toBeGreaterThanOrEqual(HOURLY_RATE_MIN);
      expect(p.maxHourlyRate).toBeLessThanOrEqual(HOURLY_RATE_MAX);
      expect(p.minHourlyRate).toBeLessThan(p.maxHourlyRate);
      expect(p.minHoursPerWeek).toBeLessThan(p.maxHoursPerWeek);
      expect(p.description.length).toBeGreaterThan(60);
      expect(p.description.length).toBeLessThanOrEqual(BIO_MAX);
      expect(p.description).not.toMatch(/lorem|ipsum/i);
      expect(p.languages.length).toBeGreaterThanOrEqual(1);
      for (const l of p.languages) {
        expect(languages.has(l.code), l.code).toBe(true);
        expect(PROFICIENCIES).toContain(l.proficiency);
      }
      expect(p.slug).toMatch(SLUG_PATTERN);
      expect(p.email.endsWith(`@${DEMO_EMAIL_DOMAIN}`)).toBe(true);
      expect(demoIndexOf(p.email)).toBe(p.index);
      expect(p.vettedAt.getTime()).toBeGreaterThanOrEqual(p.joinedAt.getTime() - 86_400_000);
      expect(p.vettedAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
    expect(new Set(profiles.map((p) => p.slug)).size).toBe(profiles.length);
    expect(new Set(profiles.map((p) => p.id)).size).toBe(profiles.length);
    // Varied: many occupations, countries, levels and rates.
    expect(new Set(profiles.map((p) => p.occupation)).size).toBeGreaterThan(150);
    expect(new Set(profiles.map((p) => p.countryCode)).size).toBe(NAME_POOLS.length);
    expect(new Set(profiles.map((p) => p.experienceLevel)).size).toBe(EXPERIENCE_LEVEL_CODES.length);
    expect(new Set(profiles.map((p) => p.minHourlyRate)).size).toBeGreaterThan(30);
  });

  it('gives each profile a work history the contract accepts, whose derived level agrees with the declared one and the bio', () => {
    const derived = {
      fresher: 'Entry',
      'early career': 'Intermediate',
      'mid-exp': 'Intermediate',
      experienced: 'Senior',
      expert: 'Expert',
    };
    const today = NOW.toISOString().slice(0, 10);
    for (const p of profiles) {
      expect(p.work.length).toBeGreaterThanOrEqual(1);
      // Newest first, the first one current, back to back with no gap or overlap.
      expect(p.work[0]?.endDate).toBeNull();
      for (const [i, w] of p.work.entries()) {
        expect(WorkEntry.safeParse({ ...w, currentlyWorking: w.endDate === null }).success, JSON.stringify(w)).toBe(true);
        const older = p.work[i + 1];
        if (older) expect(Date.parse(`${older.endDate}T00:00:00Z`) + 86_400_000).toBe(Date.parse(`${w.startDate}T00:00:00Z`));
      }
      const level = deriveLevel(p.work, true, today);
      expect(level.label, `${p.experienceLevel}: ${level.years} years`).toBe(derived[p.experienceLevel]);
      // No skill used for longer than the history covers (rounded to whole years).
      for (const skill of p.skills) expect(skill.years, skill.name).toBeLessThanOrEqual(Math.max(1, Math.round(level.years + 0.1)));
    }
  });

  it('draws initials for common scripts and a silhouette for the others', () => {
    expect(initialsOf('Zoë', 'O’Brien')).toBe('ZO');
    expect(initialsOf('Juan Pablo', 'de la Cruz')).toBe('JC');
    expect(initialsOf('Иван', 'Иванов')).toBe('ИИ');
    expect(initialsOf('伟', '李')).toBeNull();
    expect(avatarSvg({ firstName: 'محمد', lastName: 'حسن', colour: 'hsl(1, 55%, 42%)' })).toContain('<circle');
    expect(avatarSvg({ firstName: 'Seán', lastName: 'Murphy', colour: 'hsl(1, 55%, 42%)' })).toContain('>SM</text>');
  });
});
