// Reviews only from real work (issue 32). Until engagements with approved work exist, a hire can be
// reviewed (by either side, once each) when an interview between the company and the freelancer was
// marked held AND at least REVIEW_MIN_DAYS_AFTER_SELECTED days have passed since the freelancer was
// selected. Reviews are double-blind: a review stays hidden from the other side and the public until
// both sides have reviewed the hire, or REVIEW_BLIND_DAYS after it was written, whichever is first.
// Everything here is computed from stored times and the server's clock: no job has to run for a
// review to be revealed.

/** Days after Selected before the hire can be reviewed (or marked finished). */
export const REVIEW_MIN_DAYS_AFTER_SELECTED = 7;
/** Days a review waits for the other side's before it is shown anyway. */
export const REVIEW_BLIND_DAYS = 14;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Who wrote a review: the company (about the freelancer) or the freelancer (about the company). */
export const REVIEW_AUTHORS = ['company', 'freelancer'] as const;
export type ReviewAuthor = (typeof REVIEW_AUTHORS)[number];

/** What a hire still waits for before it can be reviewed. */
export const REVIEW_WAITS = ['interview_held', 'min_days'] as const;
export type ReviewWait = (typeof REVIEW_WAITS)[number];

export type ReviewEligibility = {
  eligible: boolean;
  /** Empty when eligible. */
  waitingFor: ReviewWait[];
  /** When the minimum time after Selected is over (ISO). */
  from: string;
};

export function reviewableFrom(selectedAt: Date | string): Date {
  return new Date(new Date(selectedAt).getTime() + REVIEW_MIN_DAYS_AFTER_SELECTED * DAY_MS);
}

export function reviewEligibility(input: { selectedAt: Date | string; interviewHeld: boolean; now: Date }): ReviewEligibility {
  const from = reviewableFrom(input.selectedAt);
  const waitingFor: ReviewWait[] = [];
  if (!input.interviewHeld) waitingFor.push('interview_held');
  if (input.now.getTime() < from.getTime()) waitingFor.push('min_days');
  return { eligible: waitingFor.length === 0, waitingFor, from: from.toISOString() };
}

/**
 * Why a hire cannot be reviewed yet, in a sentence for `side`; null when it can. `day` formats the
 * date the minimum time is over (each side formats dates its own way).
 */
export function reviewWaitMessage(e: ReviewEligibility, side: ReviewAuthor, day: (iso: string) => string): string | null {
  if (e.eligible) return null;
  const held = side === 'company' ? 'you mark an interview with them held' : 'the company marks your interview held';
  const since = side === 'company' ? 'you selected them' : 'you were selected';
  const days = `${REVIEW_MIN_DAYS_AFTER_SELECTED} days have passed since ${since} (on ${day(e.from)})`;
  const parts = [e.waitingFor.includes('interview_held') ? held : null, e.waitingFor.includes('min_days') ? days : null].filter(
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
