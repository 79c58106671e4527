import type { ProfileVisibility, PublicProfile } from '@talentloop/contract/api/account';
import { COUNTRIES } from '@talentloop/contract/lists/countries';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/client.ts';
import {
  freelancerCertifications,
  freelancerEducation,
  freelancerLanguages,
  freelancerPrivacy,
  freelancerProfiles,
  freelancerSkills,
  freelancerWorkExperience,
  users,
} from '../../infra/db/schema.ts';
import { asVisibility } from '../account/privacy.ts';
import { readPortfolio } from '../portfolio/service.ts';

// A freelancer's saved profile as a company sees it: what they saved and nothing else (no contact
// details, no sample content, no invented rating, level or reviews).

const countryName = new Map<string, string>(COUNTRIES.map((c) => [c.code, c.name]));

export type ProfileOwner = { userId: string; slug: string; visibility: ProfileVisibility; roles: string[] };

/** The freelancer behind a slug, with the visibility they chose; null when none. */
export async function findBySlug(db: Db, slug: string): Promise<ProfileOwner | null> {
  const [row] = await db
    .select({
      userId: freelancerPrivacy.userId,
      slug: freelancerPrivacy.slug,
      visibility: freelancerPrivacy.visibility,
      roles: users.roles,
    })
    .from(freelancerPrivacy)
    .innerJoin(users, eq(users.id, freelancerPrivacy.userId))
    .where(eq(freelancerPrivacy.slug, slug));
  return row ? { ...row, visibility: asVisibility(row.visibility) } : null;
}

/**
 * The profile of `userId` under `slug`, or null when the freelancer has no saved profile yet.
 * `asOwner`: the owner's own preview, which also links the portfolio documents (served to the
 * owner only); for anyone else a document's fileUrl is null.
 */
export async function readPublicProfile(db: Db, userId: string, slug: string, asOwner: boolean): Promise<PublicProfile | null> {
  const [head] = await db
    .select({ user: users, profile: freelancerProfiles })
    .from(users)
    .innerJoin(freelancerProfiles, eq(freelancerProfiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!head) return null;
  const { user, profile } = head;
  const [languages, skills, education, work, certifications, portfolio] = [
    await db.select().from(freelancerLanguages).where(eq(freelancerLanguages.userId, userId)).orderBy(asc(freelancerLanguages.position)),
    await db.select().from(freelancerSkills).where(eq(freelancerSkills.userId, userId)).orderBy(asc(freelancerSkills.position)),
    await db.select().from(freelancerEducation).where(eq(freelancerEducation.userId, userId)).orderBy(asc(freelancerEducation.position)),
    await db
      .select()
      .from(freelancerWorkExperience)
      .where(eq(freelancerWorkExperience.userId, userId))
      .orderBy(asc(freelancerWorkExperience.position)),
    await db
      .select()
      .from(freelancerCertifications)
      .where(eq(freelancerCertifications.userId, userId))
      .orderBy(asc(freelancerCertifications.position)),
    await readPortfolio(db, userId),
  ];
  const num = (v: number | string | null) => (v === null ? null : Number(v));
  return {
    slug,
    firstName: user.firstName,
    lastName: user.lastName,
    photoUrl: user.profilePhotoUrl,
    occupation: profile.occupation,
    countryCode: profile.countryCode,
    country: profile.countryCode ? (countryName.get(profile.countryCode) ?? null) : null,
    description: profile.description,
    experienceLevel: profile.experienceLevel,
    minHourlyRate: num(profile.minHourlyRate),
    maxHourlyRate: num(profile.maxHourlyRate),
    openToWork: profile.openToWork,
    videoTitle: profile.videoTitle,
    videoUrl: profile.videoUrl,
    languages: languages.map((l) => ({ languageCode: l.languageCode, proficiency: l.proficiency })),
    skills: skills.map((s) => ({ skillName: s.skillName, experienceLevel: s.experienceYears })),
    education: education.map((e) => ({ degree: e.degree, college: e.college, yearOfPassed: e.yearOfPassed })),
    workExperience: work.map((w) => ({ title: w.title, company: w.company, startDate: w.startDate, endDate: w.endDate })),
    certifications: certifications.map((c) => ({
      certificationName: c.certificationName,
      issuingOrganization: c.issuingOrganization,
      dateIssued: c.dateIssued,
      certificationUrl: c.certificationUrl,
    })),
    portfolio: portfolio.map((p) => (asOwner || p.contentType !== 'DOCUMENT' ? p : { ...p, fileUrl: null })),
    workPreferences: {
      minHoursPerWeek: profile.minHoursPerWeek,
      maxHoursPerWeek: profile.maxHoursPerWeek,
      projectDurationPreference: profile.projectDurationPreference,
    },
  };
}

/** Whether a caller with `roles` (undefined: signed out) may see a profile of this visibility; hidden: nobody. */
export function canView(visibility: ProfileVisibility, roles: readonly string[] | undefined): boolean {
  if (visibility === 'public') return true;
  if (visibility === 'companies') return !!roles && (roles.includes('client') || roles.includes('operator'));
  return false;
}
