import { type ProfileCompletionInput, profileCompletion, sectionCompletion } from '@talentloop/contract/rules/completion';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../infra/db/client.ts';
import { freelancerProfiles, users } from '../../infra/db/schema.ts';

// competitionPercentage, computed from saved data only (never from what a client sends), by the
// contract's weighting (rules/completion.ts). spec: profile-company §1 (seven sections, 0-100)

/** What the completion weighting looks at, read in one query. */
export type CompletionSnapshot = {
  firstName: string;
  lastName: string;
  hasPhoto: boolean;
  description: string | null;
  occupation: string | null;
  countryCode: string | null;
  mobileNo: string | null;
  maxHourlyRate: number | null;
  experienceLevel: string | null;
  minHoursPerWeek: number | null;
  maxHoursPerWeek: number | null;
  projectDurationPreference: string | null;
  skills: number;
  languages: number;
  education: number;
  experience: number;
  certifications: number;
  portfolio: number;
};

const count = (table: string) => sql<number>`(SELECT count(*)::int FROM ${sql.identifier(table)} x WHERE x.user_id = ${users.id})`;

export async function readCompletionSnapshot(db: DbOrTx, userId: string): Promise<CompletionSnapshot | null> {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      photo: users.profilePhotoUrl,
      description: freelancerProfiles.description,
      occupation: freelancerProfiles.occupation,
      countryCode: freelancerProfiles.countryCode,
      mobileNo: freelancerProfiles.mobileNo,
      maxHourlyRate: freelancerProfiles.maxHourlyRate,
      experienceLevel: freelancerProfiles.experienceLevel,
      minHoursPerWeek: freelancerProfiles.minHoursPerWeek,
      maxHoursPerWeek: freelancerProfiles.maxHoursPerWeek,
      projectDurationPreference: freelancerProfiles.projectDurationPreference,
      skills: count('freelancer_skills'),
      languages: count('freelancer_languages'),
      education: count('freelancer_education'),
      experience: count('freelancer_work_experience'),
      certifications: count('freelancer_certifications'),
      portfolio: count('freelancer_portfolio'),
    })
    .from(users)
    .leftJoin(freelancerProfiles, eq(freelancerProfiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  const { photo, ...rest } = row;
  return {
    ...rest,
    hasPhoto: Boolean(photo),
    maxHourlyRate: row.maxHourlyRate === null ? null : Number(row.maxHourlyRate),
    skills: Number(row.skills),
    languages: Number(row.languages),
    education: Number(row.education),
    experience: Number(row.experience),
    certifications: Number(row.certifications),
    portfolio: Number(row.portfolio),
  };
}

/** The contract's weighting of the seven sections, applied to a snapshot. */
export function completionOf(s: CompletionSnapshot): number {
  return profileCompletion(completionInput(s));
}

/** Each section's completeness (0..1) in a snapshot, by the same rules. */
export function sectionsOf(s: CompletionSnapshot) {
  return sectionCompletion(completionInput(s));
}

function completionInput(s: CompletionSnapshot): ProfileCompletionInput {
  return {
    firstName: s.firstName,
    lastName: s.lastName,
    description: s.description,
    countryCode: s.countryCode,
    mobileNo: s.mobileNo,
    occupation: s.occupation,
    maxHourlyRate: s.maxHourlyRate,
    experienceLevel: s.experienceLevel,
    languageCount: s.languages,
    hasPhoto: s.hasPhoto,
    skillCount: s.skills,
    educationCount: s.education,
    workCount: s.experience,
    certificationCount: s.certifications,
    portfolioCount: s.portfolio,
    minHoursPerWeek: s.minHoursPerWeek,
    maxHoursPerWeek: s.maxHoursPerWeek,
    projectDurationPreference: s.projectDurationPreference,
  };
}

/** The freelancer's completion percentage (0-100) from saved data; 0 for an unknown user. */
export async function computeCompletion(db: Db | DbOrTx, userId: string): Promise<number> {
  const snapshot = await readCompletionSnapshot(db, userId);
  return snapshot ? completionOf(snapshot) : 0;
}
