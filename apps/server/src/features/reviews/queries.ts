import {
  type CompanyRatings,
  type CompanyReview,
  type FreelancerHire,
  type FreelancerReview,
  type Hire,
  OPERATOR_REVIEWS_MAX,
  type OperatorReview,
  type ProfileReview,
  type ReviewAuthor,
  type ReviewOfCompany,
  type ReviewRatings,
  isRevealed,
  reviewEditableUntil,
  reviewEligibility,
  reviewRevealAt,
} from '@talentloop/contract/api/reviews';
import { and, desc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../infra/db/client.ts';
import { companies, freelancerPrivacy, freelancerProfiles, hires, reviews, users } from '../../infra/db/schema.ts';

// Reads of hires and reviews (issues 22 and 32). A company's reads name the company (the caller's
// own), a freelancer's name the freelancer: another party's row is simply not found. The company's
// name a review shows is the one on its hire (as it was when the freelancer was selected).
// Double-blind (issue 32): a review is shown to the other side and the public only once published
// (rules/review-rules.ts isRevealed: both sides reviewed the hire, or REVIEW_BLIND_DAYS passed), computed
// here from the two reviews' times and `now` (the server's clock); its author always sees it.

export type HireRow = typeof hires.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The company's review and the freelancer's review of one hire. */
const byCompany = alias(reviews, 'company_review');
const byFreelancer = alias(reviews, 'freelancer_review');
/** The other side's review of the same hire as a review row `r`. */
const counterpart = alias(reviews, 'counterpart_review');

/**
 * What the hire's engagements did (issue 34's rule for reviews): approved work in any of them, any
 * ended, and the end of one that ended with approved work (null when none did). Spelled out with the
 * tables' names: drizzle leaves columns unqualified in a one-table query.
 */
export type WorkFlags = { approvedWork: boolean; ended: boolean; endedWithWork: string | null };
const workDone = sql<WorkFlags>`(select json_build_object(
  'approvedWork', coalesce(bool_or("w"."approved"), false),
  'ended', coalesce(bool_or("w"."status" = 'ended'), false),
  'endedWithWork', max(case when "w"."status" = 'ended' and "w"."approved" then "w"."ended_at" end)
) from (select "e"."status", "e"."ended_at",
  (exists (select 1 from "timesheets" "t" where "t"."engagement_id" = "e"."id" and "t"."status" = 'approved')
   or exists (select 1 from "milestones" "m" where "m"."engagement_id" = "e"."id" and "m"."status" = 'approved')) as "approved"
  from "engagements" "e" where "e"."hire_id" = "hires"."id") "w")`;

const flagsOf = (raw: unknown): WorkFlags => {
  const v = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Partial<WorkFlags> | null;
  return { approvedWork: v?.approvedWork === true, ended: v?.ended === true, endedWithWork: v?.endedWithWork ?? null };
};

export function eligibilityOf(work: unknown) {
  return reviewEligibility(flagsOf(work));
}

export function toCompanyReview(r: ReviewRow, otherCreatedAt: Date | null, now: Date): CompanyReview {
  return {
    id: r.id,
    ratings: r.ratings as ReviewRatings,
    overall: r.overall,
    text: r.text,
    reply: r.reply,
    repliedAt: iso(r.repliedAt),
    hidden: r.hiddenAt !== null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    editableUntil: reviewEditableUntil(r.createdAt, otherCreatedAt).toISOString(),
    revealed: isRevealed(r.createdAt, otherCreatedAt, now),
    revealAt: reviewRevealAt(r.createdAt, otherCreatedAt).toISOString(),
    version: r.version,
  };
}

function toReviewOfCompany(r: ReviewRow, otherCreatedAt: Date | null, now: Date): ReviewOfCompany {
  return {
    id: r.id,
    ratings: r.ratings as CompanyRatings,
    overall: r.overall,
    text: r.text,
    hidden: r.hiddenAt !== null,
    createdAt: r.createdAt.toISOString(),
    revealed: isRevealed(r.createdAt, otherCreatedAt, now),
    revealAt: reviewRevealAt(r.createdAt, otherCreatedAt).toISOString(),
  };
}

function toFreelancerReview(r: ReviewRow, h: Pick<HireRow, 'companyName' | 'role'>): FreelancerReview {
  return {
    id: r.id,
    companyName: h.companyName,
    role: h.role,
    ratings: r.ratings as ReviewRatings,
    overall: r.overall,
    text: r.text,
    reply: r.reply,
    repliedAt: iso(r.repliedAt),
    hidden: r.hiddenAt !== null,
    createdAt: r.createdAt.toISOString(),
  };
}

function hireQuery(db: DbOrTx) {
  return db
    .select({
      hire: hires,
      review: byCompany,
      freelancerReview: byFreelancer,
      work: workDone,
      slug: freelancerPrivacy.slug,
      firstName: users.firstName,
      lastName: users.lastName,
      photoUrl: users.profilePhotoUrl,
      occupation: freelancerProfiles.occupation,
    })
    .from(hires)
    .innerJoin(users, eq(users.id, hires.freelancerId))
    .leftJoin(freelancerPrivacy, eq(freelancerPrivacy.userId, hires.freelancerId))
    .leftJoin(freelancerProfiles, eq(freelancerProfiles.userId, hires.freelancerId))
    .leftJoin(byCompany, and(eq(byCompany.hireId, hires.id), eq(byCompany.author, 'company')))
    .leftJoin(byFreelancer, and(eq(byFreelancer.hireId, hires.id), eq(byFreelancer.author, 'freelancer')));
}

type HireJoin = Awaited<ReturnType<ReturnType<typeof hireQuery>['execute']>>[number];

function toHire(row: HireJoin, now: Date): Hire {
  const { hire, review, freelancerReview: theirs } = row;
  const ofCompany = theirs ? toReviewOfCompany(theirs, review?.createdAt ?? null, now) : null;
  return {
    id: hire.id,
    freelancer: { slug: row.slug, firstName: row.firstName, lastName: row.lastName, photoUrl: row.photoUrl, occupation: row.occupation },
    companyName: hire.companyName,
    role: hire.role,
    startedAt: hire.startedAt.toISOString(),
    finishedAt: iso(hire.finishedAt),
    version: hire.version,
    eligibility: eligibilityOf(row.work),
    review: review ? toCompanyReview(review, theirs?.createdAt ?? null, now) : null,
    freelancerReviewed: theirs !== null,
    freelancerReview: ofCompany?.revealed ? ofCompany : null,
  };
}

/** The company's hires, newest first, each with the reviews of it as the company may see them. */
export async function readHires(db: DbOrTx, companyId: string, now: Date): Promise<Hire[]> {
  const rows = await hireQuery(db).where(eq(hires.companyId, companyId)).orderBy(desc(hires.startedAt), desc(hires.id));
  return rows.map((r) => toHire(r, now));
}

/** One hire of the company as the list shows it (after a write). */
export async function readHire(db: DbOrTx, companyId: string, hireId: string, now: Date): Promise<Hire> {
  const [row] = await hireQuery(db).where(and(eq(hires.id, hireId), eq(hires.companyId, companyId)));
  if (!row) throw new Error('hire vanished');
  return toHire(row, now);
}

/** What the hire's engagements did (approved work, ended). */
export async function readWorkDone(db: DbOrTx, hireId: string): Promise<WorkFlags> {
  const [row] = await db.select({ work: workDone }).from(hires).where(eq(hires.id, hireId));
  return flagsOf(row?.work);
}

function freelancerHireQuery(db: DbOrTx) {
  return db
    .select({ hire: hires, review: byFreelancer, companyReview: byCompany, work: workDone })
    .from(hires)
    .leftJoin(byCompany, and(eq(byCompany.hireId, hires.id), eq(byCompany.author, 'company')))
    .leftJoin(byFreelancer, and(eq(byFreelancer.hireId, hires.id), eq(byFreelancer.author, 'freelancer')));
}

type FreelancerHireJoin = Awaited<ReturnType<ReturnType<typeof freelancerHireQuery>['execute']>>[number];

function toFreelancerHire(row: FreelancerHireJoin, now: Date): FreelancerHire {
  const { hire, review, companyReview } = row;
  return {
    id: hire.id,
    companyName: hire.companyName,
    role: hire.role,
    startedAt: hire.startedAt.toISOString(),
    eligibility: eligibilityOf(row.work),
    review: review ? toReviewOfCompany(review, companyReview?.createdAt ?? null, now) : null,
    companyReviewed: companyReview !== null,
  };
}

/** The freelancer's hires, newest first, each with their review of the company. */
export async function readFreelancerHires(db: DbOrTx, freelancerId: string, now: Date): Promise<FreelancerHire[]> {
  const rows = await freelancerHireQuery(db).where(eq(hires.freelancerId, freelancerId)).orderBy(desc(hires.startedAt), desc(hires.id));
  return rows.map((r) => toFreelancerHire(r, now));
}

export async function readFreelancerHire(db: DbOrTx, freelancerId: string, hireId: string, now: Date): Promise<FreelancerHire> {
  const [row] = await freelancerHireQuery(db).where(and(eq(hires.id, hireId), eq(hires.freelancerId, freelancerId)));
  if (!row) throw new Error('hire vanished');
  return toFreelancerHire(row, now);
}

/** Reviews by `author` joined with the other side's review of the same hire (for the reveal). */
function withCounterpart(db: DbOrTx) {
  return db
    .select({ review: reviews, otherCreatedAt: counterpart.createdAt, hire: { companyName: hires.companyName, role: hires.role } })
    .from(reviews)
    .innerJoin(hires, eq(hires.id, reviews.hireId))
    .leftJoin(counterpart, and(eq(counterpart.hireId, reviews.hireId), ne(counterpart.author, reviews.author)));
}

/** The published reviews companies wrote about a freelancer, newest first, hidden ones included (marked). */
export async function readFreelancerReviews(db: DbOrTx, freelancerId: string, now: Date): Promise<FreelancerReview[]> {
  const rows = await withCounterpart(db)
    .where(and(eq(reviews.freelancerId, freelancerId), eq(reviews.author, 'company')))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.filter((r) => isRevealed(r.review.createdAt, r.otherCreatedAt, now)).map((r) => toFreelancerReview(r.review, r.hire));
}

/** One published review about the freelancer as they see it; null when not found or not published. */
export async function readFreelancerReview(
  db: DbOrTx,
  freelancerId: string,
  reviewId: string,
  now: Date,
): Promise<FreelancerReview | null> {
  const all = await readFreelancerReviews(db, freelancerId, now);
  return all.find((r) => r.id === reviewId) ?? null;
}

/** The published, visible reviews on a freelancer's profile, newest first. */
export async function readProfileReviews(db: DbOrTx, freelancerId: string, now: Date): Promise<ProfileReview[]> {
  const rows = await withCounterpart(db)
    .where(and(eq(reviews.freelancerId, freelancerId), eq(reviews.author, 'company'), isNull(reviews.hiddenAt)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows
    .filter((r) => isRevealed(r.review.createdAt, r.otherCreatedAt, now))
    .map(({ review: r, hire }) => ({
      id: r.id,
      companyName: hire.companyName,
      ratings: r.ratings as ReviewRatings,
      overall: r.overall,
      text: r.text,
      createdAt: r.createdAt.toISOString(),
      reply: r.reply,
      repliedAt: iso(r.repliedAt),
    }));
}

/**
 * The next moment after `now` at which one of `freelancerId`'s shown company reviews is revealed
 * (its blind window ends), or null when none waits: how long a drawn public profile stays true.
 */
export async function nextProfileReviewReveal(db: DbOrTx, freelancerId: string, now: Date): Promise<Date | null> {
  const rows = await withCounterpart(db).where(
    and(eq(reviews.freelancerId, freelancerId), eq(reviews.author, 'company'), isNull(reviews.hiddenAt)),
  );
  let next: Date | null = null;
  for (const r of rows) {
    const at = reviewRevealAt(r.review.createdAt, r.otherCreatedAt);
    if (at.getTime() > now.getTime() && (next === null || at.getTime() < next.getTime())) next = at;
  }
  return next;
}

function operatorQuery(db: DbOrTx) {
  return db
    .select({
      review: reviews,
      otherCreatedAt: counterpart.createdAt,
      hire: { companyName: hires.companyName, role: hires.role },
      firstName: users.firstName,
      lastName: users.lastName,
      slug: freelancerPrivacy.slug,
    })
    .from(reviews)
    .innerJoin(hires, eq(hires.id, reviews.hireId))
    .innerJoin(users, eq(users.id, reviews.freelancerId))
    .leftJoin(freelancerPrivacy, eq(freelancerPrivacy.userId, reviews.freelancerId))
    .leftJoin(counterpart, and(eq(counterpart.hireId, reviews.hireId), ne(counterpart.author, reviews.author)));
}

type OperatorJoin = Awaited<ReturnType<ReturnType<typeof operatorQuery>['execute']>>[number];

function toOperatorReview(row: OperatorJoin, now: Date): OperatorReview {
  return {
    ...toFreelancerReview(row.review, row.hire),
    author: row.review.author as ReviewAuthor,
    ratings: row.review.ratings,
    revealed: isRevealed(row.review.createdAt, row.otherCreatedAt, now),
    freelancerName: `${row.firstName} ${row.lastName}`.trim(),
    freelancerSlug: row.slug,
    hiddenAt: iso(row.review.hiddenAt),
    hiddenReason: row.review.hiddenReason,
  };
}

/** Every review (both sides), newest first, at most OPERATOR_REVIEWS_MAX. */
export async function readOperatorReviews(db: DbOrTx, now: Date): Promise<OperatorReview[]> {
  const rows = await operatorQuery(db).orderBy(desc(reviews.createdAt), desc(reviews.id)).limit(OPERATOR_REVIEWS_MAX);
  return rows.map((r) => toOperatorReview(r, now));
}

export async function readOperatorReview(db: DbOrTx, reviewId: string, now: Date): Promise<OperatorReview> {
  const [row] = await operatorQuery(db).where(eq(reviews.id, reviewId));
  if (!row) throw new Error('review vanished');
  return toOperatorReview(row, now);
}

/** The other side's review of the same hire, if any. */
export async function readCounterpart(db: DbOrTx, r: Pick<ReviewRow, 'hireId' | 'author'>): Promise<ReviewRow | null> {
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.hireId, r.hireId), ne(reviews.author, r.author)));
  return row ?? null;
}

