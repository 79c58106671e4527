import type { PublicProfile } from '@talentloop/contract/api/account';
import { API_PREFIX, fillPath } from '@talentloop/contract/api/define';
import { getPublicPortfolioImage } from '@talentloop/contract/api/files';
import type { PortfolioItem } from '@talentloop/contract/api/portfolio';
import type { ProfileReview } from '@talentloop/contract/api/reviews';
import { COUNTRIES } from '@talentloop/contract/lists/countries';
import { LEVEL_RULE, deriveLevel } from '@talentloop/contract/rules/level';
import { ratingOf } from '@talentloop/contract/rules/rating';
import type { Db } from '../../infra/db/client.ts';
import type { FileStorage } from '../../infra/storage.ts';
import { SLUG_PATTERN } from '../account/slug.ts';
import { readPortfolio } from '../portfolio/service.ts';
import { readProfileReviews } from '../reviews/service.ts';
import { type ProfileSections, canView, findBySlug, findPortfolioFile, readProfileSections } from './queries.ts';

// Who sees a freelancer's profile behind a slug (public, companies-only for a signed-in company,
// hidden for nobody) and its portfolio images, which follow the profile's visibility.

// A freelancer's saved profile as a company sees it: what they saved and nothing else (no contact
// details, no sample content). The level is derived from the saved work experience and vetting
// (contract rules/level.ts); the rating and reviews come from real, finished hires only, hidden
// ones left out (issue 22).

const countryName = new Map<string, string>(COUNTRIES.map((c) => [c.code, c.name]));

/** Where a visible profile's portfolio image is served to its viewers (not only the owner). */
export const publicPortfolioImagePath = (slug: string, itemId: string) =>
  API_PREFIX + fillPath(getPublicPortfolioImage.path, { slug, itemId });

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
  // The profile and its sections in one statement; then the portfolio and the reviews, read by their own features.
  const head = await readProfileSections(db, userId);
  if (!head) return null;
  const { user, profile, languages, skills, education, work, certifications } = head;
  const portfolio = await readPortfolio(db, userId);
  const reviews = await readProfileReviews(db, userId, now);
  return assemblePublicProfile(
    { user, profile, slug, languages, skills, education, work, certifications, portfolio, reviews, today: now },
    asOwner,
  );
}

type ProfileParts = ProfileSections & {
  slug: string;
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
    demo: user.demo,
  };
}

/** The freelancer behind a slug when this caller may see their profile, else null (unknown or hidden). */
async function visibleOwner(db: Db, slug: string, roles: readonly string[] | undefined) {
  if (!SLUG_PATTERN.test(slug)) return null;
  const owner = await findBySlug(db, slug);
  return owner?.roles.includes('freelancer') && canView(owner.visibility, roles) ? owner : null;
}

/** The profile behind a slug when this caller may see it, else null (unknown, hidden, no profile). */
export async function visibleProfile(db: Db, slug: string, roles: readonly string[] | undefined, now: Date = new Date()) {
  const owner = await visibleOwner(db, slug, roles);
  if (!owner) return null;
  const profile = await readPublicProfile(db, owner.userId, owner.slug, false, now);
  if (!profile) return null;
  // Images are shown to whoever may see the profile, through a link that checks it again.
  const portfolio = profile.portfolio.map((p) =>
    p.contentType === 'IMAGE' ? { ...p, fileUrl: publicPortfolioImagePath(owner.slug, p.freelancerPortfolioId) } : p,
  );
  return { ...profile, portfolio, userId: owner.userId };
}

/**
 * A portfolio image of a profile this caller may see, else null (unknown, hidden, not an image).
 * Documents are never served here: only their owner downloads them (/api/files).
 */
export async function visiblePortfolioImage(
  deps: { db: Db; storage: FileStorage },
  slug: string,
  itemId: string,
  roles: readonly string[] | undefined,
) {
  const owner = await visibleOwner(deps.db, slug, roles);
  if (!owner) return null;
  const item = await findPortfolioFile(deps.db, owner.userId, itemId);
  const file = item?.contentType === 'IMAGE' && item.fileId ? await deps.storage.get(item.fileId) : null;
  return file?.mime.startsWith('image/') ? file : null;
}
