import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';
import { BIO_MAX, EDUCATION_MAX, LANGUAGES_MAX, LONG_NAME_MAX, SKILLS_MAX, WORK_MAX } from '../limits.ts';
import { LANGUAGES } from '../lists/languages.ts';
import { DEGREES, GRADUATION_YEAR_MIN, PROJECT_DURATION_LABELS, SKILL_YEARS_MAX, WORK_HOURS } from '../lists/profile.ts';
import {
  countryCodeField,
  entryId,
  experienceLevelField,
  hasUnsafeCharacters,
  labelText,
  languageCodeField,
  latestToday,
  noDuplicateIds,
  noDuplicates,
  normalizeWorkDate,
  proficiencyField,
  requiredText,
  wireHourlyRate,
  workDateField,
} from './fields.ts';
import { firstNameField, lastNameField } from './names.ts';
import { withCrossCheck } from './cross-check.ts';
import { PROFILE_MESSAGES } from './profile-messages.ts';

// Field rules and messages of the onboarding wizard and the profile editor, built from the single
// field rules of ./fields.ts. spec: auth-onboarding §5 Wizard, profile-company §5. Imported directly
// (not from the package index) so the phone metadata is only loaded by the pages that need it.

export { PROFILE_MESSAGES };
export { HOURLY_RATE_PATTERN, hourlyRateProblem } from './fields.ts';

const M = PROFILE_MESSAGES;

/** The one name rule of every form and wire schema that takes a person's name (./names.ts). */
export { firstNameField, lastNameField };

export const bioField = requiredText(M.bioRequired, BIO_MAX, { multiline: true, tooLong: M.bioTooLong }).refine(
  (v) => !v.includes('"'),
  M.bioQuotes,
);

export const occupationField = labelText(M.occupationRequired);
export const countryField = countryCodeField();
export const dialingCodeField = requiredText(M.dialingCodeRequired, 5);

/** Phone validity for a dialing code ('+91') and a national number; bounds as the spec's library. */
export function isValidPhone(dialingCode: string, mobileNo: string): boolean {
  const digits = mobileNo.replace(/[\s()-]/g, '');
  if (mobileNo.length > 250 || !/^\d{2,17}$/.test(digits) || !/^\+\d{1,4}$/.test(dialingCode)) return false;
  return parsePhoneNumberFromString(`${dialingCode}${digits}`)?.isValid() ?? false;
}
export const normalizePhone = (mobileNo: string) => mobileNo.replace(/[\s()-]/g, '');
export const mobileNoField = (required: string = M.phoneRequired) => requiredText(required, 250);

export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as unknown as [string, ...string[]];

/** A whole number typed or sent as digits (never '' or null read as 0). */
const wholeNumber = (message: string, min: number, max: number) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/, message)], { error: message })
    .transform(Number)
    .pipe(z.number().int(message).min(min, message).max(max, message));

export const skillNameField = labelText(M.selectSkill, 60);
export const SkillEntry = z.object({
  skillName: skillNameField,
  experienceLevel: wholeNumber(M.selectSkillLevel, 0, SKILL_YEARS_MAX),
});
export const LanguageEntry = z.object({
  languageCode: languageCodeField(),
  proficiency: proficiencyField(),
});

export { noDuplicates };

export const skillKey = (s: { skillName: string }) => s.skillName.trim().toLowerCase();

export const skillsField = z
  .array(SkillEntry, { error: M.skillsMissing })
  .min(1, M.skillsMissing)
  .max(SKILLS_MAX)
  .superRefine(noDuplicates(skillKey, M.skillExists));
export const languagesField = z
  .array(LanguageEntry, { error: M.languagesMissing })
  .min(1, M.languagesMissing)
  .max(LANGUAGES_MAX)
  .superRefine(noDuplicates((l) => l.languageCode, M.languageExists));

/** The fields About Me and the wizard's basics share, as the server accepts them. */
export const aboutFields = {
  firstName: firstNameField,
  lastName: lastNameField,
  description: bioField,
  countryCode: countryField,
  dialingCode: dialingCodeField,
  mobileNo: mobileNoField().transform(normalizePhone),
  occupation: occupationField,
  /** The form saves its one rate as the maximum; the minimum is always 0. spec: §3 */
  minHourlyRate: z
    .unknown()
    .optional()
    .transform(() => 0),
  maxHourlyRate: wireHourlyRate,
  experienceLevel: experienceLevelField(),
};