// ---- the service's statements (service.ts) ----

/** The company of its owner (null: none yet). */
export async function companyOfOwner(db: DbOrTx, ownerUserId: string): Promise<{ id: string } | null> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.ownerUserId, ownerUserId));
  return row ?? null;
}

export async function companyOwnerOf(db: DbOrTx, companyId: string): Promise<{ ownerUserId: string } | null> {
  const [owner] = await db.select({ ownerUserId: companies.ownerUserId }).from(companies).where(eq(companies.id, companyId));
  return owner ?? null;
}

/** The company's hire, locked for the transaction (null: not this company's). */
export async function lockCompanyHire(tx: DbOrTx, companyId: string, hireId: string): Promise<HireRow | null> {
  const [hire] = await tx
    .select()
    .from(hires)
    .where(and(eq(hires.id, hireId), eq(hires.companyId, companyId)))
    .for('update');
  return hire ?? null;
}

/** The freelancer's own hire, locked for the transaction (null: not theirs). */
export async function lockFreelancerHire(tx: DbOrTx, freelancerId: string, hireId: string): Promise<HireRow | null> {
  const [hire] = await tx
    .select()
    .from(hires)
    .where(and(eq(hires.id, hireId), eq(hires.freelancerId, freelancerId)))
    .for('update');
  return hire ?? null;
}

