import { z } from 'zod';
import { ratingOf } from '../rules/rating.ts';
import { hasUnsafeCharacters } from '../validation/characters.ts';
import { PROFILE_MESSAGES } from '../validation/profile-messages.ts';
import { defineEndpoint } from './define.ts';
import { REVIEW_AUTHORS, REVIEW_BLIND_DAYS, REVIEW_WAITS, reviewRevealAt } from '../rules/review-rules.ts';
import { Rating, ReviewRatings, STARS_MAX, STARS_MESSAGE, STARS_MIN } from './review-shapes.ts';
import { ReasonText } from './talent-pool.ts';

// Hires and reviews (issue 22). Imported directly ('@talentloop/contract/api/reviews').
// Selecting a shortlist candidate makes a hire; it is finished when its engagement ends (issue 35), which opens its one
// review: 1 to 5 stars on each of REVIEW_CRITERIA and a text, editable for REVIEW_EDIT_DAYS. The
// freelancer replies once. An operator may hide a review (reason in the audit log); hidden reviews
// count nowhere. A profile's rating comes from visible reviews only (rules/rating.ts), null when none.
// Another company's (or freelancer's) ids, and ids that are not UUIDs, are 404.

export { ratingOf };
export {
  REVIEW_AUTHORS,
  REVIEW_BLIND_DAYS,
  REVIEW_WAITS,
  type ReviewAuthor,
  type ReviewEligibility as ReviewEligibilityValue,
  type ReviewWait,
  isRevealed,
  reviewEligibility,
  reviewRevealAt,
  reviewWaitMessage,
} from '../rules/review-rules.ts';
export {
  LEVEL_RULE,
  ProfileLevel,
  ProfileReview,
  REVIEW_CRITERIA,
  REVIEW_CRITERION_LABELS,
  Rating,
  type ReviewCriterion,
  ReviewRatings,
  STARS_MAX,
  STARS_MIN,
} from './review-shapes.ts';
import { uuidParam } from '../validation/ids.ts';

/**
 * Days after writing a review in which its author may still edit it; editing also ends when the
 * review is published (the other side's review came in), so nobody rewrites theirs after reading
 * the other (issue 32). Equal to REVIEW_BLIND_DAYS: a review alone is published when editing ends.
 */
export const REVIEW_EDIT_DAYS = REVIEW_BLIND_DAYS;
export const REVIEW_TEXT_MIN = 20;
export const REVIEW_TEXT_MAX = 2_000;
export const REVIEW_REPLY_MIN = 2;
export const REVIEW_REPLY_MAX = 1_000;
/** Reviews the operators' list shows (newest first). */
export const OPERATOR_REVIEWS_MAX = 200;

export const REVIEW_MESSAGES = {
  starsRequired: STARS_MESSAGE,
  textRequired: 'Please write a few words about working with this freelancer.',
  companyTextRequired: 'Please write a few words about working with this company.',
  textTooShort: `A review needs at least ${REVIEW_TEXT_MIN} characters.`,
  textTooLong: `A review can be at most ${REVIEW_TEXT_MAX} characters.`,
  replyRequired: 'Please write your reply.',
  replyTooShort: `A reply needs at least ${REVIEW_REPLY_MIN} characters.`,
  replyTooLong: `A reply can be at most ${REVIEW_REPLY_MAX} characters.`,
  created: 'Review published',
  updated: 'Review updated',
  replied: 'Reply published',
  hidden: 'Review hidden',
  restored: 'Review restored',
} as const;

/** What a freelancer rates a company on (issue 32: reviews are two-sided). */
export const COMPANY_REVIEW_CRITERIA = ['communication', 'clarity', 'reliability', 'respect'] as const;
export type CompanyReviewCriterion = (typeof COMPANY_REVIEW_CRITERIA)[number];
export const COMPANY_REVIEW_CRITERION_LABELS: Record<CompanyReviewCriterion, { label: string; hint: string }> = {
  communication: { label: 'Communication', hint: 'Were they clear, responsive and easy to work with?' },
  clarity: { label: 'Clear brief', hint: 'Did you know what they expected of you?' },
  reliability: { label: 'Reliability', hint: 'Did they keep to what they agreed, on time?' },
  respect: { label: 'Respect', hint: 'Did they treat you fairly and with respect?' },
};
const Stars = z
  .number({ error: STARS_MESSAGE })
  .int({ error: STARS_MESSAGE })
  .min(STARS_MIN, { error: STARS_MESSAGE })
  .max(STARS_MAX, { error: STARS_MESSAGE });
