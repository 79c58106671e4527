import { paths } from '@talentloop/contract';
import {
  type FreelancerReview,
  type Hire,
  type OperatorReview,
  type ReviewRatings,
  overallOf,
  ratingOf,
  reviewEditableUntil,
} from '@talentloop/contract/api/reviews';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db, Tx } from '../../infra/db/client.ts';
import { companies, hires, reviews, users } from '../../infra/db/schema.ts';
import { enqueueMail } from '../../infra/mail/outbox.ts';
import { type AuditActor, recordAudit } from '../audit/audit.ts';
import { uuidOrNull } from '@talentloop/contract/validation/ids';
import { reviewHiddenMail } from './mails.ts';
import {
  type HireRow,
  type ReviewRow,
  readFreelancerReview,
  readFreelancerReviews,
  readHire,
  readHires,
  readOperatorReview,
  readOperatorReviews,
} from './queries.ts';

// Hires and reviews (issue 22). A hire is made by the shortlist move to Selected (hires.ts). The
// company that made it marks it finished, then may review it once (unique hire_id: a second
// review, even at the same moment, is 409) and edit the review for REVIEW_EDIT_DAYS after writing
// it. The freelancer replies once (one conditional write: WHERE reply IS NULL). An operator hides a
// review with a reason: one conditional write, its audit entry and the two notices in the same
// transaction. Every id is checked against the caller: another company's or freelancer's row, or
// an id that is not a UUID, is 404. Every save is one conditional write on the version it was
// loaded at (stale: 409 TL_CORE_10110_E), so nothing is half done.

type Deps = { db: Db; clock: Clock; config: Pick<Config, 'publicUrl'> };