export type ReviewOwner = { companyId?: string; freelancerId?: string; author?: ReviewAuthor };

/** A review, only if it belongs to `owner` (each given field must match). */
export async function findReview(db: DbOrTx, reviewId: string, owner: ReviewOwner): Promise<ReviewRow | null> {
  const [row] = await db
    .select()
    .from(reviews)
    .where(
      and(
        eq(reviews.id, reviewId),
        owner.companyId ? eq(reviews.companyId, owner.companyId) : undefined,
        owner.freelancerId ? eq(reviews.freelancerId, owner.freelancerId) : undefined,
        owner.author ? eq(reviews.author, owner.author) : undefined,
      ),
    );
  return row ?? null;
}

/** The party's address when it may be mailed: not a demo account, a proven address. */
export async function mailableParty(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, demo: users.demo, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row && !row.demo && row.verifiedAt ? row : null;
}

/** Claims the "you were reviewed" notice of the reviews not yet claimed: those rows. */
export async function claimRevealNotices(tx: DbOrTx, ids: string[], now: Date): Promise<ReviewRow[]> {
  return tx
    .update(reviews)
    .set({ revealMailedAt: now })
    .where(and(inArray(reviews.id, ids), isNull(reviews.revealMailedAt)))
    .returning();
}

/** One side's review of a hire; null when that side's review is already there. */
export async function insertReview(tx: DbOrTx, values: typeof reviews.$inferInsert): Promise<ReviewRow | null> {
  const [made] = await tx
    .insert(reviews)
    .values(values)
    .onConflictDoNothing({ target: [reviews.hireId, reviews.author] })
    .returning();
  return made ?? null;
}

