import { describe, expect, it } from 'vitest';
import {
  EducationEntry,
  PROFILE_MESSAGES as M,
  ProfileBasicsSchema,
  WorkEntry,
  WorkPreferenceSchema,
  hourlyRateProblem,
  isValidPhone,
} from './profile.ts';

const basics = {
  firstName: 'Asha',
  lastName: 'Rao',
  description: 'I build accessible web apps.',
  countryCode: 'in',
  dialingCode: '+91',
  mobileNo: '98765 43210',
  occupation: 'Web Developer',
  maxHourlyRate: '25.5',
  experienceLevel: 'Expert',
  skills: [{ skillName: 'React', experienceLevel: 0 }],
  languages: [{ languageCode: 'EN', proficiency: 'Fluent' }],
};
const first = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: Array<{ message: string }> } } }, v: unknown) =>
  schema.safeParse(v).error?.issues[0]?.message ?? null;

describe('profile basics rules', () => {
  it('accepts a complete profile and normalises codes', () => {
    const r = ProfileBasicsSchema.parse(basics);
    expect(r.countryCode).toBe('IN');
    expect(r.mobileNo).toBe('9876543210');
    expect(r.experienceLevel).toBe('expert');
    expect(r.languages[0]?.languageCode).toBe('en');
  });
  it('blocks double quotes and long bios', () => {
    expect(first(ProfileBasicsSchema, { ...basics, description: 'say "hi"' })).toBe(M.bioQuotes);
    expect(first(ProfileBasicsSchema, { ...basics, description: 'x'.repeat(256) })).toBe(M.bioTooLong);
  });
  it('answers the spec codes for a bad rate and a bad phone', () => {
    expect(first(ProfileBasicsSchema, { ...basics, maxHourlyRate: 0 })).toBe('TL_CORE_10015_E');
    expect(first(ProfileBasicsSchema, { ...basics, mobileNo: '12345' })).toBe('TL_CORE_10009_E');
  });
  it('refuses duplicate skills regardless of case and duplicate languages', () => {
    expect(
      first(ProfileBasicsSchema, {
        ...basics,
        skills: [
          { skillName: 'React', experienceLevel: 1 },
          { skillName: 'react', experienceLevel: 2 },
        ],
      }),
    ).toBe(M.skillExists);
    expect(first(ProfileBasicsSchema, { ...basics, languages: [...basics.languages, { languageCode: 'en', proficiency: 'Basic' }] })).toBe(
      M.languageExists,
    );
    expect(first(ProfileBasicsSchema, { ...basics, skills: [] })).toBe(M.skillsMissing);
  });
  it('types rates as digits with one decimal point', () => {
    expect(hourlyRateProblem('')).toBe(M.hourlyRateRequired);
    expect(hourlyRateProblem('12.5.1')).toBe(M.hourlyRateFormat);
    expect(hourlyRateProblem('1e3')).toBe(M.hourlyRateFormat);
    expect(hourlyRateProblem('0')).toBe(M.hourlyRatePositive);
    expect(hourlyRateProblem('40')).toBeNull();
  });
  it('checks phones against their dialing code', () => {
    expect(isValidPhone('+91', '9876543210')).toBe(true);
    expect(isValidPhone('+44', '9876543210')).toBe(false);
    expect(isValidPhone('+1', '2015550123')).toBe(true);
    expect(isValidPhone('+91', '1'.repeat(251))).toBe(false);
  });
});

describe('education and work rules', () => {
  it('needs a listed degree, a university and a year in range', () => {
    expect(first(EducationEntry, { degree: '', college: 'X', yearOfPassed: 2020 })).toBe(M.degreeRequired);
    expect(first(EducationEntry, { degree: 'PhD', college: '', yearOfPassed: 2020 })).toBe(M.universityRequired);
    expect(first(EducationEntry, { degree: 'PhD', college: 'X', yearOfPassed: 1949 })).toBe(M.graduationYearRequired);
    expect(first(EducationEntry, { degree: 'PhD', college: 'X', yearOfPassed: new Date().getFullYear() + 6 })).toBe(
      M.graduationYearRequired,
    );
  });
  it('refuses future starts and ends before starts, and allows a current job', () => {
    const next = `${new Date().getFullYear() + 1}-01-01`;
    expect(first(WorkEntry, { title: 'Dev', company: 'Acme', startDate: next, endDate: null })).toBe(M.startFuture);
    expect(first(WorkEntry, { title: 'Dev', company: 'Acme', startDate: '2020-05-01', endDate: '2019-01-01' })).toBe(M.endBeforeStart);
    expect(first(WorkEntry, { title: 'Dev', company: 'Acme', startDate: '2020-05-01', endDate: null, currentlyWorking: false })).toBe(
      M.endRequired,
    );
    expect(WorkEntry.parse({ title: 'Dev', company: 'Acme', startDate: '2020-05', endDate: null }).startDate).toBe('2020-05-01');
  });
  it('names a wrong end date beside a missing title and company, in one check', () => {
    const r = WorkEntry.safeParse({ title: '', company: '', startDate: '2020-05-01', endDate: '2019-01-01' });
    expect(r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      `title: ${M.titleRequired}`,
      `company: ${M.companyRequired}`,
      `endDate: ${M.endBeforeStart}`,
    ]);
    const saved = WorkEntry.parse({ title: 'Dev', company: 'Acme', startDate: '2020-05', endDate: '2021-02', currentlyWorking: false });
    expect(saved).toEqual({
      freelancerWorkExpId: undefined,
      title: 'Dev',
      company: 'Acme',
      startDate: '2020-05-01',
      endDate: '2021-02-01',
    });
  });
  it('takes only the offered work-hour pairs and durations', () => {
    expect(
      WorkPreferenceSchema.safeParse({ minHoursPerWeek: 30, maxHoursPerWeek: 48, projectDurationPreference: '6+ months' }).success,
    ).toBe(true);
    expect(first(WorkPreferenceSchema, { minHoursPerWeek: 1, maxHoursPerWeek: 2, projectDurationPreference: '6+ months' })).toBe(
      M.workHoursRequired,
    );
    expect(first(WorkPreferenceSchema, { minHoursPerWeek: 5, maxHoursPerWeek: 10, projectDurationPreference: 'forever' })).toBe(
      M.durationRequired,
    );
  });
});
