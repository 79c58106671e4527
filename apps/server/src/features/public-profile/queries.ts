import type { ProfileVisibility } from '@talentloop/contract/api/account';
import { and, arrayContains, asc, eq, isNull, sql } from 'drizzle-orm';
import { rowsOf } from '../../infra/db/rows.ts';
import type { Db } from '../../infra/db/client.ts';
import {
  type freelancerCertifications,
  type freelancerEducation,
  type freelancerLanguages,
  freelancerPortfolio,
  freelancerPrivacy,
  freelancerProfiles,
  type freelancerSkills,
  type freelancerWorkExperience,
  users,
} from '../../infra/db/schema.ts';
import { asVisibility } from '../account/privacy.ts';

// The SQL of a freelancer's public profile (the profile is assembled in service.ts).

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

/**
 * The slugs of every profile shown to anyone (issue 37, the sitemap): public visibility, a
 * freelancer with a saved profile, not suspended. Read per request, so a change shows at once.
 */
export async function listPublicSlugs(db: Db): Promise<string[]> {
  const rows = await db
    .select({ slug: freelancerPrivacy.slug })
    .from(freelancerPrivacy)
    .innerJoin(users, eq(users.id, freelancerPrivacy.userId))
    .innerJoin(freelancerProfiles, eq(freelancerProfiles.userId, freelancerPrivacy.userId))
    // Demo profiles (`npm run seed:demo`) are made-up people: never offered to search engines.
    .where(
      and(
        eq(freelancerPrivacy.visibility, 'public'),
        isNull(users.suspendedAt),
        eq(users.demo, false),
        arrayContains(users.roles, ['freelancer']),
      ),
    )
    .orderBy(asc(freelancerPrivacy.slug));
  return rows.map((r) => r.slug);
}

/** A portfolio item of `userId`: what it holds and the stored file behind it; null when none. */
export async function findPortfolioFile(db: Db, userId: string, itemId: string) {
  const [item] = await db
    .select({ fileId: freelancerPortfolio.fileId, contentType: freelancerPortfolio.contentType })
    .from(freelancerPortfolio)
    .where(and(eq(freelancerPortfolio.id, itemId), eq(freelancerPortfolio.userId, userId)));
  return item ?? null;
}

/** The saved profile of `userId` and its sections, each list in its saved order; null when the freelancer has no saved profile yet. */
export async function readProfileSections(db: Db, userId: string): Promise<ProfileSections | null> {
  // One statement for the profile and its sections (a company's read is a hot path: issue 32), each
  // list in its saved order.
  const [head] = rowsOf<ProfileSections>(
    await db.execute(sql`
      SELECT
        json_build_object('firstName', u.first_name, 'lastName', u.last_name, 'profilePhotoUrl', u.profile_photo_url, 'demo', u.demo) AS user,
        json_build_object(
          'occupation', fp.occupation, 'countryCode', fp.country_code, 'description', fp.description,
          'experienceLevel', fp.experience_level, 'minHourlyRate', fp.min_hourly_rate, 'maxHourlyRate', fp.max_hourly_rate,
          'openToWork', fp.open_to_work, 'videoTitle', fp.video_title, 'videoUrl', fp.video_url,
          'minHoursPerWeek', fp.min_hours_per_week, 'maxHoursPerWeek', fp.max_hours_per_week,
          'projectDurationPreference', fp.project_duration_preference, 'vettingStatus', fp.vetting_status) AS profile,
        coalesce((SELECT json_agg(json_build_object('languageCode', l.language_code, 'proficiency', l.proficiency) ORDER BY l.position)
                  FROM freelancer_languages l WHERE l.user_id = u.id), '[]') AS languages,
        coalesce((SELECT json_agg(json_build_object('skillName', s.skill_name, 'experienceYears', s.experience_years) ORDER BY s.position)
                  FROM freelancer_skills s WHERE s.user_id = u.id), '[]') AS skills,
        coalesce((SELECT json_agg(json_build_object('degree', e.degree, 'college', e.college, 'yearOfPassed', e.year_of_passed) ORDER BY e.position)
                  FROM freelancer_education e WHERE e.user_id = u.id), '[]') AS education,
        coalesce((SELECT json_agg(json_build_object('title', w.title, 'company', w.company, 'startDate', w.start_date, 'endDate', w.end_date) ORDER BY w.position)
                  FROM freelancer_work_experience w WHERE w.user_id = u.id), '[]') AS work,
        coalesce((SELECT json_agg(json_build_object('certificationName', c.certification_name, 'issuingOrganization', c.issuing_organization,
                                                    'dateIssued', c.date_issued, 'certificationUrl', c.certification_url) ORDER BY c.position)
                  FROM freelancer_certifications c WHERE c.user_id = u.id), '[]') AS certifications
      FROM users u JOIN freelancer_profiles fp ON fp.user_id = u.id
      WHERE u.id = ${userId}`),
  );
  return head ?? null;
}

/** What a public profile shows of each row (the vetting queue passes whole rows). */
export type ProfileSections = {
  user: Pick<typeof users.$inferSelect, 'firstName' | 'lastName' | 'profilePhotoUrl' | 'demo'>;
  profile: Pick<
    typeof freelancerProfiles.$inferSelect,
    | 'occupation'
    | 'countryCode'
    | 'description'
    | 'experienceLevel'
    | 'minHourlyRate'
    | 'maxHourlyRate'
    | 'openToWork'
    | 'videoTitle'
    | 'videoUrl'
    | 'minHoursPerWeek'
    | 'maxHoursPerWeek'
    | 'projectDurationPreference'
    | 'vettingStatus'
  >;
  languages: Array<Pick<typeof freelancerLanguages.$inferSelect, 'languageCode' | 'proficiency'>>;
  skills: Array<Pick<typeof freelancerSkills.$inferSelect, 'skillName' | 'experienceYears'>>;
  education: Array<Pick<typeof freelancerEducation.$inferSelect, 'degree' | 'college' | 'yearOfPassed'>>;
  work: Array<Pick<typeof freelancerWorkExperience.$inferSelect, 'title' | 'company' | 'startDate' | 'endDate'>>;
  certifications: Array<
    Pick<typeof freelancerCertifications.$inferSelect, 'certificationName' | 'issuingOrganization' | 'dateIssued' | 'certificationUrl'>
  >;
};

/** Whether a caller with `roles` (undefined: signed out) may see a profile of this visibility; hidden: nobody. */
export function canView(visibility: ProfileVisibility, roles: readonly string[] | undefined): boolean {
  if (visibility === 'public') return true;
  if (visibility === 'companies') return !!roles && (roles.includes('client') || roles.includes('operator'));
  return false;
}