/** Saves a review's ratings and text from `version` (not hidden): false when it moved on. */
export async function updateReviewBody(
  tx: DbOrTx,
  reviewId: string,
  version: number,
  set: Pick<typeof reviews.$inferInsert, 'ratings' | 'overall' | 'text'>,
  now: Date,
): Promise<boolean> {
  const [saved] = await tx
    .update(reviews)
    .set({ ...set, version: sql`${reviews.version} + 1`, updatedAt: now })
    .where(and(eq(reviews.id, reviewId), eq(reviews.version, version), isNull(reviews.hiddenAt)))
    .returning({ id: reviews.id });
  return saved !== undefined;
}

/** The freelancer's one reply: false when there already is one. */
export async function saveReply(tx: DbOrTx, reviewId: string, text: string, now: Date): Promise<boolean> {
  const [saved] = await tx
    .update(reviews)
    .set({ reply: text, repliedAt: now })
    .where(and(eq(reviews.id, reviewId), isNull(reviews.reply)))
    .returning({ id: reviews.id });
  return saved !== undefined;
}

/** Hides a shown review: false when it was hidden already. */
export async function hideReview(tx: DbOrTx, reviewId: string, reason: string, now: Date): Promise<boolean> {
  const [hidden] = await tx
    .update(reviews)
    .set({ hiddenAt: now, hiddenReason: reason, version: sql`${reviews.version} + 1` })
    .where(and(eq(reviews.id, reviewId), isNull(reviews.hiddenAt)))
    .returning({ id: reviews.id });
  return hidden !== undefined;
}

/** Shows a hidden review again: the row, or null when it was not hidden. */
export async function restoreReview(tx: DbOrTx, reviewId: string): Promise<ReviewRow | null> {
  const [restored] = await tx
    .update(reviews)
    .set({ hiddenAt: null, hiddenReason: null, version: sql`${reviews.version} + 1` })
    .where(and(eq(reviews.id, reviewId), sql`${reviews.hiddenAt} IS NOT NULL`))
    .returning();
  return restored ?? null;
}

/** Up to `batch` reviews written before `cutoff` whose notice is not claimed, oldest first, locked (SKIP LOCKED). */
export async function lockDueReviews(tx: DbOrTx, cutoff: Date, batch: number): Promise<{ id: string }[]> {
  return tx
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(isNull(reviews.revealMailedAt), lte(reviews.createdAt, cutoff)))
    .orderBy(reviews.createdAt)
    .limit(batch)
    .for('update', { skipLocked: true });
}
