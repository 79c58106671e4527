import { describe, expect, it } from 'vitest';
import {
  PROFILE_SECTION_WEIGHTS,
  type ProfileCompletionInput,
  basicsCompletion,
  educationCompletion,
  overallCompletion,
  preferenceCompletion,
  profileCompletion,
  sectionCompletion,
} from './completion.ts';

describe('completion percentages', () => {
  it('counts nine basics items, rounded', () => {
    expect(basicsCompletion({})).toBe(0);
    expect(basicsCompletion({ firstName: 'A' })).toBe(11);
    expect(basicsCompletion({ firstName: 'A', lastName: 'B' })).toBe(22);
    expect(
      basicsCompletion({
        firstName: 'A',
        lastName: 'B',
        description: 'bio',
        occupation: 'Web Developer',
        hourlyRate: '25',
        experienceLevel: 'expert',
        skills: [1],
        languages: [1],
        hasPhoto: true,
      }),
    ).toBe(100);
  });
  it('does not count blank text or a zero rate', () => {
    expect(basicsCompletion({ firstName: '  ', hourlyRate: 0 })).toBe(0);
    expect(basicsCompletion({ hourlyRate: 'abc' })).toBe(0);
  });
  it('gives education and work half each', () => {
    expect(educationCompletion(0, 0)).toBe(0);
    expect(educationCompletion(2, 0)).toBe(50);
    expect(educationCompletion(1, 1)).toBe(100);
  });
  it('gives each work preference select half', () => {
    expect(preferenceCompletion({ workHours: '5-10' })).toBe(50);
    expect(preferenceCompletion({ workHours: '5-10', projectDuration: '6+ months' })).toBe(100);
  });
  it('averages the sections, rounded', () => {
    expect(overallCompletion([100, 50, 0])).toBe(50);
    expect(overallCompletion([11, 0, 0])).toBe(4);
  });
});

describe('profile completion (competitionPercentage)', () => {
  const full: ProfileCompletionInput = {
    firstName: 'Asha',
    lastName: 'Rao',
    description: 'I build accessible web apps.',
    countryCode: 'IN',
    mobileNo: '9876543210',
    occupation: 'Web Developer',
    maxHourlyRate: 30,
    experienceLevel: 'mid-exp',
    languageCount: 1,
    hasPhoto: true,
    skillCount: 2,
    educationCount: 1,
    workCount: 1,
    certificationCount: 1,
    portfolioCount: 1,
    minHoursPerWeek: 30,
    maxHoursPerWeek: 48,
    projectDurationPreference: '6+ months',
  };

  it('weighs the seven sections to 100 in whole percent', () => {
    expect(Object.values(PROFILE_SECTION_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
    expect(Object.keys(PROFILE_SECTION_WEIGHTS)).toHaveLength(7);
  });
  it('is 0 for an empty profile and 100 for a complete one', () => {
    expect(profileCompletion({})).toBe(0);
    expect(profileCompletion(full)).toBe(100);
  });
  it('adds each section by its weight', () => {
    expect(profileCompletion({ ...full, portfolioCount: 0 })).toBe(85);
    expect(profileCompletion({ ...full, certificationCount: 0 })).toBe(90);
    expect(profileCompletion({ ...full, skillCount: 0, workCount: 0 })).toBe(70);
    expect(profileCompletion({ ...full, projectDurationPreference: null })).toBe(95);
    expect(profileCompletion({ skillCount: 3 })).toBe(15);
  });
  it('counts About Me in proportion to its ten items, and blank text or a zero rate as empty', () => {
    expect(profileCompletion({ ...full, hasPhoto: false })).toBe(98);
    expect(profileCompletion({ firstName: 'Asha', lastName: '  ', maxHourlyRate: 0 })).toBe(3);
    expect(sectionCompletion({ firstName: 'A', lastName: 'B' }).aboutMe).toBeCloseTo(0.2);
  });
  it('is always an integer from 0 to 99 until every section is complete', () => {
    const keys = Object.keys(full) as (keyof ProfileCompletionInput)[];
    for (const key of keys) {
      const value = profileCompletion({ ...full, [key]: undefined });
      expect(Number.isInteger(value)).toBe(true);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(100);
    }
  });
});
