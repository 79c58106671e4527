import { z } from 'zod';
import { PHOTO_MAX_BYTES } from '../limits.ts';
import { PROJECT_DURATION_LABELS, WORK_HOURS } from '../lists/profile.ts';
import {
  PROFILE_MESSAGES as M,
  ProfileBasicsSchema,
  bioField,
  hourlyRateProblem,
  isValidPhone,
  languagesField,
  normalizePhone,
  skillsField,
} from './profile.ts';

// Form-side shapes of the onboarding wizard, composed from the field rules of ./profile.ts so the
// form and the server validate alike. What differs from the wire: the rate is typed text, the
// phone answers a readable message instead of a TL_CORE code, and the selects hold labels.
// spec: auth-onboarding §5 Wizard

const wire = ProfileBasicsSchema.shape;

/** The types the server accepts for a profile photo (it sniffs the bytes too). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** Why a chosen photo cannot be used, as the spec's toast title and message; null when it can. */
export function photoProblem(file: { type: string; size: number }): { title: string; message: string } | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return { title: M.photoTypeTitle, message: M.photoType };
  if (file.size > PHOTO_MAX_BYTES) return { title: M.photoSizeTitle, message: M.photoSize };
  return null;
}

/**
 * The dialing code and number as a pair: checked together for validity (a nested object, so the
 * check runs even while other fields of the form still fail).
 */
export const PhoneFormSchema = z
  .object({
    dialingCode: wire.dialingCode,
    mobileNo: z.string({ error: M.phoneRequired }).trim().min(1, M.phoneRequired).max(250, M.phoneInvalid),
  })
  .refine((v) => isValidPhone(v.dialingCode, v.mobileNo), {
    path: ['mobileNo'],
    message: M.phoneInvalid,
    when: ({ issues }) => issues.length === 0,
  });

export const ProfileBasicsFormSchema = z.object({
  firstName: wire.firstName,
  lastName: wire.lastName,
  description: bioField,
  countryCode: wire.countryCode,
  occupation: wire.occupation,
  experienceLevel: wire.experienceLevel,
  hourlyRate: z.string().superRefine((value, ctx) => {
    const problem = hourlyRateProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  phone: PhoneFormSchema,
  skills: skillsField,
  languages: languagesField,
});
export type ProfileBasicsFormInput = z.input<typeof ProfileBasicsFormSchema>;
export type ProfileBasicsForm = z.output<typeof ProfileBasicsFormSchema>;

/** The multipart `profileData` JSON: the minimum rate is always 0, language codes in upper case. spec: §3 */
export function toProfileData(form: ProfileBasicsForm): z.input<typeof ProfileBasicsSchema> {
  return {
    firstName: form.firstName,
    lastName: form.lastName,
    description: form.description,
    countryCode: form.countryCode,
    dialingCode: form.phone.dialingCode,
    mobileNo: normalizePhone(form.phone.mobileNo),
    occupation: form.occupation,
    minHourlyRate: 0,
    maxHourlyRate: Number(form.hourlyRate),
    experienceLevel: form.experienceLevel,
    skills: form.skills.map((s) => ({ skillName: s.skillName, experienceLevel: s.experienceLevel })),
    languages: form.languages.map((l) => ({ languageCode: l.languageCode.toUpperCase(), proficiency: l.proficiency })),
  };
}

type Problem<F extends string> = { field: F; message: string } | null;

/** Adding a skill chip: a skill and its years are needed, and the same skill (any case) only once. */
export function skillToAddProblem(
  existing: readonly { skillName: string }[],
  candidate: { skillName: string; years: number | null | undefined },
): Problem<'skillName' | 'years'> {
  const name = candidate.skillName.trim();
  if (!name) return { field: 'skillName', message: M.selectSkill };
  if (candidate.years === null || candidate.years === undefined) return { field: 'years', message: M.selectSkillLevel };
  if (existing.some((s) => s.skillName.trim().toLowerCase() === name.toLowerCase())) return { field: 'skillName', message: M.skillExists };
  return null;
}

/** Adding a language chip: a language and a proficiency are needed, each language only once. */
export function languageToAddProblem(
  existing: readonly { languageCode: string }[],
  candidate: { languageCode: string; proficiency: string },
): Problem<'languageCode' | 'proficiency'> {
  const code = candidate.languageCode.trim().toLowerCase();
  if (!code) return { field: 'languageCode', message: M.selectLanguage };
  if (!candidate.proficiency) return { field: 'proficiency', message: M.selectProficiency };
  if (existing.some((l) => l.languageCode.toLowerCase() === code)) return { field: 'languageCode', message: M.languageExists };
  return null;
}

/** Work preference as chosen in the form: the labels of the two selects. */
export const WorkPreferenceFormSchema = z.object({
  workHours: z.string({ error: M.workHoursRequired }).refine((v) => WORK_HOURS.some((h) => h.label === v), M.workHoursRequired),
  projectDuration: z.string({ error: M.durationRequired }).refine((v) => PROJECT_DURATION_LABELS.includes(v), M.durationRequired),
});
export type WorkPreferenceForm = z.output<typeof WorkPreferenceFormSchema>;

export function toWorkPreference(form: WorkPreferenceForm): {
  minHoursPerWeek: number;
  maxHoursPerWeek: number;
  projectDurationPreference: string;
} {
  const hours = WORK_HOURS.find((h) => h.label === form.workHours);
  if (!hours) throw new Error(`Unknown work hours: ${form.workHours}`);
  return { minHoursPerWeek: hours.min, maxHoursPerWeek: hours.max, projectDurationPreference: form.projectDuration };
}

/** The work-hours label of a saved pair, '' when none matches. */
export function workHoursLabel(min: number | null | undefined, max: number | null | undefined): string {
  return WORK_HOURS.find((h) => h.min === min && h.max === max)?.label ?? '';
}