/** Every company criterion rated 1..5 (integers); unknown criteria are refused. */
export const CompanyRatings = z.strictObject(
  Object.fromEntries(COMPANY_REVIEW_CRITERIA.map((c) => [c, Stars])) as Record<CompanyReviewCriterion, typeof Stars>,
  { error: STARS_MESSAGE },
);
export type CompanyRatings = z.infer<typeof CompanyRatings>;

/**
 * The end of a review's edit window: REVIEW_EDIT_DAYS after it was written, or when the other side's
 * review of the same hire came in (it is published then), whichever is first.
 */
export function reviewEditableUntil(createdAt: string | Date, otherCreatedAt: string | Date | null = null): Date {
  const days = new Date(new Date(createdAt).getTime() + REVIEW_EDIT_DAYS * 24 * 60 * 60 * 1000);
  const reveal = reviewRevealAt(createdAt, otherCreatedAt);
  return days.getTime() < reveal.getTime() ? days : reveal;
}

/** The mean of a review's stars (stored as `overall`), unrounded; either side's criteria. */
export function overallOf(ratings: Readonly<Record<string, number>>): number {
  const stars = Object.values(ratings);
  return stars.reduce((sum, s) => sum + s, 0) / stars.length;
}

const text = (required: string, min: number, tooShort: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .refine((v) => !hasUnsafeCharacters(v, true), { message: PROFILE_MESSAGES.unsafeCharacters, abort: true })
    .trim()
    .min(1, { error: required })
    .min(min, { error: tooShort })
    .max(max, { error: tooLong });

const M = REVIEW_MESSAGES;
export const ReviewText = text(M.textRequired, REVIEW_TEXT_MIN, M.textTooShort, REVIEW_TEXT_MAX, M.textTooLong);
export const CompanyReviewText = text(M.companyTextRequired, REVIEW_TEXT_MIN, M.textTooShort, REVIEW_TEXT_MAX, M.textTooLong);
export const ReplyText = text(M.replyRequired, REVIEW_REPLY_MIN, M.replyTooShort, REVIEW_REPLY_MAX, M.replyTooLong);

const Version = z.number({ error: 'version is required' }).int().min(0);

export const ReviewBody = z.object({ ratings: ReviewRatings, text: ReviewText });
export type ReviewBody = z.input<typeof ReviewBody>;
export const EditReviewBody = ReviewBody.extend({ version: Version });
export type EditReviewBody = z.input<typeof EditReviewBody>;
/** The freelancer's review of the company. */
export const CompanyReviewBody = z.object({ ratings: CompanyRatings, text: CompanyReviewText });
export type CompanyReviewBody = z.input<typeof CompanyReviewBody>;
export const ReplyBody = z.object({ reply: ReplyText });
export type ReplyBody = z.input<typeof ReplyBody>;
export const HideReviewBody = z.object({ reason: ReasonText });
export type HideReviewBody = z.input<typeof HideReviewBody>;
export const RestoreReviewBody = z.object({ reason: ReasonText });
export type RestoreReviewBody = z.input<typeof RestoreReviewBody>;

/** Whether the hire can be reviewed now, and if not what it waits for (rules/review-rules.ts). */
export const ReviewEligibility = z.object({
  eligible: z.boolean(),
  waitingFor: z.array(z.enum(REVIEW_WAITS)),
  /** When the engagement with approved work ended (ISO); null before. */
  from: z.string().nullable(),
});
export type ReviewEligibility = z.infer<typeof ReviewEligibility>;

/** The freelancer's review of the company as its author or (once published) the company sees it. */
export const ReviewOfCompany = z.object({
  id: z.string(),
  ratings: CompanyRatings,
  overall: z.number(),
  text: z.string(),
  hidden: z.boolean(),
  createdAt: z.string(),
  /** Shown to the company: both sides reviewed, or REVIEW_BLIND_DAYS passed. */
  revealed: z.boolean(),
  revealAt: z.string(),
});
export type ReviewOfCompany = z.infer<typeof ReviewOfCompany>;

/** A review as its company sees it. */
export const CompanyReview = z.object({
  id: z.string(),
  ratings: ReviewRatings,
  overall: z.number(),
  text: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  /** Hidden by an operator: counts nowhere, cannot be edited. */
  hidden: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Until when the company may edit it (createdAt + REVIEW_EDIT_DAYS, or sooner when published). */
  editableUntil: z.string(),
  /** Shown to the freelancer and on their profile: both sides reviewed, or REVIEW_BLIND_DAYS passed. */
  revealed: z.boolean(),
  revealAt: z.string(),
  version: z.number().int(),
});
export type CompanyReview = z.infer<typeof CompanyReview>;

export const Hire = z.object({
  id: z.string(),
  freelancer: z.object({
    slug: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    photoUrl: z.string().nullable(),
    occupation: z.string().nullable(),
  }),
  /** The company's name and the role (its shortlist's name) when the freelancer was selected. */
  companyName: z.string(),
  role: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  version: z.number().int(),
  /** Whether it can be reviewed now, or what it waits for. */
  eligibility: ReviewEligibility,
  review: CompanyReview.nullable(),
  /** The freelancer has reviewed the company (its text is shown once published). */
  freelancerReviewed: z.boolean(),
  /** The freelancer's review of the company, once published; null before. */
  freelancerReview: ReviewOfCompany.nullable(),
});
export type Hire = z.infer<typeof Hire>;

/** A hire as the selected freelancer sees it: the company, the role, and their review of the company. */
export const FreelancerHire = z.object({
  id: z.string(),
  companyName: z.string(),
  role: z.string(),
  startedAt: z.string(),
  eligibility: ReviewEligibility,
  review: ReviewOfCompany.nullable(),
  /** The company has reviewed the freelancer (shown on their profile once published). */
  companyReviewed: z.boolean(),
});
export type FreelancerHire = z.infer<typeof FreelancerHire>;

/** A review as the freelancer it is about sees it (hidden ones too, marked). */
export const FreelancerReview = z.object({
  id: z.string(),
  companyName: z.string(),
  role: z.string(),
  ratings: ReviewRatings,
  overall: z.number(),
  text: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  hidden: z.boolean(),
  createdAt: z.string(),
});
export type FreelancerReview = z.infer<typeof FreelancerReview>;

/** A review as the operators' list shows it: either side's. */
export const OperatorReview = FreelancerReview.extend({
  /** company: about the freelancer (ratings REVIEW_CRITERIA); freelancer: about the company (COMPANY_REVIEW_CRITERIA). */
  author: z.enum(REVIEW_AUTHORS),
  ratings: z.record(z.string(), z.number()),
  revealed: z.boolean(),
  freelancerName: z.string(),
  freelancerSlug: z.string().nullable(),
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
});
export type OperatorReview = z.infer<typeof OperatorReview>;

const success = { status: z.literal('success') } as const;
const client = ['client'] as const;
const freelancer = ['freelancer'] as const;
const operator = ['operator'] as const;

export const listHires = defineEndpoint({
  tag: 'hires',
  method: 'GET',
  path: '/company/hires',
  summary: 'The company’s hires (selected candidates), in progress and finished, newest first, each with its review',
  auth: true,
  access: client,
  response: z.object({ ...success, hires: z.array(Hire) }),
});

export const createReview = defineEndpoint({
  tag: 'hires',
  method: 'POST',
  path: '/company/hires/:hireId/review',
  params: z.object({ hireId: uuidParam('TL_CORE_15040_E') }),
  summary: `Review a finished hire, once: stars per criterion and a text; hidden from the freelancer until they reviewed the company or ${REVIEW_BLIND_DAYS} days passed`,
  auth: true,
  access: client,
  body: ReviewBody,
  errors: ['TL_CORE_15040_E', 'TL_CORE_15042_E', 'TL_CORE_15043_E', 'TL_CORE_15049_E'],
  response: z.object({ ...success, responseMessage: z.string(), hire: Hire }),
});

export const updateReview = defineEndpoint({
  tag: 'hires',
  method: 'PUT',
  path: '/company/reviews/:reviewId',
  params: z.object({ reviewId: uuidParam('TL_CORE_15044_E') }),
  summary: `Edit the company’s review within ${REVIEW_EDIT_DAYS} days of writing it (the version it was loaded at)`,
  auth: true,
  access: client,
  body: EditReviewBody,
  errors: ['TL_CORE_15044_E', 'TL_CORE_15045_E', 'TL_CORE_15048_E', 'TL_CORE_10110_E'],
  response: z.object({ ...success, responseMessage: z.string(), hire: Hire }),
});

export const listFreelancerHires = defineEndpoint({
  tag: 'reviews',
  method: 'GET',
  path: '/freelancer/hires',
  summary: 'The hires of the signed-in freelancer (companies that selected them), newest first, each with their review of the company',
  auth: true,
  access: freelancer,
  response: z.object({ ...success, hires: z.array(FreelancerHire) }),
});

export const reviewCompany = defineEndpoint({
  tag: 'reviews',
  method: 'POST',
  path: '/freelancer/hires/:hireId/review',
  params: z.object({ hireId: uuidParam('TL_CORE_15040_E') }),
  summary: `Review the company of one of your hires, once (an engagement of it ended with approved work); hidden from the company until it reviewed you or ${REVIEW_BLIND_DAYS} days passed`,
  auth: true,
  access: freelancer,
  body: CompanyReviewBody,
  errors: ['TL_CORE_15040_E', 'TL_CORE_15043_E', 'TL_CORE_15049_E'],
  response: z.object({ ...success, responseMessage: z.string(), hire: FreelancerHire }),
});

export const listMyReviews = defineEndpoint({
  tag: 'reviews',
  method: 'GET',
  path: '/freelancer/reviews',
  summary: 'The published reviews companies wrote about the signed-in freelancer, newest first (hidden ones marked), with the rating',
  auth: true,
  access: freelancer,
  response: z.object({ ...success, rating: Rating, reviews: z.array(FreelancerReview) }),
});

export const replyToReview = defineEndpoint({
  tag: 'reviews',
  method: 'POST',
  path: '/freelancer/reviews/:reviewId/reply',
  params: z.object({ reviewId: uuidParam('TL_CORE_15044_E') }),
  summary: 'Reply to a published review about you, once',
  auth: true,
  access: freelancer,
  body: ReplyBody,
  errors: ['TL_CORE_15044_E', 'TL_CORE_15046_E'],
  response: z.object({ ...success, responseMessage: z.string(), review: FreelancerReview }),
});

export const listOperatorReviews = defineEndpoint({
  tag: 'operator',
  method: 'GET',
  path: '/operator/reviews',
  summary: `Every review, newest first (at most ${OPERATOR_REVIEWS_MAX}), hidden ones marked with their reason`,
  auth: true,
  access: operator,
  response: z.object({ ...success, reviews: z.array(OperatorReview) }),
});

export const hideReview = defineEndpoint({
  tag: 'operator',
  method: 'POST',
  path: '/operator/reviews/:reviewId/hide',
  params: z.object({ reviewId: uuidParam('TL_CORE_15044_E') }),
  summary: 'Hide a review that breaks the rules (reason in the audit log); the freelancer and the company are told',
  auth: true,
  access: operator,
  body: HideReviewBody,
  errors: ['TL_CORE_15044_E', 'TL_CORE_15047_E'],
  response: z.object({ ...success, responseMessage: z.string(), review: OperatorReview }),
});

export const restoreReview = defineEndpoint({
  tag: 'operator',
  method: 'POST',
  path: '/operator/reviews/:reviewId/restore',
  params: z.object({ reviewId: uuidParam('TL_CORE_15044_E') }),
  summary: 'Show a hidden review again (reason in the audit log); the freelancer and the company are told',
  auth: true,
  access: operator,
  body: RestoreReviewBody,
  errors: ['TL_CORE_15044_E', 'TL_CORE_15050_E'],
  response: z.object({ ...success, responseMessage: z.string(), review: OperatorReview }),
});
