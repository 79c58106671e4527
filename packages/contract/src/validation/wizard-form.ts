import { z } from 'zod';
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

// The plain rules (no zod, no phone metadata) live in ./wizard-rules.ts so a page that needs only
// them does not load the schemas up front (issue 19); re-exported here, one definition still.
export { PHOTO_TYPES, languageToAddProblem, photoProblem, skillToAddProblem, toWorkPreference, workHoursLabel } from './wizard-rules.ts';

// Form-side shapes of the onboarding wizard, composed from the field rules of ./profile.ts so the
// form and the server validate alike. What differs from the wire: the rate is typed text, the
// phone answers a readable message instead of a TL_CORE code, and the selects hold labels.
// spec: auth-onboarding §5 Wizard

const wire = ProfileBasicsSchema.shape;
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

/** Work preference as chosen in the form: the labels of the two selects. */
export const WorkPreferenceFormSchema = z.object({
  workHours: z.string({ error: M.workHoursRequired }).refine((v) => WORK_HOURS.some((h) => h.label === v), M.workHoursRequired),
  projectDuration: z.string({ error: M.durationRequired }).refine((v) => PROJECT_DURATION_LABELS.includes(v), M.durationRequired),
});
export type WorkPreferenceForm = z.output<typeof WorkPreferenceFormSchema>;
