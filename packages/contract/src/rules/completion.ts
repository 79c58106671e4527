// Completion percentages. spec: auth-onboarding §4 Wizard details

export type BasicsSnapshot = {
  firstName?: string | null;
  lastName?: string | null;
  description?: string | null;
  occupation?: string | null;
  hourlyRate?: number | string | null;
  experienceLevel?: string | null;
  skills?: readonly unknown[] | null;
  languages?: readonly unknown[] | null;
  hasPhoto?: boolean;
};

const filled = (v: unknown) => (typeof v === 'string' ? v.trim().length > 0 : typeof v === 'number' ? v > 0 : Boolean(v));

/** Nine items, each one ninth, rounded. */
export function basicsCompletion(p: BasicsSnapshot): number {
  const items = [
    filled(p.firstName),
    filled(p.lastName),
    filled(p.description),
    filled(p.occupation),
    filled(typeof p.hourlyRate === 'string' ? Number(p.hourlyRate) || 0 : p.hourlyRate),
    filled(p.experienceLevel),
    (p.skills?.length ?? 0) > 0,
    (p.languages?.length ?? 0) > 0,
    Boolean(p.hasPhoto),
  ];
  return Math.round((items.filter(Boolean).length / items.length) * 100);
}

/** 50 % for at least one education entry, 50 % for at least one work entry. */
export function educationCompletion(educationCount: number, workCount: number): number {
  return (educationCount > 0 ? 50 : 0) + (workCount > 0 ? 50 : 0);
}

/** 50 % per chosen select (work hours, project duration). */
export function preferenceCompletion(p: { workHours?: string | null; projectDuration?: string | null }): number {
  return (p.workHours ? 50 : 0) + (p.projectDuration ? 50 : 0);
}

export function overallCompletion(sections: readonly number[]): number {
  if (sections.length === 0) return 0;
  return Math.round(sections.reduce((a, b) => a + b, 0) / sections.length);
}

// ---- The profile's completion (competitionPercentage): one weighting of the seven sections ------
// spec: profile-company §1 (each section contributes), issue 10. Weights in whole percent, sum 100:
//   About Me 25 · Skills 15 · Work Experience 15 · Portfolio 15 · Education 10 · Certification 10 ·
//   Work Preferences 10.
// About Me is what a company reads first, so it weighs most, in proportion to its ten items (first
// and last name, bio, country, phone, occupation, hourly rate, experience level, at least one
// language, photo; the optional video is not counted). Skills, work experience and portfolio are
// what a company shortlists on; education and certifications support them. A list section counts
// fully with one entry; Work Preferences half for the hours, half for the project duration.
// The result is rounded, and never 100 unless every section is complete. docs/decisions.md

export const PROFILE_SECTION_WEIGHTS = {
  aboutMe: 25,
  skills: 15,
  workExperience: 15,
  portfolio: 15,
  education: 10,
  certification: 10,
  workPreferences: 10,
} as const;
export type ProfileSectionKey = keyof typeof PROFILE_SECTION_WEIGHTS;

/** What the weighting reads from saved data. Missing values count as empty. */
export type ProfileCompletionInput = {
  firstName?: string | null;
  lastName?: string | null;
  description?: string | null;
  countryCode?: string | null;
  mobileNo?: string | null;
  occupation?: string | null;
  maxHourlyRate?: number | string | null;
  experienceLevel?: string | null;
  languageCount?: number;
  hasPhoto?: boolean;
  skillCount?: number;
  educationCount?: number;
  workCount?: number;
  certificationCount?: number;
  portfolioCount?: number;
  minHoursPerWeek?: number | null;
  maxHoursPerWeek?: number | null;
  projectDurationPreference?: string | null;
};

/** Each section's completeness, 0..1. */
export function sectionCompletion(p: ProfileCompletionInput): Record<ProfileSectionKey, number> {
  const rate = typeof p.maxHourlyRate === 'string' ? Number(p.maxHourlyRate) || 0 : (p.maxHourlyRate ?? 0);
  const about = [
    filled(p.firstName),
    filled(p.lastName),
    filled(p.description),
    filled(p.countryCode),
    filled(p.mobileNo),
    filled(p.occupation),
    filled(rate),
    filled(p.experienceLevel),
    (p.languageCount ?? 0) > 0,
    Boolean(p.hasPhoto),
  ];
  const some = (n: number | undefined) => ((n ?? 0) > 0 ? 1 : 0);
  return {
    aboutMe: about.filter(Boolean).length / about.length,
    skills: some(p.skillCount),
    workExperience: some(p.workCount),
    portfolio: some(p.portfolioCount),
    education: some(p.educationCount),
    certification: some(p.certificationCount),
    workPreferences: (p.minHoursPerWeek != null && p.maxHoursPerWeek != null ? 0.5 : 0) + (filled(p.projectDurationPreference) ? 0.5 : 0),
  };
}

/** competitionPercentage: the weighted sum of the sections, an integer 0..100. */
export function profileCompletion(p: ProfileCompletionInput): number {
  const sections = sectionCompletion(p);
  const keys = Object.keys(PROFILE_SECTION_WEIGHTS) as ProfileSectionKey[];
  const total = keys.reduce((sum, k) => sum + PROFILE_SECTION_WEIGHTS[k] * sections[k], 0);
  const complete = keys.every((k) => sections[k] === 1);
  return complete ? 100 : Math.min(99, Math.round(total));
}

/** Each section's name and what completing it adds, for the list of what is left (issue 19). */
export const PROFILE_SECTION_TEXT: Record<ProfileSectionKey, { label: string; adds: string }> = {
  aboutMe: { label: 'About Me', adds: 'Your photo, bio, rate and contact details: what a company reads first.' },
  skills: { label: 'Skills', adds: 'What companies search and shortlist on.' },
  workExperience: { label: 'Work Experience', adds: 'Where you have worked, to back your skills.' },
  portfolio: { label: 'Portfolio', adds: 'A project companies can see for themselves.' },
  education: { label: 'Education', adds: 'Your degrees, to support your experience.' },
  certification: { label: 'Certification', adds: 'Certificates that prove a skill.' },
  workPreferences: { label: 'Work Preferences', adds: 'Your hours and project length, so companies know your availability.' },
};

/**
 * The sections not yet complete, each with the percentage points completing it adds (its weight
 * times what is missing, at least 1), heaviest first; empty when every section is complete.
 */
export function sectionsLeft(sections: Record<ProfileSectionKey, number>): Array<{ key: ProfileSectionKey; points: number }> {
  const keys = Object.keys(PROFILE_SECTION_WEIGHTS) as ProfileSectionKey[];
  return keys
    .filter((k) => sections[k] < 1)
    .map((k) => ({ key: k, points: Math.max(1, Math.round(PROFILE_SECTION_WEIGHTS[k] * (1 - sections[k]))) }))
    .sort((a, b) => b.points - a.points);
}
