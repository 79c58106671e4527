import { z } from 'zod';
import { PASSWORD_MAX } from '../limits.ts';
import { defineEndpoint } from './define.ts';
import { PortfolioItem } from './portfolio.ts';
import { ProfileLevel, ProfileReview, Rating } from './review-shapes.ts';

// Privacy settings, the public profile, account deletion and the data export (issue 10, beyond
// the spec). Imported directly ('@talentloop/contract/api/account').

/** public: anyone with the link; companies: signed-in company accounts only; hidden: nobody. */
export const PROFILE_VISIBILITIES = ['public', 'companies', 'hidden'] as const;
export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];
export const DEFAULT_PROFILE_VISIBILITY: ProfileVisibility = 'companies';

export const VISIBILITY_LABELS: Record<ProfileVisibility, { label: string; hint: string }> = {
  public: { label: 'Public link', hint: 'Anyone with your link can see your profile.' },
  companies: { label: 'Signed-in companies only', hint: 'Only verified company accounts can see your profile.' },
  hidden: { label: 'Hidden', hint: 'Nobody else can see your profile; your link answers Not found.' },
};

export const ACCOUNT_MESSAGES = {
  privacySaved: 'Privacy settings saved',
  deleteTitle: 'Delete Account',
  deleteConfirm: 'This action is permanent and cannot be undone.',
  passwordRequired: 'Enter your password to delete your account.',
  codeRequired: 'Enter the code we sent to your email.',
  codeSent: 'We sent a code to your email.',
  deleted: 'Your account and all its data have been deleted.',
} as const;

export { publicProfilePath } from '../paths.ts';

export const PrivacySettings = z.object({
  openToWork: z.boolean(),
  visibility: z.enum(PROFILE_VISIBILITIES),
  /** Stable; the public link is `/talent/{slug}`. */
  slug: z.string(),
});
export type PrivacySettings = z.infer<typeof PrivacySettings>;

export const PrivacyBody = z.object({
  openToWork: z.boolean({ error: 'openToWork must be true or false' }),
  visibility: z.enum(PROFILE_VISIBILITIES, { error: 'visibility must be public, companies or hidden' }),
});
export type PrivacyBody = z.input<typeof PrivacyBody>;

const PrivacyResponse = z.object({ status: z.literal('success'), responseMessage: z.string() }).extend(PrivacySettings.shape);

export const getPrivacy = defineEndpoint({
  tag: 'account',
  method: 'GET',
  path: '/freelancer-settings/privacy',
  summary: 'Open to work, profile visibility and the public slug',
  auth: true,
  access: ['freelancer'],
  response: PrivacyResponse,
});

export const savePrivacy = defineEndpoint({
  tag: 'account',
  method: 'PUT',
  path: '/freelancer-settings/privacy',
  summary: 'Save open to work and profile visibility (needs saved profile basics)',
  auth: true,
  access: ['freelancer'],
  body: PrivacyBody,
  response: PrivacyResponse,
});

/** A freelancer's saved profile as a company sees it: no contact details, nothing invented. */
export const PublicProfile = z.object({
  slug: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  photoUrl: z.string().nullable(),
  occupation: z.string().nullable(),
  countryCode: z.string().nullable(),
  country: z.string().nullable(),
  description: z.string(),
  // No typed 'experience level' here: the one level anyone sees is `level` (decision 163).
  minHourlyRate: z.number().nullable(),
  maxHourlyRate: z.number().nullable(),
  openToWork: z.boolean(),
  videoTitle: z.string().nullable(),
  videoUrl: z.string().nullable(),
  languages: z.array(z.object({ languageCode: z.string(), proficiency: z.string() })),
  skills: z.array(z.object({ skillName: z.string(), experienceLevel: z.number() })),
  education: z.array(z.object({ degree: z.string(), college: z.string(), yearOfPassed: z.number() })),
  workExperience: z.array(z.object({ title: z.string(), company: z.string(), startDate: z.string(), endDate: z.string().nullable() })),
  certifications: z.array(
    z.object({
      certificationName: z.string(),
      issuingOrganization: z.string(),
      dateIssued: z.string(),
      certificationUrl: z.string().nullable(),
    }),
  ),
  /** Documents show to the owner only: for anyone else their fileUrl is null. */
  portfolio: z.array(PortfolioItem),
  workPreferences: z.object({
    minHoursPerWeek: z.number().nullable(),
    maxHoursPerWeek: z.number().nullable(),
    projectDurationPreference: z.string().nullable(),
  }),
  /** The level derived from the saved work experience and vetting (rules/level.ts), never typed in (issue 22). */
  level: ProfileLevel,
  /** Average and count of the visible reviews; null when there is none (no invented rating). */
  rating: Rating,
  /** The visible reviews, newest first, with the company's name from the hire. */
  reviews: z.array(ProfileReview),
  /** Made by `npm run seed:demo`: shown as a demo profile, kept out of the sitemap and search engines. */
  demo: z.boolean(),
});
export type PublicProfile = z.infer<typeof PublicProfile>;

