// The level a profile shows to companies (issue 22): derived from saved data, never typed in.
//
// The rule (LEVEL_RULE, shown beside the level):
// 1. Years of experience = the freelancer's work experience entries laid on a calendar: the days
//    covered by at least one entry (the end date is a day worked), counted once however many entries overlap; an ongoing entry
//    (no end date) runs to today; days after today count nothing. 365 days are a year (so an
//    anniversary always reaches the full year, leap days or not); the
//    figure is rounded down to one decimal (never rounded up into the next level).
// 2. Levels by years: under 2 Entry, 2 to under 5 Intermediate, 5 to under 8 Senior, 8 and more
//    Expert.
// 3. Senior and Expert need a vetted profile (an operator checked it): an unvetted profile shows at
//    most Intermediate, whatever its years.
// This is the one level every view shows (cards, the search's level filter, the profile, the
// public page, the operators' console, the editor's 'Companies see you as') (issue 32, decision
// 163). The level the freelancer picked at onboarding (experience_level) only feeds the hourly-rate
// suggestion of the wizard; no one else sees it.

export const LEVELS = ['entry', 'intermediate', 'senior', 'expert'] as const;
export type LevelKey = (typeof LEVELS)[number];
export const LEVEL_LABELS: Record<LevelKey, string> = {
  entry: 'Entry',
  intermediate: 'Intermediate',
  senior: 'Senior',
  expert: 'Expert',
};
/** Each level's years, as a filter offers it. */
export const LEVEL_RANGES: Record<LevelKey, string> = {
  entry: 'under 2 years',
  intermediate: '2 - 5 years',
  senior: '5 - 8 years',
  expert: '8+ years',
};
/** The lowest years of each level (entry starts at 0). */
export const LEVEL_MIN_YEARS: Record<LevelKey, number> = { entry: 0, intermediate: 2, senior: 5, expert: 8 };
/** Levels that need a vetted profile. */
export const LEVELS_NEEDING_VETTING: readonly LevelKey[] = ['senior', 'expert'];

export const LEVEL_RULE =
  'Derived from the work experience on the profile (overlapping periods counted once, ongoing roles up to today): under 2 years Entry, 2 to 5 Intermediate, 5 to 8 Senior, 8 or more Expert. Senior and Expert need a profile vetted by our team.';

export type WorkPeriod = { startDate: string; endDate: string | null };
export type DerivedLevel = { key: LevelKey; label: string; years: number; vetted: boolean; explanation: string };

const DAY = 24 * 60 * 60 * 1000;
const dayOf = (isoDate: string) => Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, Number(isoDate.slice(8, 10)));

/** Years covered by the periods (days counted once, ongoing up to `today` 'YYYY-MM-DD'), rounded down to one decimal. */
export function yearsOfExperience(periods: readonly WorkPeriod[], today: string): number {
  const end = dayOf(today);
  const spans = periods
    // An end date is the last day worked (inclusive); an ongoing entry runs up to today.
    .map((p) => [dayOf(p.startDate), Math.min(p.endDate ? dayOf(p.endDate) + DAY : end, end)] as const)
    .filter(([s, e]) => Number.isFinite(s) && Number.isFinite(e) && e > s)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let cursor = Number.NEGATIVE_INFINITY;
  for (const [s, e] of spans) {
    const from = Math.max(s, cursor);
    if (e > from) total += e - from;
    cursor = Math.max(cursor, e);
  }
  return Math.floor(Number(((total / DAY / 365) * 10).toFixed(6))) / 10;
}

/** The level a company sees, from the saved work experience and the vetting status. */
export function deriveLevel(periods: readonly WorkPeriod[], vetted: boolean, today: string): DerivedLevel {
  const years = yearsOfExperience(periods, today);
  const byYears: LevelKey = years >= 8 ? 'expert' : years >= 5 ? 'senior' : years >= 2 ? 'intermediate' : 'entry';
  const capped = !vetted && LEVELS_NEEDING_VETTING.includes(byYears);
  const key: LevelKey = capped ? 'intermediate' : byYears;
  const span = years === 1 ? '1 year' : `${years} years`;
  const explanation = capped
    ? `${span} of work experience; ${LEVEL_LABELS[byYears]} needs a vetted profile.`
    : `${span} of work experience${vetted ? ' on a vetted profile' : ''}.`;
  return { key, label: LEVEL_LABELS[key], years, vetted, explanation };
}

/** The levels reached by years alone, from `intermediate` on: the day each is first shown (null: never with this history). */
export type LevelDays = { intermediate: string | null; senior: string | null; expert: string | null };

const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The first day each level's years are reached with this work history (yearsOfExperience counts
 * the days before `today`: a level of N years is reached the day after its N * 365th covered day),
 * whatever day it is asked: ongoing roles run on forever, closed ones end. So a stored LevelDays
 * says the level on any later day without being computed again (the talent search keeps it).
 */
export function levelDays(periods: readonly WorkPeriod[]): LevelDays {
  const spans = periods
    .map((p) => [dayOf(p.startDate), p.endDate ? dayOf(p.endDate) + DAY : Number.POSITIVE_INFINITY] as const)
    .filter(([s, e]) => Number.isFinite(s) && !Number.isNaN(e) && e > s)
    .sort((a, b) => a[0] - b[0]);
  const reach = (years: number): string | null => {
    const need = years * 365 * DAY;
    let total = 0;
    let cursor = Number.NEGATIVE_INFINITY;
    for (const [s, e] of spans) {
      const from = Math.max(s, cursor);
      if (e > from) {
        if (total + (e - from) >= need) return isoOf(from + (need - total));
        total += e - from;
      }
      cursor = Math.max(cursor, e);
    }
    return null;
  };
  return {
    intermediate: reach(LEVEL_MIN_YEARS.intermediate),
    senior: reach(LEVEL_MIN_YEARS.senior),
    expert: reach(LEVEL_MIN_YEARS.expert),
  };
}

/** The level on `today` ('YYYY-MM-DD') from the stored days: deriveLevel's key, without the history. */
export function levelOn(days: LevelDays, vetted: boolean, today: string): LevelKey {
  const reached = (d: string | null) => d !== null && d <= today;
  const byYears: LevelKey = reached(days.expert)
    ? 'expert'
    : reached(days.senior)
      ? 'senior'
      : reached(days.intermediate)
        ? 'intermediate'
        : 'entry';
  return !vetted && LEVELS_NEEDING_VETTING.includes(byYears) ? 'intermediate' : byYears;
}
