import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES } from '../limits.ts';
import { PROFILE_MESSAGES as M, ProfileBasicsSchema, WorkPreferenceSchema } from './profile.ts';
import {
  ProfileBasicsFormSchema,
  WorkPreferenceFormSchema,
  languageToAddProblem,
  photoProblem,
  skillToAddProblem,
  toProfileData,
  toWorkPreference,
  workHoursLabel,
} from './wizard-form.ts';

const valid = {
  firstName: 'Asha',
  lastName: 'Rao',
  description: 'I design calm, accessible product interfaces.',
  countryCode: 'IN',
  occupation: 'UI/UX Designer',
  experienceLevel: 'mid-exp',
  hourlyRate: '35.5',
  phone: { dialingCode: '+91', mobileNo: '98765 43210' },
  skills: [{ skillName: 'Figma', experienceLevel: 3 }],
  languages: [{ languageCode: 'en', proficiency: 'Fluent' as const }],
};
const messages = (input: unknown) =>
  ProfileBasicsFormSchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('profile basics form', () => {
  it('accepts a complete form', () => {
    expect(messages(valid)).toEqual([]);
  });
  it('answers every empty field with its spec message', () => {
    const empty = {
      ...valid,
      firstName: '',
      lastName: '',
      description: '',
      countryCode: '',
      occupation: '',
      experienceLevel: '',
      hourlyRate: '',
      phone: { dialingCode: '', mobileNo: '' },
      skills: [],
      languages: [],
    };
    expect(messages(empty)).toEqual([
      `firstName: ${M.firstNameRequired}`,
      `lastName: ${M.lastNameRequired}`,
      `description: ${M.bioRequired}`,
      `countryCode: ${M.countryRequired}`,
      `occupation: ${M.occupationRequired}`,
      `experienceLevel: ${M.experienceLevelRequired}`,
      `hourlyRate: ${M.hourlyRateRequired}`,
      `phone.dialingCode: ${M.dialingCodeRequired}`,
      `phone.mobileNo: ${M.phoneRequired}`,
      `skills: ${M.skillsMissing}`,
      `languages: ${M.languagesMissing}`,
    ]);
  });
  it('refuses a rate with letters, two points or zero', () => {
    expect(messages({ ...valid, hourlyRate: '12a' })).toEqual([`hourlyRate: ${M.hourlyRateFormat}`]);
    expect(messages({ ...valid, hourlyRate: '1.2.3' })).toEqual([`hourlyRate: ${M.hourlyRateFormat}`]);
    expect(messages({ ...valid, hourlyRate: '0' })).toEqual([`hourlyRate: ${M.hourlyRatePositive}`]);
  });
  it('checks the phone against its dialing code even while other fields fail', () => {
    const phone = (dialingCode: string, mobileNo: string) => ({ dialingCode, mobileNo });
    expect(messages({ ...valid, phone: phone('+91', '12345') })).toEqual([`phone.mobileNo: ${M.phoneInvalid}`]);
    expect(messages({ ...valid, firstName: '', phone: phone('+91', '12345') })).toEqual([
      `firstName: ${M.firstNameRequired}`,
      `phone.mobileNo: ${M.phoneInvalid}`,
    ]);
    expect(messages({ ...valid, phone: phone('+1', '98765 43210') })).toEqual([`phone.mobileNo: ${M.phoneInvalid}`]);
    expect(messages({ ...valid, phone: phone('', '98765 43210') })).toEqual([`phone.dialingCode: ${M.dialingCodeRequired}`]);
  });
  it('refuses double quotes and a bio over 255 characters', () => {
    expect(messages({ ...valid, description: 'say "hi"' })).toEqual([`description: ${M.bioQuotes}`]);
    expect(messages({ ...valid, description: 'x'.repeat(256) })).toEqual([`description: ${M.bioTooLong}`]);
  });
  it('refuses the same skill twice in any case', () => {
    expect(messages({ ...valid, skills: [...valid.skills, { skillName: 'FIGMA', experienceLevel: 1 }] })).toEqual([
      `skills.1: ${M.skillExists}`,
    ]);
  });
  it('builds profileData the server accepts: rate as a number, minimum 0, language codes upper case', () => {
    const form = ProfileBasicsFormSchema.parse(valid);
    const data = toProfileData(form);
    expect(data).toMatchObject({ minHourlyRate: 0, maxHourlyRate: 35.5, mobileNo: '9876543210', experienceLevel: 'mid-exp' });
    expect(data.languages).toEqual([{ languageCode: 'EN', proficiency: 'Fluent' }]);
    expect(ProfileBasicsSchema.safeParse(data).success).toBe(true);
  });
});

describe('adding skills and languages', () => {
  const skills = [{ skillName: 'React' }];
  it('asks for a skill, then for its years, and refuses duplicates in any case', () => {
    expect(skillToAddProblem(skills, { skillName: ' ', years: 2 })).toEqual({ field: 'skillName', message: M.selectSkill });
    expect(skillToAddProblem(skills, { skillName: 'Vue', years: null })).toEqual({ field: 'years', message: M.selectSkillLevel });
    expect(skillToAddProblem(skills, { skillName: 'react ', years: 0 })).toEqual({ field: 'skillName', message: M.skillExists });
    expect(skillToAddProblem(skills, { skillName: 'Vue', years: 0 })).toBeNull();
  });
  it('asks for a language and a proficiency and refuses duplicates whatever the code case', () => {
    const languages = [{ languageCode: 'EN' }];
    expect(languageToAddProblem(languages, { languageCode: '', proficiency: 'Basic' })).toEqual({
      field: 'languageCode',
      message: M.selectLanguage,
    });
    expect(languageToAddProblem(languages, { languageCode: 'hi', proficiency: '' })).toEqual({
      field: 'proficiency',
      message: M.selectProficiency,
    });
    expect(languageToAddProblem(languages, { languageCode: 'en', proficiency: 'Native' })).toEqual({
      field: 'languageCode',
      message: M.languageExists,
    });
    expect(languageToAddProblem(languages, { languageCode: 'hi', proficiency: 'Native' })).toBeNull();
  });
});

describe('profile photo', () => {
  it('takes images up to 2 MB and refuses other types and larger files with the spec toasts', () => {
    expect(photoProblem({ type: 'image/jpeg', size: PHOTO_MAX_BYTES })).toBeNull();
    expect(photoProblem({ type: 'application/pdf', size: 10 })).toEqual({ title: M.photoTypeTitle, message: M.photoType });
    expect(photoProblem({ type: 'image/png', size: PHOTO_MAX_BYTES + 1 })).toEqual({ title: M.photoSizeTitle, message: M.photoSize });
  });
});

describe('work preference form', () => {
  it('requires both selects with their messages', () => {
    const issues = WorkPreferenceFormSchema.safeParse({ workHours: '', projectDuration: '' }).error?.issues.map((i) => i.message);
    expect(issues).toEqual([M.workHoursRequired, M.durationRequired]);
  });
  it('turns the hours label into the min/max pair the server accepts, and back', () => {
    const body = toWorkPreference({ workHours: '30+', projectDuration: '6+ months' });
    expect(body).toEqual({ minHoursPerWeek: 30, maxHoursPerWeek: 48, projectDurationPreference: '6+ months' });
    expect(WorkPreferenceSchema.safeParse(body).success).toBe(true);
    expect(workHoursLabel(30, 48)).toBe('30+');
    expect(workHoursLabel(null, null)).toBe('');
  });
});
