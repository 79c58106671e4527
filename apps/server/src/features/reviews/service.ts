import { paths } from '@talentloop/contract';
import {
  type CompanyRatings,
  type FreelancerHire,
  type FreelancerReview,
  type Hire,
  type OperatorReview,
  type ProfileReview,
  REVIEW_BLIND_DAYS,
  type ReviewAuthor,
  type ReviewRatings,
  overallOf,
  ratingOf,
  reviewEditableUntil,
} from '@talentloop/contract/api/reviews';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db, DbOrTx } from '../../infra/db/client.ts';
import { enqueueMail } from '../../infra/mail/outbox.ts';
import { type AuditActor, recordAudit } from '../audit/audit.ts';
import { type ReviewNotice, reviewHiddenMail, reviewPublishedMail, reviewRestoredMail } from './mails.ts';
import {
  type HireRow,
  type ReviewOwner,
  type ReviewRow,
  claimRevealNotices,
  companyOfOwner,
  companyOwnerOf,
  eligibilityOf,
  findReview,
  hideReview,
  insertReview,
  lockCompanyHire,
  lockDueReviews,
  lockFreelancerHire,
  mailableParty,
  readCounterpart,
  readFreelancerHire,
  readFreelancerHires,
  readFreelancerReview,
  readFreelancerReviews,
  readHire,
  readHires,
  readWorkDone,
  readOperatorReview,
  readOperatorReviews,
  readProfileReviews as readProfileReviewRows,
  nextProfileReviewReveal,
  restoreReview,
  saveReply,
  updateReviewBody,
} from './queries.ts';

// Hires and reviews (issues 22 and 32). A hire is made by the shortlist move to Selected (hires.ts).
// Reviews only from real work (issues 32, 34, 35): a hire is finished when one of its engagements
// ends (engagements' endEngagement) and reviewed only once one has ended with approved work (409
// TL_CORE_15049_E before). Then the company reviews the freelancer and the freelancer reviews the company, once per hire and side
// (unique (hire_id, author): a second review, even at the same moment, is 409). Double-blind: a
// review is shown to the other side only when both are in or REVIEW_BLIND_DAYS after it was
// written (queries.ts, on read); its author may edit it until then. When a review is published its
// subject is mailed once (reveal_mailed_at claimed by a conditional write): at the second review in
// the same transaction, or by the sweep (publishDueReviews) once the blind days passed. The
// freelancer replies once to a published review. An operator hides or restores a review with a
// reason: one conditional write, its audit entry and the two notices in the same transaction. Every
// id is checked against the caller: another party's row, or an id that is not a UUID, is 404.

/** A freelancer's revealed, shown reviews by companies, newest first: what their public profile lists (issue 22). */
export function readProfileReviews(db: DbOrTx, freelancerId: string, now: Date): Promise<ProfileReview[]> {
  return readProfileReviewRows(db, freelancerId, now);
}

/** When the next of those reviews is revealed (after `now`), or null: a public page drawn now holds until then. */
export function nextReviewReveal(db: DbOrTx, freelancerId: string, now: Date): Promise<Date | null> {
  return nextProfileReviewReveal(db, freelancerId, now);
}

type Deps = { db: Db; clock: Clock; config: Pick<Config, 'publicUrl'> };

