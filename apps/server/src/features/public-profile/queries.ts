import type { ProfileVisibility, PublicProfile } from '@talentloop/contract/api/account';
import type { PortfolioItem } from '@talentloop/contract/api/portfolio';
import type { ProfileReview } from '@talentloop/contract/api/reviews';
import { COUNTRIES } from '@talentloop/contract/lists/countries';
import { LEVEL_RULE, deriveLevel } from '@talentloop/contract/rules/level';
import { ratingOf } from '@talentloop/contract/rules/rating';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../infra/db/client.ts';
import {
  freelancerCertifications,
  freelancerEducation,
  freelancerLanguages,
  freelancerPortfolio,
  freelancerPrivacy,
  freelancerProfiles,
  freelancerSkills,
  freelancerWorkExperience,
  users,
} from '../../infra/db/schema.ts';
import { asVisibility } from '../account/privacy.ts';
import { readPortfolio } from '../portfolio/service.ts';
import { readProfileReviews } from '../reviews/queries.ts';

// A freelancer's saved profile as a company sees it: what they saved and nothing else (no contact
// details, no sample content). The level is derived from the saved work experience and vetting
// (contract rules/level.ts); the rating and reviews come from real, finished hires only, hidden
// ones left out (issue 22).

const countryName = new Map<string, string>(COUNTRIES.map((c) => [c.code, c.name]));

export type ProfileOwner = { userId: string; slug: string; visibility: ProfileVisibility; roles: string[] };

/** The freelancer behind a slug, with the visibility they chose; null when none, or suspended (shown to nobody until reactivated). */
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
    .where(and(eq(freelancerPrivacy.slug, slug), isNull(users.suspendedAt)));
  return row ? { ...row, visibility: asVisibility(row.visibility) } : null;
}

/** A portfolio item of `userId`: what it holds and the stored file behind it; null when none. */
export async function findPortfolioFile(db: Db, userId: string, itemId: string) {
  const [item] = await db
    .select({ fileId: freelancerPortfolio.fileId, contentType: freelancerPortfolio.contentType })
    .from(freelancerPortfolio)
    .where(and(eq(freelancerPortfolio.id, itemId), eq(freelancerPortfolio.userId, userId)));
  return item ?? null;
}

/**
 * The profile of `userId` under `slug`, or null when the freelancer has no saved profile yet.
 * `asOwner`: the owner's own preview, which also links the portfolio documents (served to the
 * owner only); for anyone else a document's fileUrl is null.
 */
export async function readPublicProfile(
  db: Db,
  userId: string,
  slug: string,
  asOwner: boolean,
  now: Date = new Date(),
): Promise<PublicProfile | null> {
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
  const reviews = await readProfileReviews(db, userId, now);
  return assemblePublicProfile(
    { user, profile, slug, languages, skills, education, work, certifications, portfolio, reviews, today: now },
    asOwner,
  );
}

type ProfileParts = {
  user: typeof users.$inferSelect;
  profile: typeof freelancerProfiles.$inferSelect;
  slug: string;
  languages: Array<typeof freelancerLanguages.$inferSelect>;
  skills: Array<typeof freelancerSkills.$inferSelect>;
  education: Array<typeof freelancerEducation.$inferSelect>;
  work: Array<typeof freelancerWorkExperience.$inferSelect>;
  certifications: Array<typeof freelancerCertifications.$inferSelect>;
  portfolio: PortfolioItem[];
  /** The visible reviews, newest first (issue 22); none when not read (the vetting queue). */
  reviews?: ProfileReview[];
  /** The day the level's ongoing roles run to; now when not given. */
  today?: Date;
};

/**
 * The profile from its rows (each list in its saved order), pure: shared by the one-profile read
 * above and the operators' vetting queue, which reads the rows of every queued profile at once.
 */
export function assemblePublicProfile(parts: ProfileParts, asOwner: boolean): PublicProfile {
  const { user, profile, slug, languages, skills, education, work, certifications, portfolio } = parts;
  const reviews = parts.reviews ?? [];
  const level = deriveLevel(work, profile.vettingStatus === 'vetted', (parts.today ?? new Date()).toISOString().slice(0, 10));
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
    level: { ...level, rule: LEVEL_RULE },
    rating: ratingOf(reviews.map((r) => ({ overall: r.overall, hidden: false }))),
    reviews,
  };
}

/** Whether a caller with `roles` (undefined: signed out) may see a profile of this visibility; hidden: nobody. */
export function canView(visibility: ProfileVisibility, roles: readonly string[] | undefined): boolean {
  if (visibility === 'public') return true;
  if (visibility === 'companies') return !!roles && (roles.includes('client') || roles.includes('operator'));
  return false;
}
