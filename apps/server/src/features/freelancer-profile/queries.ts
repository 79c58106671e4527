import type { ProfileRead } from '@talentloop/contract/api/onboarding';
import type { AboutMeRead } from '@talentloop/contract/api/profile-editor';
import { COUNTRIES } from '@talentloop/contract/lists/countries';
import { asc, eq } from 'drizzle-orm';
import {
  freelancerCertifications,
  freelancerEducation,
  freelancerLanguages,
  freelancerProfiles,
  freelancerSkills,
  freelancerWorkExperience,
  users,
} from '../../infra/db/schema.ts';
import type { Tx } from './versions.ts';

// Reads of the freelancer profile, one per section. Each runs a fixed number of queries however
// long its lists are (one per table it reads).

const countryName = (code: string | null | undefined) => COUNTRIES.find((c) => c.code === code)?.name ?? null;

async function userAndProfile(db: Tx, userId: string) {
  const [row] = await db
    .select({ user: users, profile: freelancerProfiles })
    .from(users)
    .leftJoin(freelancerProfiles, eq(freelancerProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

export async function readLanguages(db: Tx, userId: string) {
  return db
    .select({ languageCode: freelancerLanguages.languageCode, proficiency: freelancerLanguages.proficiency })
    .from(freelancerLanguages)
    .where(eq(freelancerLanguages.userId, userId))
    .orderBy(asc(freelancerLanguages.position));
}

export async function readSkills(db: Tx, userId: string) {
  const rows = await db.select().from(freelancerSkills).where(eq(freelancerSkills.userId, userId)).orderBy(asc(freelancerSkills.position));
  return rows.map((s) => ({ freelancerSkillId: s.id, skillName: s.skillName, experienceLevel: s.experienceYears }));
}

/** The wizard's profile-basics read shape. spec: auth-onboarding §3 Freelancer profile (read) */
export async function readProfileBasics(db: Tx, userId: string): Promise<ProfileRead & { onBoardingStage: string }> {
  const row = await userAndProfile(db, userId);
  const skills = await readSkills(db, userId);
  const languages = await readLanguages(db, userId);
  const user = row?.user;
  const profile = row?.profile;
  return {
    onBoardingStage: user?.onboardingStage ?? 'PROFILE_BASICS',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    description: profile?.description ?? '',
    mobileNo: profile?.mobileNo ?? null,
    dialingCode: profile?.dialingCode ?? null,
    countryCode: profile?.countryCode ?? null,
    country: countryName(profile?.countryCode),
    occupation: profile?.occupation ?? null,
    minHourlyRate: profile?.minHourlyRate ?? null,
    maxHourlyRate: profile?.maxHourlyRate ?? null,
    experienceLevel: profile?.experienceLevel ?? null,
    profilePhotoUrl: user?.profilePhotoUrl ?? null,
    skills: skills.map((s) => ({
      skillId: s.freelancerSkillId,
      skillName: s.skillName,
      experienceLevel: s.experienceLevel,
      status: 'ACTIVE',
    })),
    languages: languages.map((l) => ({ languageCode: l.languageCode.toUpperCase(), proficiency: l.proficiency })),
  };
}

/** About Me as the editor loads it. spec: profile-company §3 Freelancer profile (About Me) */
export async function readAboutMe(db: Tx, userId: string): Promise<AboutMeRead> {
  const row = await userAndProfile(db, userId);
  const languages = await readLanguages(db, userId);
  const user = row?.user;
  const profile = row?.profile;
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    description: profile?.description ?? '',
    countryCode: profile?.countryCode ?? null,
    country: countryName(profile?.countryCode),
    dialingCode: profile?.dialingCode ?? null,
    mobileNo: profile?.mobileNo ?? null,
    occupation: profile?.occupation ?? null,
    minHourlyRate: profile?.minHourlyRate ?? null,
    maxHourlyRate: profile?.maxHourlyRate ?? null,
    experienceLevel: profile?.experienceLevel ?? null,
    languages: languages.map((l) => ({ languageCode: l.languageCode.toLowerCase(), proficiency: l.proficiency })),
    videoTitle: profile?.videoTitle ?? null,
    videoUrl: profile?.videoUrl ?? null,
    profilePhotoUrl: user?.profilePhotoUrl ?? null,
  };
}

export async function readEducation(db: Tx, userId: string) {
  const rows = await db
    .select()
    .from(freelancerEducation)
    .where(eq(freelancerEducation.userId, userId))
    .orderBy(asc(freelancerEducation.position));
  return rows.map((e) => ({ freelancerEducationId: e.id, degree: e.degree, college: e.college, yearOfPassed: e.yearOfPassed }));
}

export async function readExperience(db: Tx, userId: string) {
  const rows = await db
    .select()
    .from(freelancerWorkExperience)
    .where(eq(freelancerWorkExperience.userId, userId))
    .orderBy(asc(freelancerWorkExperience.position));
  return rows.map((w) => ({
    freelancerWorkExpId: w.id,
    title: w.title,
    company: w.company,
    startDate: w.startDate,
    endDate: w.endDate,
    currentlyWorking: w.endDate === null,
  }));
}

export async function readCertifications(db: Tx, userId: string) {
  const rows = await db
    .select()
    .from(freelancerCertifications)
    .where(eq(freelancerCertifications.userId, userId))
    .orderBy(asc(freelancerCertifications.position));
  return rows.map((c) => ({
    freelancerCertificationId: c.id,
    certificationName: c.certificationName,
    issuingOrganization: c.issuingOrganization,
    dateIssued: c.dateIssued,
    certificationUrl: c.certificationUrl,
  }));
}

export async function readPreferences(db: Tx, userId: string) {
  const [p] = await db
    .select({
      minHoursPerWeek: freelancerProfiles.minHoursPerWeek,
      maxHoursPerWeek: freelancerProfiles.maxHoursPerWeek,
      projectDurationPreference: freelancerProfiles.projectDurationPreference,
    })
    .from(freelancerProfiles)
    .where(eq(freelancerProfiles.userId, userId));
  return {
    minHoursPerWeek: p?.minHoursPerWeek ?? null,
    maxHoursPerWeek: p?.maxHoursPerWeek ?? null,
    projectDurationPreference: p?.projectDurationPreference ?? null,
  };
}

export async function readStage(db: Tx, userId: string): Promise<string> {
  const [row] = await db.select({ stage: users.onboardingStage }).from(users).where(eq(users.id, userId));
  return row?.stage ?? 'PROFILE_BASICS';
}
