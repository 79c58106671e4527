import { z } from 'zod';
import { hasUnsafeCharacters } from '../validation/characters.ts';
import { PROFILE_MESSAGES } from '../validation/profile-messages.ts';
import { PublicProfile } from './account.ts';
import { defineEndpoint } from './define.ts';
import { ProfileCompletionSections } from './profile-completion.ts';
import { ROUTES } from './routes.ts';
import { uuidParam } from '../validation/ids.ts';

// The talent pool (issue 20): vetting owned by the server, the freelancer's status timeline and
// the freelancer's mail choices. Imported directly ('@talentloop/contract/api/talent-pool').

/**
 * A freelancer's vetting state. `not_submitted` until onboarding is finished; finishing it puts
 * the profile `in_review`. An operator approves (`vetted`), asks for changes (`changes_requested`,
 * back to `in_review` on 'Send for review') or declines (`declined`, may ask again after
 * VETTING_RETRY_DAYS).
 */
export const VETTING_STATUSES = ['not_submitted', 'in_review', 'changes_requested', 'vetted', 'declined'] as const;
export type VettingStatus = (typeof VETTING_STATUSES)[number];

export const VETTING_STATUS_LABELS: Record<VettingStatus, string> = {
  not_submitted: 'Profile not finished',
  in_review: 'In review',
  changes_requested: 'Changes requested',
  vetted: 'Vetted',
  declined: 'Declined',
};

/**
 * The dashboard's side card while no company has acted yet, per vetting state (issue 32, decision
 * 166): it says the same as the status beside it. Only a vetted profile companies can find is 'in
 * the talent pool' (the spec's sentence); before vetting, or while hidden, it says so.
 */
export const WAITING_TEXTS: Record<VettingStatus, string> & { hidden: string } = {
  not_submitted: 'Finish your profile and send it for review. Companies see it once our team has vetted it.',
  in_review: 'Our team is reviewing your profile. Once it is vetted, companies can find it, and you get a mail when one shortlists you.',
  changes_requested: 'Your profile is not in the talent pool yet: make the changes our team asked for, then send it for review again.',
  vetted: 'We have added your profile to the talent pool. You will get a mail when you are shortlisted.',
  declined: 'Your profile is not in the talent pool. You can improve it and ask for another review.',
  hidden: 'Your profile is vetted, but companies cannot find it while you are closed to work or hidden from companies.',
};

/** Days a declined freelancer waits before asking for another review. */
export const VETTING_RETRY_DAYS = 30;
/** The longest reason an operator or a company may give. */
export const REASON_MAX = 500;
export const REASON_MIN = 3;

/** The operator's three decisions on a profile in review. */
export const VETTING_OUTCOMES = ['approve', 'request_changes', 'decline'] as const;
export type VettingOutcome = (typeof VETTING_OUTCOMES)[number];

export const TALENT_POOL_MESSAGES = {
  reasonRequired: 'Please give a reason the freelancer will see.',
  reasonTooLong: `A reason can be at most ${REASON_MAX} characters.`,
  reasonTooShort: `A reason needs at least ${REASON_MIN} characters.`,
  sentForReview: 'Your profile was sent for review.',
  approved: 'Profile approved',
  changesRequested: 'Changes requested',
  declined: 'Profile declined',
  notificationsSaved: 'Notification preferences saved',
  transactionalNote: 'Mail you ask for at that moment (verification codes, the notice that your password changed) is always sent.',
} as const;

export const ReasonText = z
  .string({ error: TALENT_POOL_MESSAGES.reasonRequired })
  .refine((v) => !hasUnsafeCharacters(v, true), { message: PROFILE_MESSAGES.unsafeCharacters, abort: true })
  .trim()
  .min(REASON_MIN, { error: TALENT_POOL_MESSAGES.reasonTooShort })
  .max(REASON_MAX, { error: TALENT_POOL_MESSAGES.reasonTooLong });

/** The operator's decision; a reason is required unless approving. */
export const VettingDecisionBody = z
  .object({
    outcome: z.enum(VETTING_OUTCOMES, { error: 'outcome must be approve, request_changes or decline' }),
    reason: ReasonText.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.outcome !== 'approve' && !body.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: TALENT_POOL_MESSAGES.reasonRequired });
    }
  });
export type VettingDecisionBody = z.input<typeof VettingDecisionBody>;

// ---- the timeline ----

/** What a timeline entry records. Vetting entries come from operators and the freelancer; shortlist entries from companies. */
export const TIMELINE_KINDS = [
  'submitted',
  'in_review',
  'vetted',
  'changes_requested',
  'declined',
  'shortlisted',
  'interview',
  'selected',
  'not_selected',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** One entry of the freelancer's timeline, as the freelancer sees it (never a company's notes). */
