import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';
import { BIO_MAX } from '../limits.ts';
import { LANGUAGES } from '../lists/languages.ts';
import {
  DEGREES,
  EXPERIENCE_LEVEL_CODES,
  GRADUATION_YEAR_MIN,
  PROFICIENCIES,
  PROJECT_DURATION_LABELS,
  SKILL_YEARS_MAX,
  WORK_HOURS,
} from '../lists/profile.ts';

// Field rules and messages of the onboarding wizard and the profile editor.
// spec: auth-onboarding §5 Wizard, profile-company §5. Imported directly (not from the package
// index) so the phone metadata is only loaded by the pages that need it.

export const PROFILE_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  bioRequired: 'Bio is required',
  bioTooLong: `Bio must be at most ${BIO_MAX} characters`,
  bioQuotes: 'Double quotes (") are not allowed',
  countryRequired: 'Country is required',
  occupationRequired: 'Occupation is required',
  experienceLevelRequired: 'Experience level is required',
  dialingCodeRequired: 'Dialing code is required',
  hourlyRateRequired: 'Hourly rate is required',
  hourlyRateFormat: 'Only numbers and decimals are allowed',
  hourlyRatePositive: "Hourly rate can't be less than or equal to zero",
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Enter a valid phone number',
  photoRequiredTitle: 'Profile Photo Required',
  photoRequired: 'Please upload a profile photo before continuing.',
  photoTypeTitle: 'Invalid File Type',
  photoType: 'Please choose an image file (JPG, PNG, WebP or GIF).',
  photoSizeTitle: 'File Size Too Large',
  photoSize: 'Profile picture must be less than 2MB',
  skillsMissingTitle: 'Missing Skills',
  skillsMissing: 'Please add at least one skill before continuing.',
  languagesMissingTitle: 'Missing Languages',
  languagesMissing: 'Please add at least one language before continuing.',
  selectSkill: 'Please select a skill',
  selectSkillLevel: 'Please select experience level',
  skillExists: 'This skill already exists in your profile',
  selectLanguage: 'Please select a language',
  selectProficiency: 'Please select proficiency level',
  languageExists: 'This language already exists in your profile',
  degreeRequired: 'Degree is required',
  universityRequired: 'University is required',
  graduationYearRequired: 'Graduation year is required',
  educationMissing: 'Please add at least one education entry',
  titleRequired: 'Title is required',
  companyRequired: 'Company is required',
  startRequired: 'Start year is required',
  endRequired: 'End year is required',
  startFuture: 'Start date cannot be in the future',
  endFuture: 'End date cannot be in the future',
  endBeforeStart: 'End date cannot be before the start date',
  workHoursRequired: 'Work hours are required',
  durationRequired: 'Project duration is required',
} as const;

const M = PROFILE_MESSAGES;
const text = (message: string, max = 100) => z.string({ error: message }).trim().min(1, { message, abort: true }).max(max);

export const bioField = z
  .string({ error: M.bioRequired })
  .trim()
  .min(1, { message: M.bioRequired, abort: true })
  .max(BIO_MAX, M.bioTooLong)
  .refine((v) => !v.includes('"'), M.bioQuotes);

export const HOURLY_RATE_PATTERN = /^\d+(\.\d+)?$/;
/** A typed rate: digits and at most one decimal point. */
export function hourlyRateProblem(value: string): string | null {
  if (!value.trim()) return M.hourlyRateRequired;
  if (!HOURLY_RATE_PATTERN.test(value.trim())) return M.hourlyRateFormat;
  if (Number(value) <= 0) return M.hourlyRatePositive;
  return null;
}

/** Phone validity for a dialing code ('+91') and a national number; bounds as the spec's library. */
export function isValidPhone(dialingCode: string, mobileNo: string): boolean {
  const digits = mobileNo.replace(/[\s()-]/g, '');
  if (mobileNo.length > 250 || !/^\d{2,17}$/.test(digits) || !/^\+\d{1,4}$/.test(dialingCode)) return false;
  return parsePhoneNumberFromString(`${dialingCode}${digits}`)?.isValid() ?? false;
}
export const normalizePhone = (mobileNo: string) => mobileNo.replace(/[\s()-]/g, '');

export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as unknown as [string, ...string[]];

export const SkillEntry = z.object({
  skillName: text(M.selectSkill, 60),
  experienceLevel: z.coerce.number({ error: M.selectSkillLevel }).int().min(0, M.selectSkillLevel).max(SKILL_YEARS_MAX, M.selectSkillLevel),
});
export const LanguageEntry = z.object({
  languageCode: z
    .string({ error: M.selectLanguage })
    .trim()
    .toLowerCase()
    .refine((c) => LANGUAGE_CODES.includes(c), M.selectLanguage),
  proficiency: z.enum(PROFICIENCIES, { error: M.selectProficiency }),
});

const noDuplicates =
  <T>(key: (v: T) => string, message: string) =>
  (list: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    list.forEach((item, i) => {
      const k = key(item);
      if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [i], message });
      seen.add(k);
    });
  };

export const skillsField = z
  .array(SkillEntry, { error: M.skillsMissing })
  .min(1, M.skillsMissing)
  .max(50)
  .superRefine(noDuplicates((s) => s.skillName.toLowerCase(), M.skillExists));
