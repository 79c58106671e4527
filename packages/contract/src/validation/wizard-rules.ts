import { PHOTO_MAX_BYTES } from '../limits.ts';
import { WORK_HOURS } from '../lists/profile.ts';
import { PROFILE_MESSAGES as M } from './profile-messages.ts';

// The wizard's and editor's plain rules: no zod and no phone metadata, so a page can use them up
// front while the form schemas (./wizard-form.ts, which re-exports these) load after the first
// paint (issue 19). spec: auth-onboarding §5 Wizard

/** The types the server accepts for a profile photo (it sniffs the bytes too). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** Why a chosen photo cannot be used, as the spec's toast title and message; null when it can. */
export function photoProblem(file: { type: string; size: number }): { title: string; message: string } | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return { title: M.photoTypeTitle, message: M.photoType };
  if (file.size > PHOTO_MAX_BYTES) return { title: M.photoSizeTitle, message: M.photoSize };
  return null;
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

/** Work preference as chosen in the form (WorkPreferenceFormSchema's output): the labels of the two selects. */
type WorkPreferenceChoice = { workHours: string; projectDuration: string };

export function toWorkPreference(form: WorkPreferenceChoice): {
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