export const TimelineEntry = z.object({
  id: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  at: z.string(),
  /** The operator's or company's reason (changes requested, declined, not selected). */
  reason: z.string().nullable(),
  /** Shortlist entries: the company's name and the role (the shortlist's name) at the time. */
  companyName: z.string().nullable(),
  role: z.string().nullable(),
  /**
   * Shortlist entries: the candidacy they are about (the web links it to the candidacy's one
   * conversation, issue 36, when the company has opened it); null for vetting entries.
   */
  candidateId: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof TimelineEntry>;

export const TalentStatusRead = z.object({
  vettingStatus: z.enum(VETTING_STATUSES),
  /** Newest first. */
  timeline: z.array(TimelineEntry),
  /** One sentence: what happens next in the current state. */
  next: z.string(),
  /** Declined: when 'Send for review' opens again (ISO); else null. */
  canRequestReviewAt: z.string().nullable(),
  /**
   * Changes requested: whether a section was saved since (only then may it be sent for review again;
   * the web keeps 'Send for review' disabled until it is). False in every other state.
   */
  changedSinceRequest: z.boolean(),
  /** Open to work and visible to companies (a vetted profile companies can find). */
  discoverable: z.boolean(),
  /** Distinct companies that opened the profile in the last 30 days. */
  profileViews30d: z.number().int().min(0),
});
export type TalentStatusRead = z.infer<typeof TalentStatusRead>;

export const getTalentStatus = defineEndpoint({
  tag: 'talent-pool',
  method: 'GET',
  path: '/freelancer/talent-status',
  summary: 'The freelancer’s vetting state, status timeline (newest first), what happens next and profile views in 30 days',
  auth: true,
  access: ['freelancer'],
  response: z.object({ status: z.literal('success'), talentStatus: TalentStatusRead }),
});

export const sendForReview = defineEndpoint({
  tag: 'talent-pool',
  method: 'POST',
  path: '/freelancer/talent-status/review',
  summary:
    'Send for review: from Changes requested (after a saved change), or Declined after the waiting time, back to In review. Otherwise 409',
  auth: true,
  access: ['freelancer'],
  errors: ['TL_CORE_13001_E', 'TL_CORE_13002_E', 'TL_CORE_13003_E'],
  response: z.object({ status: z.literal('success'), responseMessage: z.string(), talentStatus: TalentStatusRead }),
});

// ---- the operators' vetting queue (screens in the operator console issue) ----

const operators = ['operator'] as const;

/**
 * Starting text the console offers for a reason (issue 21): the operator picks one and edits it
 * before sending; nothing is sent as it stands unless the operator chooses to. Each fits ReasonText.
 */
export const VETTING_CANNED_REASONS: Record<Exclude<VettingOutcome, 'approve'>, readonly string[]> = {
  request_changes: [
    'Add at least one portfolio item that shows your own work.',
    'Write a bio of a few sentences: what you do, for whom, and what you are best at.',
    'Add a clear photo of your face; companies want to see who they will work with.',
    'List the skills you use most, with your years of experience in each.',
    'Add your recent work experience with dates, so companies can see what you have done.',
    'Check your hourly rate and weekly hours: they should match the work you are looking for.',
  ],
  decline: [
    'Your profile does not yet show enough experience for the work companies hire for here.',
    'We could not confirm that the portfolio shows your own work.',
    'The profile appears to be incomplete or made with placeholder content.',
    'The skills you list are outside the kinds of work companies hire for on this marketplace.',
  ],
};

export const VettingQueueItem = z.object({
  freelancerId: z.string(),
  email: z.string(),
  /** When the profile entered review (this round). */
  submittedAt: z.string(),
  /** The profile as companies see it (portfolio files link to the file route, read by operators). */
  profile: PublicProfile,
  /** The profile's completion from saved data (the contract's weighting), with each section's part. */
  completion: z.object({ percentage: z.number().int().min(0).max(100), sections: ProfileCompletionSections }),
  /** The freelancer's timeline so far, newest first (as the freelancer sees it). */
  timeline: z.array(TimelineEntry),
});
export type VettingQueueItem = z.infer<typeof VettingQueueItem>;

export const listVettingQueue = defineEndpoint({
  tag: 'operator',
  method: 'GET',
  path: '/operator/vetting',
  summary:
    'Profiles in review, oldest first (at most 50), each as companies see it, with its completion and timeline (a fixed number of queries whatever the length)',
  auth: true,
  access: operators,
  response: z.object({ status: z.literal('success'), queue: z.array(VettingQueueItem) }),
});

export const decideVetting = defineEndpoint({
  tag: 'operator',
  method: 'POST',
  path: '/operator/vetting/:freelancerId/decision',
  params: z.object({ freelancerId: uuidParam('TL_CORE_13004_E') }),
  summary:
    'Approve, request changes (reason) or decline (reason) a profile in review: one conditional write, so of two operators deciding at once one wins and the other gets 409; the audit log records it in the same transaction',
  auth: true,
  access: operators,
  body: VettingDecisionBody,
  errors: ['TL_CORE_13000_E', 'TL_CORE_13004_E'],
  response: z.object({ status: z.literal('success'), responseMessage: z.string(), vettingStatus: z.enum(VETTING_STATUSES) }),
});

// ---- the freelancer's mail choices ----

/** Mail kinds a freelancer may turn off (codes and security notices are always sent). */
export const FREELANCER_MAIL_KINDS = ['vetting', 'shortlist', 'news'] as const;
export type FreelancerMailKind = (typeof FREELANCER_MAIL_KINDS)[number];

export const FREELANCER_MAIL_KIND_INFO: Record<FreelancerMailKind, { label: string; description: string; defaultOn: boolean }> = {
  vetting: {
    label: 'Review outcome',
    description: 'When our team approves your profile, asks for changes or declines it.',
    defaultOn: true,
  },
  shortlist: {
    label: 'Shortlists and hiring',
    description: 'When a company shortlists you, invites you to interview, or decides.',
    defaultOn: true,
  },
  news: {
    label: 'Product news',
    description: 'New features and tips, at most once a month.',
    defaultOn: false,
  },
};

export const FreelancerMailPreferences = z.strictObject(
  Object.fromEntries(FREELANCER_MAIL_KINDS.map((k) => [k, z.boolean({ error: `${k} must be true or false` })])) as Record<
    FreelancerMailKind,
    z.ZodBoolean
  >,
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown mail kind: ${issue.keys.join(', ')}` : undefined) },
);
export type FreelancerMailPreferences = z.infer<typeof FreelancerMailPreferences>;

export const DEFAULT_FREELANCER_MAIL_PREFERENCES = Object.fromEntries(
  FREELANCER_MAIL_KINDS.map((k) => [k, FREELANCER_MAIL_KIND_INFO[k].defaultOn]),
) as FreelancerMailPreferences;

export const FreelancerNotificationsBody = z.object({
  mail: FreelancerMailPreferences,
  version: z.number().int().min(0).optional(),
});
export type FreelancerNotificationsBody = z.input<typeof FreelancerNotificationsBody>;

const FreelancerNotificationsResponse = z.object({
  status: z.literal('success'),
  responseMessage: z.string(),
  version: z.number().int().min(0),
  mail: FreelancerMailPreferences,
});

export const getFreelancerNotifications = defineEndpoint({
  tag: 'account',
  method: 'GET',
  path: '/freelancer-settings/notifications',
  summary: 'Which mails the freelancer receives (defaults before the first save)',
  auth: true,
  access: ['freelancer'],
  response: FreelancerNotificationsResponse,
});

export const saveFreelancerNotifications = defineEndpoint({
  tag: 'account',
  method: 'PUT',
  path: '/freelancer-settings/notifications',
  summary: 'Save which mails the freelancer receives (every kind, true or false); a stale version is 409',
  auth: true,
  access: ['freelancer'],
  body: FreelancerNotificationsBody,
  errors: ['TL_CORE_10110_E'],
  response: FreelancerNotificationsResponse,
});

// ---- the public pool size (the landing's honest claim) ----

/** Below this many vetted, open-to-work profiles the landing shows no number. */
export const POOL_COUNT_THRESHOLD = 50;

export const getPoolSize = defineEndpoint({
  tag: 'talent-pool',
  ...ROUTES.poolSize,
  summary:
    'How many real (not demo) vetted, open-to-work freelancers the pool holds, rounded down (to 10 below 1000, else to 100); null below the threshold',
  access: 'public',
  response: z.object({ status: z.literal('success'), vettedCount: z.number().int().nullable() }),
});

/** The landing's rounding: to 10 below 1000, to 100 from there; null below the threshold. */
export function roundPoolCount(count: number): number | null {
  if (count < POOL_COUNT_THRESHOLD) return null;
  return count < 1000 ? Math.floor(count / 10) * 10 : Math.floor(count / 100) * 100;
}