export const languagesField = z
  .array(LanguageEntry, { error: M.languagesMissing })
  .min(1, M.languagesMissing)
  .max(36)
  .superRefine(noDuplicates((l) => l.languageCode, M.languageExists));

/**
 * Profile basics as saved (the multipart `profileData` JSON). The server answers the spec's codes
 * for the rate and the phone; everything else answers its field message.
 */
export const ProfileBasicsSchema = z
  .object({
    firstName: text(M.firstNameRequired, 50),
    lastName: text(M.lastNameRequired, 50),
    description: bioField,
    countryCode: text(M.countryRequired, 2).toUpperCase(),
    dialingCode: text(M.dialingCodeRequired, 5),
    mobileNo: text(M.phoneRequired, 250).transform(normalizePhone),
    occupation: text(M.occupationRequired, 100),
    minHourlyRate: z.coerce.number().min(0).default(0),
    maxHourlyRate: z.coerce
      .number({ error: 'TL_CORE_10014_E' })
      .refine((n) => Number.isFinite(n) && n > 0, 'TL_CORE_10015_E')
      .refine((n) => n <= 10_000, 'TL_CORE_10014_E'),
    experienceLevel: z
      .string({ error: M.experienceLevelRequired })
      .trim()
      .toLowerCase()
      .pipe(z.enum(EXPERIENCE_LEVEL_CODES, { error: M.experienceLevelRequired })),
    skills: skillsField,
    languages: languagesField,
  })
  .superRefine((v, ctx) => {
    if (!isValidPhone(v.dialingCode, v.mobileNo)) ctx.addIssue({ code: 'custom', path: ['mobileNo'], message: 'TL_CORE_10009_E' });
  });
export type ProfileBasics = z.output<typeof ProfileBasicsSchema>;

const today = () => new Date().toISOString().slice(0, 10);
const isoDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { message, abort: true })
    .transform((v) => (/^\d{4}$/.test(v) ? `${v}-01-01` : /^\d{4}-\d{2}$/.test(v) ? `${v}-01` : v.slice(0, 10)))
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)), 'Invalid date format');

export const EducationEntry = z.object({
  freelancerEducationId: z.string().uuid().nullish(),
  degree: z
    .string({ error: M.degreeRequired })
    .trim()
    .min(1, { message: M.degreeRequired, abort: true })
    .refine((d) => (DEGREES as readonly string[]).includes(d), M.degreeRequired),
  college: text(M.universityRequired, 200),
  yearOfPassed: z.coerce
    .number({ error: M.graduationYearRequired })
    .int(M.graduationYearRequired)
    .refine((y) => y >= GRADUATION_YEAR_MIN && y <= new Date().getFullYear() + 5, M.graduationYearRequired),
});

export const WorkEntry = z
  .object({
    freelancerWorkExpId: z.string().uuid().nullish(),
    title: text(M.titleRequired, 100),
    company: text(M.companyRequired, 100),
    startDate: isoDate(M.startRequired),
    endDate: z
      .string()
      .nullish()
      .transform((v) => (v ? v : null)),
    currentlyWorking: z.boolean().optional(),
  })
  .superRefine((w, ctx) => {
    if (w.startDate > today()) ctx.addIssue({ code: 'custom', path: ['startDate'], message: M.startFuture });
    if (!w.endDate) {
      if (w.currentlyWorking === false) ctx.addIssue({ code: 'custom', path: ['endDate'], message: M.endRequired });
      return;
    }
    const end = isoDate(M.endRequired).safeParse(w.endDate);
    if (!end.success) return ctx.addIssue({ code: 'custom', path: ['endDate'], message: M.endRequired });
    if (end.data > today()) ctx.addIssue({ code: 'custom', path: ['endDate'], message: M.endFuture });
    if (end.data < w.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: M.endBeforeStart });
  })
  .transform(({ currentlyWorking: _c, ...w }) => ({ ...w, endDate: w.endDate ? (isoDate('').parse(w.endDate) as string) : null }));

export const EducationWorkSchema = z
  .object({
    educationDetails: z.array(EducationEntry, { error: M.educationMissing }).min(1, M.educationMissing).max(20),
    workExp: z.array(WorkEntry).max(30).optional(),
    workExperience: z.array(WorkEntry).max(30).optional(),
  })
  .transform(({ educationDetails, workExp, workExperience }) => ({ educationDetails, workExperience: workExp ?? workExperience ?? [] }));

/** Work preference as saved: the hours pair must be one of the offered options. */
export const WorkPreferenceSchema = z
  .object({
    minHoursPerWeek: z.coerce.number({ error: M.workHoursRequired }).int(),
    maxHoursPerWeek: z.coerce.number({ error: M.workHoursRequired }).int(),
    projectDurationPreference: z.enum(PROJECT_DURATION_LABELS, { error: M.durationRequired }),
  })
  .refine((p) => WORK_HOURS.some((h) => h.min === p.minHoursPerWeek && h.max === p.maxHoursPerWeek), {
    path: ['minHoursPerWeek'],
    message: M.workHoursRequired,
  });