export const getPublicProfile = defineEndpoint({
  tag: 'public-profile',
  method: 'GET',
  path: '/public/talent/:slug',
  params: z.object({ slug: z.string() }),
  summary: 'A public profile by slug: public visibility, or companies-only for a signed-in company; else 404',
  auth: false,
  access: 'public',
  response: z.object({ status: z.literal('success'), profile: PublicProfile }),
});

export const getPublicPreview = defineEndpoint({
  tag: 'public-profile',
  method: 'GET',
  path: '/freelancer-settings/public-preview',
  summary: 'The signed-in freelancer’s own public profile, whatever the visibility, with slug and visibility',
  auth: true,
  access: ['freelancer'],
  response: z.object({
    status: z.literal('success'),
    slug: z.string(),
    visibility: z.enum(PROFILE_VISIBILITIES),
    openToWork: z.boolean(),
    /** Absolute link to share (PUBLIC_URL + /talent/{slug}). */
    publicUrl: z.string(),
    profile: PublicProfile,
  }),
});

const ALL_ROLES = ['freelancer', 'client', 'operator'] as const;

export const requestDeletionCode = defineEndpoint({
  tag: 'account',
  method: 'POST',
  path: '/account/deletion-code',
  summary: 'Mail a code that confirms account deletion (for accounts without a password, e.g. Google sign-in)',
  auth: true,
  access: ALL_ROLES,
  // An account with a password confirms with it (400); the codes' limits.
  errors: ['TL_CORE_10131_E', 'TL_CORE_01023_E'],
  response: z.object({ status: z.literal('success'), responseMessage: z.string() }),
});

export const DeleteAccountBody = z.object({
  /** The account's password; accounts without one (Google) send `otp` instead. */
  password: z.string().max(PASSWORD_MAX).optional(),
  otp: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'TL_CORE_01013_E')
    .optional(),
});
export type DeleteAccountBody = z.input<typeof DeleteAccountBody>;

export const deleteAccount = defineEndpoint({
  tag: 'account',
  method: 'POST',
  path: '/account/delete',
  summary: 'Delete the account and all its data (needs the password, or a deletion code for a Google account); signs out',
  auth: true,
  access: ALL_ROLES,
  body: DeleteAccountBody,
  response: z.object({ status: z.literal('success'), responseMessage: z.string() }),
});

export const exportAccount = defineEndpoint({
  tag: 'account',
  method: 'GET',
  path: '/account/export',
  summary: 'Everything stored about the signed-in user, as a JSON download (no secrets, no file contents)',
  auth: true,
  access: ALL_ROLES,
  response: z.object({
    exportedAt: z.string(),
    account: z.record(z.string(), z.unknown()),
    freelancerProfile: z.record(z.string(), z.unknown()).nullable(),
    languages: z.array(z.record(z.string(), z.unknown())),
    skills: z.array(z.record(z.string(), z.unknown())),
    education: z.array(z.record(z.string(), z.unknown())),
    workExperience: z.array(z.record(z.string(), z.unknown())),
    certifications: z.array(z.record(z.string(), z.unknown())),
    portfolio: z.array(z.record(z.string(), z.unknown())),
    privacy: z.record(z.string(), z.unknown()).nullable(),
    /** The talent-pool timeline as stored (issue 20). */
    talentEvents: z.array(z.record(z.string(), z.unknown())),
    /**
     * Interviews, hires and reviews the user took part in, as the freelancer or as the company's
     * owner: each says `side` ('freelancer' | 'company') and `with` (the other party's name).
     */
    interviews: z.array(z.record(z.string(), z.unknown())),
    hires: z.array(z.record(z.string(), z.unknown())),
    reviews: z.array(z.record(z.string(), z.unknown())),
    /**
     * Engagements the user took part in (issue 34), either side (`side`, `with`), each with its terms'
     * versions; their weeks (a company sees no draft), milestones, and the invoices and credit notes
     * of the user's company or issued on the freelancer's behalf (`side`).
     */
    engagements: z.array(z.record(z.string(), z.unknown())),
    timesheets: z.array(z.record(z.string(), z.unknown())),
    milestones: z.array(z.record(z.string(), z.unknown())),
    invoices: z.array(z.record(z.string(), z.unknown())),
    /** The freelancer's saved mail choices; null before the first save (defaults apply). */
    mailChoices: z.record(z.string(), z.boolean()).nullable(),
    files: z.array(z.record(z.string(), z.unknown())),
    sessions: z.array(z.record(z.string(), z.unknown())),
  }),
});
