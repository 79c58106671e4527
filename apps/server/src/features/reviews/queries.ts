import {
  type CompanyReview,
  type FreelancerReview,
  type Hire,
  OPERATOR_REVIEWS_MAX,
  type OperatorReview,
  type ProfileReview,
  type ReviewRatings,
  reviewEditableUntil,
} from '@talentloop/contract/api/reviews';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../infra/db/client.ts';
import { freelancerPrivacy, freelancerProfiles, hires, reviews, users } from '../../infra/db/schema.ts';

// Reads of hires and reviews (issue 22). A company's reads name the company (the caller's own), a
// freelancer's name the freelancer: another party's row is simply not found. The company's name a
// review shows is the one on its hire (as it was when the freelancer was selected).

type Reader = Pick<Db, 'select'>;
export type HireRow = typeof hires.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const ratingsOf = (r: ReviewRow) => r.ratings as ReviewRatings;

export function toCompanyReview(r: ReviewRow): CompanyReview {
  return {
    id: r.id,
    ratings: ratingsOf(r),
    overall: r.overall,
    text: r.text,
    reply: r.reply,
    repliedAt: iso(r.repliedAt),
    hidden: r.hiddenAt !== null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    editableUntil: reviewEditableUntil(r.createdAt).toISOString(),
    version: r.version,
  };
}

function toFreelancerReview(r: ReviewRow, h: Pick<HireRow, 'companyName' | 'role'>): FreelancerReview {
  return {
    id: r.id,
    companyName: h.companyName,
    role: h.role,
    ratings: ratingsOf(r),
    overall: r.overall,
    text: r.text,
    reply: r.reply,
    repliedAt: iso(r.repliedAt),
    hidden: r.hiddenAt !== null,
    createdAt: r.createdAt.toISOString(),
  };
}

const hireColumns = {
  hire: hires,
  review: reviews,
  slug: freelancerPrivacy.slug,
  firstName: users.firstName,
  lastName: users.lastName,
  photoUrl: users.profilePhotoUrl,
  occupation: freelancerProfiles.occupation,
};

function hireQuery(db: Reader) {
  return db
    .select(hireColumns)
    .from(hires)
    .innerJoin(users, eq(users.id, hires.freelancerId))
    .leftJoin(freelancerPrivacy, eq(freelancerPrivacy.userId, hires.freelancerId))
    .leftJoin(freelancerProfiles, eq(freelancerProfiles.userId, hires.freelancerId))
    .leftJoin(reviews, eq(reviews.hireId, hires.id));
}

type HireJoin = {
  hire: HireRow;
  review: ReviewRow | null;
  slug: string | null;
  firstName: string;
  lastName: string;
  photoUrl: string | null;
  occupation: string | null;
};

function toHire(row: HireJoin): Hire {
  const { hire } = row;
  return {
    id: hire.id,
    freelancer: { slug: row.slug, firstName: row.firstName, lastName: row.lastName, photoUrl: row.photoUrl, occupation: row.occupation },
    companyName: hire.companyName,
    role: hire.role,
    startedAt: hire.startedAt.toISOString(),
    finishedAt: iso(hire.finishedAt),
    version: hire.version,
    review: row.review ? toCompanyReview(row.review) : null,
  };
}

/** The company's hires, newest first, each with its review. */
export async function readHires(db: Reader, companyId: string): Promise<Hire[]> {
  const rows = await hireQuery(db).where(eq(hires.companyId, companyId)).orderBy(desc(hires.startedAt), desc(hires.id));
  return rows.map(toHire);
}

/** One hire of the company as the list shows it (after a write). */
export async function readHire(db: Reader, companyId: string, hireId: string): Promise<Hire> {
  const [row] = await hireQuery(db).where(and(eq(hires.id, hireId), eq(hires.companyId, companyId)));
  if (!row) throw new Error('hire vanished');
  return toHire(row);
}

/** The reviews about a freelancer, newest first, hidden ones included (marked). */
export async function readFreelancerReviews(db: Reader, freelancerId: string): Promise<FreelancerReview[]> {
  const rows = await db
    .select({ review: reviews, hire: { companyName: hires.companyName, role: hires.role } })
    .from(reviews)
    .innerJoin(hires, eq(hires.id, reviews.hireId))
    .where(eq(reviews.freelancerId, freelancerId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map((r) => toFreelancerReview(r.review, r.hire));
}

/** One review about the freelancer as they see it. */
export async function readFreelancerReview(db: Reader, freelancerId: string, reviewId: string): Promise<FreelancerReview> {
  const all = await readFreelancerReviews(db, freelancerId);
  const found = all.find((r) => r.id === reviewId);
  if (!found) throw new Error('review vanished');
  return found;
}

/** The visible reviews on a freelancer's profile, newest first. */
export async function readProfileReviews(db: Reader, freelancerId: string): Promise<ProfileReview[]> {
  const rows = await db
    .select({ review: reviews, companyName: hires.companyName })
    .from(reviews)
    .innerJoin(hires, eq(hires.id, reviews.hireId))
    .where(and(eq(reviews.freelancerId, freelancerId), isNull(reviews.hiddenAt)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map(({ review: r, companyName }) => ({
    id: r.id,
    companyName,
    ratings: ratingsOf(r),
    overall: r.overall,
    text: r.text,
    createdAt: r.createdAt.toISOString(),
    reply: r.reply,
    repliedAt: iso(r.repliedAt),
  }));
}

function operatorQuery(db: Reader) {
  return db
    .select({
      review: reviews,
      hire: { companyName: hires.companyName, role: hires.role },
      firstName: users.firstName,
      lastName: users.lastName,
      slug: freelancerPrivacy.slug,
    })
    .from(reviews)
    .innerJoin(hires, eq(hires.id, reviews.hireId))
    .innerJoin(users, eq(users.id, reviews.freelancerId))
    .leftJoin(freelancerPrivacy, eq(freelancerPrivacy.userId, reviews.freelancerId));
}

type OperatorJoin = Awaited<ReturnType<ReturnType<typeof operatorQuery>['execute']>>[number];

function toOperatorReview(row: OperatorJoin): OperatorReview {
  return {
    ...toFreelancerReview(row.review, row.hire),
    freelancerName: `${row.firstName} ${row.lastName}`.trim(),
    freelancerSlug: row.slug,
    hiddenAt: iso(row.review.hiddenAt),
    hiddenReason: row.review.hiddenReason,
  };
}

/** Every review, newest first, at most OPERATOR_REVIEWS_MAX. */
export async function readOperatorReviews(db: Reader): Promise<OperatorReview[]> {
  const rows = await operatorQuery(db).orderBy(desc(reviews.createdAt), desc(reviews.id)).limit(OPERATOR_REVIEWS_MAX);
  return rows.map(toOperatorReview);
}

export async function readOperatorReview(db: Reader, reviewId: string): Promise<OperatorReview> {
  const [row] = await operatorQuery(db).where(eq(reviews.id, reviewId));
  if (!row) throw new Error('review vanished');
  return toOperatorReview(row);
}