/** The wire answers the spec's code for a phone that is not valid for its dialing code. */
export const phoneCodeCheck = (v: { dialingCode: string; mobileNo: string }, ctx: z.RefinementCtx) => {
  if (!isValidPhone(v.dialingCode, v.mobileNo)) ctx.addIssue({ code: 'custom', path: ['mobileNo'], message: 'TL_CORE_10009_E' });
};

/**
 * Profile basics as saved (the multipart `profileData` JSON). The server answers the spec's codes
 * for the rate and the phone; everything else answers its field message.
 */
export const ProfileBasicsSchema = z.object({ ...aboutFields, skills: skillsField, languages: languagesField }).superRefine(phoneCodeCheck);
export type ProfileBasics = z.output<typeof ProfileBasicsSchema>;

export const degreeField = z
  .string({ error: M.degreeRequired })
  .trim()
  .min(1, { message: M.degreeRequired, abort: true })
  .refine((d) => (DEGREES as readonly string[]).includes(d), M.degreeRequired);
export const collegeField = labelText(M.universityRequired, LONG_NAME_MAX);
export const graduationYearField = wholeNumber(M.graduationYearRequired, GRADUATION_YEAR_MIN, 9999).refine(
  (y) => y <= new Date().getFullYear() + 5,
  M.graduationYearRequired,
);

export const EducationEntry = z.object({
  freelancerEducationId: entryId,
  degree: degreeField,
  college: collegeField,
  yearOfPassed: graduationYearField,
});

/** A work entry's end date as stored: none while currently working, else the normalized date (null if unreadable). */
function workEndDate(w: { endDate: string | null; currentlyWorking?: boolean }): string | null {
  if (w.currentlyWorking === true || !w.endDate) return null;
  return hasUnsafeCharacters(w.endDate) ? null : normalizeWorkDate(w.endDate);
}

/**
 * A work entry. Dates come as yyyy-MM (the month-and-year picker), yyyy-MM-dd or yyyy, and must be
 * real dates, not in the future, the end not before the start. No end date means "I currently work
 * here"; `currentlyWorking: true` clears any end date, `false` needs one. spec: profile-company §4, §5
 */
export const WorkEntry = withCrossCheck(
  z.object({
    freelancerWorkExpId: entryId,
    title: labelText(M.titleRequired),
    company: labelText(M.companyRequired),
    startDate: workDateField(M.startRequired),
    endDate: z
      .string({ error: M.dateInvalid })
      .nullish()
      .transform((v) => (v ? v.trim() : null)),
    currentlyWorking: z.boolean({ error: M.endRequired }).optional(),
  }),
  // The dates are checked beside the title and company, so one Save shows every problem (issue 19).
  ['startDate', 'endDate', 'currentlyWorking'],
  (w, ctx) => {
    const today = latestToday();
    if (w.startDate > today) ctx.addIssue({ code: 'custom', path: ['startDate'], message: M.startFuture });
    if (w.currentlyWorking !== true && w.endDate) {
      const endDate = workEndDate(w);
      if (!endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: M.dateInvalid });
      else if (endDate > today) ctx.addIssue({ code: 'custom', path: ['endDate'], message: M.endFuture });
      else if (endDate < w.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: M.endBeforeStart });
    } else if (w.currentlyWorking === false) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: M.endRequired });
    }
  },
).transform((w) => ({
  freelancerWorkExpId: w.freelancerWorkExpId,
  title: w.title,
  company: w.company,
  startDate: w.startDate,
  endDate: workEndDate(w),
}));

export const educationList = z
  .array(EducationEntry, { error: M.educationMissing })
  .min(1, M.educationMissing)
  .max(EDUCATION_MAX)
  .superRefine(noDuplicateIds((e) => e.freelancerEducationId));
export const workList = z
  .array(WorkEntry)
  .max(WORK_MAX)
  .superRefine(noDuplicateIds((w) => w.freelancerWorkExpId));

export const EducationWorkSchema = z
  .object({
    educationDetails: educationList,
    workExp: workList.optional(),
    workExperience: workList.optional(),
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
