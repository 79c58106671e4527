import { z } from 'zod';
import { LEVEL_RULE, LEVELS } from '../rules/level.ts';

// The review and level shapes a profile carries (issue 22), apart from the endpoints in reviews.ts
// so that the profile's schema (account.ts) can use them without importing the talent pool.

export { LEVEL_RULE };

export const REVIEW_CRITERIA = ['quality', 'communication', 'reliability', 'expertise'] as const;
export type ReviewCriterion = (typeof REVIEW_CRITERIA)[number];
export const REVIEW_CRITERION_LABELS: Record<ReviewCriterion, { label: string; hint: string }> = {
  quality: { label: 'Quality of work', hint: 'How good was what they delivered?' },
  communication: { label: 'Communication', hint: 'Were they clear, responsive and easy to work with?' },
  reliability: { label: 'Reliability', hint: 'Did they keep to deadlines and commitments?' },
  expertise: { label: 'Expertise', hint: 'How well did they know their field?' },
};
export const STARS_MIN = 1;
export const STARS_MAX = 5;
export const STARS_MESSAGE = 'Please rate every criterion from 1 to 5 stars.';

const Stars = z
  .number({ error: STARS_MESSAGE })
  .int({ error: STARS_MESSAGE })
  .min(STARS_MIN, { error: STARS_MESSAGE })
  .max(STARS_MAX, { error: STARS_MESSAGE });

/** Every criterion rated 1..5 (integers); unknown criteria are refused. */
export const ReviewRatings = z.strictObject(
  Object.fromEntries(REVIEW_CRITERIA.map((c) => [c, Stars])) as Record<ReviewCriterion, typeof Stars>,
  { error: STARS_MESSAGE },
);
export type ReviewRatings = z.infer<typeof ReviewRatings>;

/** A visible review on a profile: criteria, text, the company's name from the hire, date, reply. */
export const ProfileReview = z.object({
  id: z.string(),
  companyName: z.string(),
  ratings: ReviewRatings,
  overall: z.number(),
  text: z.string(),
  createdAt: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type ProfileReview = z.infer<typeof ProfileReview>;

/** The profile's rating from its visible reviews; null when there are none (no invented rating). */
export const Rating = z.object({ average: z.number(), count: z.number().int() }).nullable();
export type Rating = z.infer<typeof Rating>;

/** The level a company sees (rules/level.ts): derived from the saved work experience and vetting, never typed in. */
export const ProfileLevel = z.object({
  key: z.enum(LEVELS),
  label: z.string(),
  years: z.number(),
  vetted: z.boolean(),
  /** Why this level: the years and the vetting. */
  explanation: z.string(),
  /** The rule, in a sentence. */
  rule: z.string(),
});
export type ProfileLevel = z.infer<typeof ProfileLevel>;