export function createReviewService({ db, clock, config }: Deps) {
  const hiresUrl = `${config.publicUrl}${paths.company.projects}`;
  const reviewsUrl = `${config.publicUrl}${paths.freelancer.dashboard}`;

  async function companyOf(reader: Pick<Db, 'select'>, ownerUserId: string) {
    const [row] = await reader.select({ id: companies.id }).from(companies).where(eq(companies.ownerUserId, ownerUserId));
    return row ?? null;
  }

  /** The caller's company's hire, locked for this transaction; 404 for anyone else's. */
  async function ownHire(tx: Tx, userId: string, hireId: unknown): Promise<HireRow> {
    const company = await companyOf(tx, userId);
    const id = uuidOrNull(hireId);
    const [hire] =
      company && id
        ? await tx
            .select()
            .from(hires)
            .where(and(eq(hires.id, id), eq(hires.companyId, company.id)))
            .for('update')
        : [];
    if (!hire) throw new AppError('TL_CORE_15040_E');
    return hire;
  }

  async function review(tx: Pick<Db, 'select'>, reviewId: unknown, owner: { companyId?: string; freelancerId?: string }) {
    const id = uuidOrNull(reviewId);
    if (!id) throw new AppError('TL_CORE_15044_E');
    const [row] = await tx
      .select()
      .from(reviews)
      .where(
        and(
          eq(reviews.id, id),
          owner.companyId ? eq(reviews.companyId, owner.companyId) : undefined,
          owner.freelancerId ? eq(reviews.freelancerId, owner.freelancerId) : undefined,
        ),
      );
    if (!row) throw new AppError('TL_CORE_15044_E');
    return row;
  }

  /** The party's address when it may be mailed: not a demo account, a proven address. */
  async function mailable(tx: Pick<Db, 'select'>, userId: string) {
    const [row] = await tx
      .select({ email: users.email, firstName: users.firstName, demo: users.demo, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId));
    return row && !row.demo && row.verifiedAt ? row : null;
  }

  return {
    async listHires(userId: string): Promise<Hire[]> {
      const company = await companyOf(db, userId);
      return company ? readHires(db, company.id) : [];
    },

    async finish(userId: string, hireId: unknown, version: number): Promise<Hire> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const hire = await ownHire(tx, userId, hireId);
        if (hire.finishedAt) throw new AppError('TL_CORE_15041_E');
        const [done] = await tx
          .update(hires)
          .set({ finishedAt: now, version: sql`${hires.version} + 1` })
          .where(and(eq(hires.id, hire.id), eq(hires.version, version), isNull(hires.finishedAt)))
          .returning({ id: hires.id });
        if (!done) throw new AppError('TL_CORE_10110_E');
        return readHire(tx, hire.companyId, hire.id);
      });
    },

    async create(userId: string, hireId: unknown, body: { ratings: ReviewRatings; text: string }): Promise<Hire> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const hire = await ownHire(tx, userId, hireId);
        if (!hire.finishedAt) throw new AppError('TL_CORE_15042_E');
        const [made] = await tx
          .insert(reviews)
          .values({
            hireId: hire.id,
            companyId: hire.companyId,
            freelancerId: hire.freelancerId,
            ratings: body.ratings,
            overall: overallOf(body.ratings),
            text: body.text,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: reviews.hireId })
          .returning({ id: reviews.id });
        if (!made) throw new AppError('TL_CORE_15043_E');
        return readHire(tx, hire.companyId, hire.id);
      });
    },

    async update(userId: string, reviewId: unknown, body: { ratings: ReviewRatings; text: string; version: number }): Promise<Hire> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const company = await companyOf(tx, userId);
        if (!company) throw new AppError('TL_CORE_15044_E');
        const row = await review(tx, reviewId, { companyId: company.id });
        if (row.hiddenAt) throw new AppError('TL_CORE_15048_E');
        if (now.getTime() > reviewEditableUntil(row.createdAt).getTime()) throw new AppError('TL_CORE_15045_E');
        const [saved] = await tx
          .update(reviews)
          .set({
            ratings: body.ratings,
            overall: overallOf(body.ratings),
            text: body.text,
            version: sql`${reviews.version} + 1`,
            updatedAt: now,
          })
          .where(and(eq(reviews.id, row.id), eq(reviews.version, body.version), isNull(reviews.hiddenAt)))
          .returning({ id: reviews.id });
        if (!saved) throw new AppError('TL_CORE_10110_E');
        return readHire(tx, company.id, row.hireId);
      });
    },

    async listMine(userId: string) {
      const list = await readFreelancerReviews(db, userId);
      return { rating: ratingOf(list), reviews: list };
    },

    async reply(userId: string, reviewId: unknown, text: string): Promise<FreelancerReview> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const row = await review(tx, reviewId, { freelancerId: userId });
        if (row.reply !== null) throw new AppError('TL_CORE_15046_E');
        const [saved] = await tx
          .update(reviews)
          .set({ reply: text, repliedAt: now })
          .where(and(eq(reviews.id, row.id), isNull(reviews.reply)))
          .returning({ id: reviews.id });
        if (!saved) throw new AppError('TL_CORE_15046_E');
        return readFreelancerReview(tx, userId, row.id);
      });
    },

    listForOperators: (): Promise<OperatorReview[]> => readOperatorReviews(db),

    async hide(operator: AuditActor, reviewId: unknown, reason: string): Promise<OperatorReview> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const row: ReviewRow = await review(tx, reviewId, {});
        if (row.hiddenAt) throw new AppError('TL_CORE_15047_E');
        const [hidden] = await tx
          .update(reviews)
          .set({ hiddenAt: now, hiddenReason: reason, version: sql`${reviews.version} + 1` })
          .where(and(eq(reviews.id, row.id), isNull(reviews.hiddenAt)))
          .returning({ id: reviews.id });
        if (!hidden) throw new AppError('TL_CORE_15047_E');
        const shown = await readOperatorReview(tx, row.id);
        await recordAudit(
          tx,
          operator,
          {
            action: 'review.hide',
            targetType: 'review',
            targetId: row.id,
            targetLabel: `${shown.companyName} on ${shown.freelancerName}`,
            before: { hidden: false },
            after: { hidden: true },
            reason,
          },
          now,
        );
        // An operator's decision, once per review: not capped (as the vetting outcome).
        const [owner] = await tx.select({ ownerUserId: companies.ownerUserId }).from(companies).where(eq(companies.id, row.companyId));
        const notices = [
          { side: 'freelancer' as const, userId: row.freelancerId, url: reviewsUrl },
          ...(owner ? [{ side: 'company' as const, userId: owner.ownerUserId, url: hiresUrl }] : []),
        ];
        for (const n of notices) {
          const to = await mailable(tx, n.userId);
          if (!to) continue;
          const mail = reviewHiddenMail({
            to: to.email,
            firstName: to.firstName,
            side: n.side,
            companyName: shown.companyName,
            freelancerName: shown.freelancerName,
            reason,
            url: n.url,
          });
          await enqueueMail(tx, mail, now);
        }
        return shown;
      });
    },
  };
}
