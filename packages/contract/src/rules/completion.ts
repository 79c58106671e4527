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
