// Static lists for the freelancer profile. spec: auth-onboarding §3, §9; profile-company §9

/** spec: auth-onboarding §3 Experience level codes, §9 Experience levels */
export const EXPERIENCE_LEVELS = [
  { code: 'fresher', label: 'Fresher', range: '0 - 1 year' },
  { code: 'early career', label: 'Early Career', range: '1 - 2.5 years' },
  { code: 'mid-exp', label: 'Mid-Exp', range: '2.5 - 5 years' },
  { code: 'experienced', label: 'Experienced', range: '5 - 8 years' },
  { code: 'expert', label: 'Expert', range: 'More than 8 years' },
] as const;
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number]['code'];
export const EXPERIENCE_LEVEL_CODES = EXPERIENCE_LEVELS.map((l) => l.code) as [ExperienceLevel, ...ExperienceLevel[]];

export const PROFICIENCIES = ['Basic', 'Conversational', 'Proficient', 'Fluent', 'Native'] as const;
export type Proficiency = (typeof PROFICIENCIES)[number];

/** Years of experience with a skill: 'Less than 1 year' is stored as 0, then 1 to 20. */
export const SKILL_YEARS_MAX = 20;
export const SKILL_YEAR_OPTIONS = Array.from({ length: SKILL_YEARS_MAX + 1 }, (_, n) => ({
  value: n,
  label: n === 0 ? 'Less than 1 year' : n === 1 ? '1 year' : `${n} years`,
}));

export const DEGREES = [
  'Bachelor of Engineering',
  'Bachelor of Technology',
  'Bachelor of Science',
  'Bachelor of Arts',
  'Bachelor of Computer Applications',
  'Bachelor of Business Administration',
  'Bachelor of Design',
  'Bachelor of Education',
  'Bachelor of Commerce',
  'Master of Science',
  'Master of Arts',
  'Master of Engineering',
  'Master of Technology',
  'Master of Business Administration',
  'Master of Computer Applications',
  'Master of Design',
  'Master of Commerce',
  'PhD',
  'Associate Degree',
  'Diploma',
  'Diploma in Graphic Design',
  'Diploma in Digital Marketing',
  'Diploma in Software Testing',
  'Diploma in Animation and VFX',
  'Diploma in Web Development',
] as const;

export const GRADUATION_YEAR_MIN = 1950;
/** Years offered run from the current year plus 5 down to 1950. */
export function graduationYears(now = new Date()): number[] {
  const max = now.getFullYear() + 5;
  return Array.from({ length: max - GRADUATION_YEAR_MIN + 1 }, (_, i) => max - i);
}

/** spec: §9 Work hours per week */
export const WORK_HOURS = [
  { label: '5-10', min: 5, max: 10 },
  { label: '10-20', min: 10, max: 20 },
  { label: '20-30', min: 20, max: 30 },
  { label: '30+', min: 30, max: 48 },
] as const;

/** spec: §9 Project duration; the label text is what is stored. */
export const PROJECT_DURATIONS = [
  { code: 'short', label: 'Less than 1 month' },
  { code: 'medium', label: '1-6 months' },
  { code: 'long', label: '6+ months' },
] as const;
export const PROJECT_DURATION_LABELS = PROJECT_DURATIONS.map((d) => d.label) as [string, ...string[]];

export const DEFAULT_OCCUPATIONS = [
  'Graphic Designer',
  'Web Developer',
  'UI/UX Designer',
  'Software Engineer',
  'Product Manager',
  'Data Analyst',
  'Content Writer',
] as const;

export const DEFAULT_HOURLY_RANGE = { min: 10, max: 50 } as const;
export const formatHourlyRange = (r: { min: number; max: number }) => `$${r.min} - $${r.max} /hr`;
