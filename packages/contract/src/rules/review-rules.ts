// Reviews only from real work (issues 32 and 34). A hire can be reviewed (by either side, once each)
// when one of its engagements has ended with approved work (a week or a milestone approved). The
// company ends an engagement once all its work is approved (issue 34). Reviews are double-blind: a
// review stays hidden from the other side and the public until both sides have reviewed the hire,
// or REVIEW_BLIND_DAYS after it was written, whichever is first. Everything here is computed from
// stored rows and the server's clock: no job has to run for a review to be revealed.

/** Days a review waits for the other side's before it is shown anyway. */
export const REVIEW_BLIND_DAYS = 14;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Who wrote a review: the company (about the freelancer) or the freelancer (about the company). */
export const REVIEW_AUTHORS = ['company', 'freelancer'] as const;
export type ReviewAuthor = (typeof REVIEW_AUTHORS)[number];

/** What a hire still waits for before it can be reviewed: approved work in an engagement, and its end. */
export const REVIEW_WAITS = ['approved_work', 'engagement_ended'] as const;
export type ReviewWait = (typeof REVIEW_WAITS)[number];

export type ReviewEligibility = {
  eligible: boolean;
  /** Empty when eligible. */
  waitingFor: ReviewWait[];
  /** When the engagement with approved work ended (ISO), null before. */
  from: string | null;
};

/**
 * Whether a hire can be reviewed: `endedWithWork` is the end of an engagement of the hire that has
 * approved work (null when none has ended so); `approvedWork` and `ended` say what exists at all.
 */
export function reviewEligibility(input: {
  approvedWork: boolean;
  ended: boolean;
  endedWithWork: Date | string | null;
}): ReviewEligibility {
  if (input.endedWithWork !== null) return { eligible: true, waitingFor: [], from: new Date(input.endedWithWork).toISOString() };
  const waitingFor: ReviewWait[] = [];
  if (!input.approvedWork) waitingFor.push('approved_work');
  if (!input.ended || input.approvedWork) waitingFor.push('engagement_ended');
  return { eligible: false, waitingFor, from: null };
}

/** Why a hire cannot be reviewed yet, in a sentence for `side`; null when it can. */
export function reviewWaitMessage(e: ReviewEligibility, side: ReviewAuthor): string | null {
  if (e.eligible) return null;
  const work = side === 'company' ? 'you approve work in an engagement with them' : 'the company approves your work in an engagement';
  const end = side === 'company' ? 'you end that engagement' : 'the engagement ends';
  const parts = [e.waitingFor.includes('approved_work') ? work : null, e.waitingFor.includes('engagement_ended') ? end : null].filter(
    (p): p is string => p !== null,
  );
  return `You can review once ${parts.join(' and ')}.`;
}

/**
 * When a review is shown to the other side and the public: when the other side's review of the
 * same hire came in (both are in), or REVIEW_BLIND_DAYS after it was written, whichever is first.
 */
export function reviewRevealAt(createdAt: Date | string, otherCreatedAt: Date | string | null): Date {
  const own = new Date(createdAt).getTime();
  const blindEnd = own + REVIEW_BLIND_DAYS * DAY_MS;
  if (otherCreatedAt === null) return new Date(blindEnd);
  return new Date(Math.min(blindEnd, Math.max(own, new Date(otherCreatedAt).getTime())));
}

export function isRevealed(createdAt: Date | string, otherCreatedAt: Date | string | null, now: Date): boolean {
  return reviewRevealAt(createdAt, otherCreatedAt).getTime() <= now.getTime();
}