export function createReviewService({ db, clock, config }: Deps) {
  const hiresUrl = `${config.publicUrl}${paths.company.projects}`;
  // The freelancer reads, answers and writes reviews on their profile page (my-reviews.tsx, my-hires.tsx).
  const reviewsUrl = `${config.publicUrl}${paths.freelancer.viewProfile}`;

  /** The caller's company's hire, locked for this transaction; 404 for anyone else's. */
  async function ownHire(tx: DbOrTx, userId: string, hireId: string): Promise<HireRow> {
    const company = await companyOfOwner(tx, userId);
    const hire = company ? await lockCompanyHire(tx, company.id, hireId) : null;
    if (!hire) throw new AppError('TL_CORE_15040_E');
    return hire;
  }

  /** The caller's own hire as the selected freelancer, locked; 404 for anyone else's. */
  async function freelancersHire(tx: DbOrTx, userId: string, hireId: string): Promise<HireRow> {
    const hire = await lockFreelancerHire(tx, userId, hireId);
    if (!hire) throw new AppError('TL_CORE_15040_E');
    return hire;
  }

  /** 409 TL_CORE_15049_E unless the hire can be reviewed now (an engagement of it ended with approved work). */
  async function requireEligible(tx: DbOrTx, hire: HireRow) {
    if (!eligibilityOf(await readWorkDone(tx, hire.id)).eligible) throw new AppError('TL_CORE_15049_E');
  }

  async function review(tx: DbOrTx, reviewId: string, owner: ReviewOwner) {
    const row = await findReview(tx, reviewId, owner);
    if (!row) throw new AppError('TL_CORE_15044_E');
    return row;
  }

  /** The names on a review and who may be told: the freelancer and the company's owner. */
  async function partiesOf(tx: DbOrTx, row: ReviewRow, now: Date) {
    const shown = await readOperatorReview(tx, row.id, now);
    const owner = await companyOwnerOf(tx, row.companyId);
    const author = row.author as ReviewAuthor;
    const freelancer = { userId: row.freelancerId, url: reviewsUrl };
    const company = owner ? { userId: owner.ownerUserId, url: hiresUrl } : null;
    return {
      shown,
      names: { author, companyName: shown.companyName, freelancerName: shown.freelancerName },
      subject: author === 'company' ? freelancer : company,
      writer: author === 'company' ? company : freelancer,
    };
  }

  /** Both parties' notices of an operator's decision (uncapped: an operator decision, once per review). */
  async function tellBoth(tx: DbOrTx, row: ReviewRow, now: Date, make: (n: ReviewNotice) => ReturnType<typeof reviewHiddenMail>) {
    const p = await partiesOf(tx, row, now);
    const targets = [
      p.subject ? { ...p.subject, recipient: 'subject' as const } : null,
      p.writer ? { ...p.writer, recipient: 'author' as const } : null,
    ];
    for (const t of targets) {
      if (!t) continue;
      const to = await mailableParty(tx, t.userId);
      if (to) await enqueueMail(tx, make({ ...p.names, to: to.email, firstName: to.firstName, recipient: t.recipient, url: t.url }), now);
    }
    return p.shown;
  }

  /**
   * Claims the "you were reviewed" notice of each published review once (reveal_mailed_at) and
   * queues it to the review's subject; a hidden review is claimed without a mail. Bounded: one per
   * hire and side, and a hire needs an engagement that ended with approved work.
   */
  async function mailPublished(tx: DbOrTx, ids: string[], now: Date): Promise<number> {
    if (ids.length === 0) return 0;
    const claimed = await claimRevealNotices(tx, ids, now);
    let queued = 0;
    for (const row of claimed) {
      if (row.hiddenAt) continue;
      const p = await partiesOf(tx, row, now);
      const to = p.subject ? await mailableParty(tx, p.subject.userId) : null;
      if (!p.subject || !to) continue;
      await enqueueMail(tx, reviewPublishedMail({ ...p.names, to: to.email, firstName: to.firstName, url: p.subject.url }), now);
      queued += 1;
    }
    return queued;
  }

  /** Writes one side's review of a hire; when the other side's is already in, both are published now. */
  async function write(
    tx: DbOrTx,
    hire: HireRow,
    author: ReviewAuthor,
    body: { ratings: ReviewRatings | CompanyRatings; text: string },
    now: Date,
  ) {
    const made = await insertReview(tx, {
      hireId: hire.id,
      companyId: hire.companyId,
      freelancerId: hire.freelancerId,
      author,
      ratings: body.ratings,
      overall: overallOf(body.ratings),
      text: body.text,
      createdAt: now,
      updatedAt: now,
    });
    if (!made) throw new AppError('TL_CORE_15043_E');
    const other = await readCounterpart(tx, made);
    if (other) await mailPublished(tx, [made.id, other.id], now);
  }

  return {
    async listHires(userId: string): Promise<Hire[]> {
      const company = await companyOfOwner(db, userId);
      return company ? readHires(db, company.id, clock.now()) : [];
    },

    async create(userId: string, hireId: string, body: { ratings: ReviewRatings; text: string }): Promise<Hire> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const hire = await ownHire(tx, userId, hireId);
        if (!hire.finishedAt) throw new AppError('TL_CORE_15042_E');
        await requireEligible(tx, hire);
        await write(tx, hire, 'company', body, now);
        return readHire(tx, hire.companyId, hire.id, now);
      });
    },

    async update(userId: string, reviewId: string, body: { ratings: ReviewRatings; text: string; version: number }): Promise<Hire> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const company = await companyOfOwner(tx, userId);
        if (!company) throw new AppError('TL_CORE_15044_E');
        const row = await review(tx, reviewId, { companyId: company.id, author: 'company' });
        if (row.hiddenAt) throw new AppError('TL_CORE_15048_E');
        const other = await readCounterpart(tx, row);
        if (now.getTime() > reviewEditableUntil(row.createdAt, other?.createdAt ?? null).getTime()) throw new AppError('TL_CORE_15045_E');
        const saved = await updateReviewBody(
          tx,
          row.id,
          body.version,
          { ratings: body.ratings, overall: overallOf(body.ratings), text: body.text },
          now,
        );
        if (!saved) throw new AppError('TL_CORE_10110_E');
        return readHire(tx, company.id, row.hireId, now);
      });
    },

    listFreelancerHires: (userId: string): Promise<FreelancerHire[]> => readFreelancerHires(db, userId, clock.now()),

    async reviewCompany(userId: string, hireId: string, body: { ratings: CompanyRatings; text: string }): Promise<FreelancerHire> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const hire = await freelancersHire(tx, userId, hireId);
        await requireEligible(tx, hire);
        await write(tx, hire, 'freelancer', body, now);
        return readFreelancerHire(tx, userId, hire.id, now);
      });
    },

    async listMine(userId: string) {
      const list = await readFreelancerReviews(db, userId, clock.now());
      return { rating: ratingOf(list), reviews: list };
    },

    async reply(userId: string, reviewId: string, text: string): Promise<FreelancerReview> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const row = await review(tx, reviewId, { freelancerId: userId, author: 'company' });
        // Not published yet: the freelancer cannot see it, so it is not found.
        if (!(await readFreelancerReview(tx, userId, row.id, now))) throw new AppError('TL_CORE_15044_E');
        if (row.reply !== null) throw new AppError('TL_CORE_15046_E');
        const saved = await saveReply(tx, row.id, text, now);
        if (!saved) throw new AppError('TL_CORE_15046_E');
        const shown = await readFreelancerReview(tx, userId, row.id, now);
        if (!shown) throw new Error('review vanished');
        return shown;
      });
    },

    listForOperators: (): Promise<OperatorReview[]> => readOperatorReviews(db, clock.now()),

    async hide(operator: AuditActor, reviewId: string, reason: string): Promise<OperatorReview> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const row: ReviewRow = await review(tx, reviewId, {});
        if (row.hiddenAt) throw new AppError('TL_CORE_15047_E');
        const hidden = await hideReview(tx, row.id, reason, now);
        if (!hidden) throw new AppError('TL_CORE_15047_E');
        const shown = await tellBoth(tx, row, now, (n) => reviewHiddenMail({ ...n, reason }));
        await recordAudit(
          tx,
          operator,
          {
            action: 'review.hide',
            targetType: 'review',
            targetId: row.id,
            targetLabel: labelOf(shown),
            before: { hidden: false },
            after: { hidden: true },
            reason,
          },
          now,
        );
        return shown;
      });
    },

    async restore(operator: AuditActor, reviewId: string, reason: string): Promise<OperatorReview> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const row: ReviewRow = await review(tx, reviewId, {});
        if (!row.hiddenAt) throw new AppError('TL_CORE_15050_E');
        const restored = await restoreReview(tx, row.id);
        if (!restored) throw new AppError('TL_CORE_15050_E');
        const revealed = (await readOperatorReview(tx, row.id, now)).revealed;
        const shown = await tellBoth(tx, restored, now, (n) => reviewRestoredMail({ ...n, reason, revealed }));
        await recordAudit(
          tx,
          operator,
          {
            action: 'review.restore',
            targetType: 'review',
            targetId: row.id,
            targetLabel: labelOf(shown),
            before: { hidden: true, hiddenReason: row.hiddenReason },
            after: { hidden: false },
            reason,
          },
          now,
        );
        return shown;
      });
    },

    /**
     * The sweep: reviews whose blind days passed without the other side's review are published by
     * the clock alone; their subjects are told once. A small batch per call, rows claimed with SKIP
     * LOCKED so any number of instances can run it. The number of mails queued.
     */
    async publishDueReviews(batch = 50): Promise<number> {
      const now = clock.now();
      const cutoff = new Date(now.getTime() - REVIEW_BLIND_DAYS * 24 * 60 * 60 * 1000);
      return db.transaction(async (tx) => {
        const due = await lockDueReviews(tx, cutoff, batch);
        return mailPublished(
          tx,
          due.map((d) => d.id),
          now,
        );
      });
    },
  };
}

const labelOf = (r: OperatorReview) =>
  r.author === 'company' ? `${r.companyName} on ${r.freelancerName}` : `${r.freelancerName} on ${r.companyName}`;
