import { z } from 'zod';
import { OTP_LENGTH } from '../limits.ts';
import { CompanyBasicsBody, CompanyContactBody, companyEmailField } from '../validation/company.ts';
import { defineEndpoint } from './define.ts';
import { photoFile } from './uploads.ts';

// The company side's first slice (issue 11): home, profile basics, contact information and the
// company's email verification. Imported directly ('@talentloop/contract/api/company'), not
// through the package index (the phone metadata stays out of the first page's bundle).
// Every endpoint serves clients only; another role gets 403. Versions as in the profile editor:
// a save sends the `version` it loaded; a stale one is refused with 409 TL_CORE_10110_E.

const access = ['client'] as const;

export const COMPANY_API_MESSAGES = {
  basicsSaved: 'Profile basics saved',
  contactSaved: 'Contact information saved',
  logoUpdated: 'Company logo updated',
  logoDeleted: 'Company logo deleted',
  welcomeSeen: 'Welcome dismissed',
  emailCodeSent: 'We sent a 5-digit code to that address.',
  emailVerified: 'Email verified',
} as const;

/** Verification state; methods (instant, documents, support) come in a later slice. */
export const COMPANY_VERIFICATION_STATUSES = ['unverified', 'pending', 'verified'] as const;
export type CompanyVerificationStatus = (typeof COMPANY_VERIFICATION_STATUSES)[number];

export const CompanyCompletionRead = z.object({
  basics: z.number().int().min(0).max(100),
  contact: z.number().int().min(0).max(100),
  verification: z.number().int().min(0).max(100),
  overall: z.number().int().min(0).max(100),
});

export const SectionVersion = z.number().int().min(0);

const done = { status: z.literal('success'), responseMessage: z.string() };
const loaded = { status: z.literal('success'), version: SectionVersion, completion: CompanyCompletionRead };

export const getCompanyHome = defineEndpoint({
  tag: 'company',
  method: 'GET',
  path: '/company/home',
  summary: 'The company home: name, whether to show the one-time welcome, completion and verification state',
  auth: true,
  access,
  response: z.object({
    status: z.literal('success'),
    companyName: z.string(),
    showWelcome: z.boolean(),
    completion: CompanyCompletionRead,
    verificationStatus: z.enum(COMPANY_VERIFICATION_STATUSES),
  }),
});

export const dismissCompanyWelcome = defineEndpoint({
  tag: 'company',
  method: 'POST',
  path: '/company/home/welcome-seen',
  summary: 'Remember that the account has seen the welcome modal (either button)',
  auth: true,
  access,
  response: z.object(done),
});

export const CompanyBasicsRead = z.object({
  companyName: z.string(),
  industry: z.string().nullable(),
  companySize: z.string().nullable(),
  country: z.string().nullable(),
  aboutCompany: z.string(),
  websiteUrl: z.string().nullable(),
  logoUrl: z.string().nullable(),
});
export type CompanyBasicsRead = z.infer<typeof CompanyBasicsRead>;

export const getCompanyBasics = defineEndpoint({
  tag: 'company',
  method: 'GET',
  path: '/company/profile-basics',
  summary: 'Profile basics as saved (before the first save, the name given at sign-up)',
  auth: true,
  access,
  response: z.object({ ...loaded, basics: CompanyBasicsRead }),
});

export const saveCompanyBasics = defineEndpoint({
  tag: 'company',
  method: 'PUT',
  path: '/company/profile-basics',
  summary: 'Save name, industry, size, country, about and website',
  auth: true,
  access,
  body: CompanyBasicsBody.extend({ version: SectionVersion.optional() }),
  response: z.object({ ...loaded, ...done, basics: CompanyBasicsRead }),
});

export const uploadCompanyLogo = defineEndpoint({
  tag: 'company',
  method: 'POST',
  path: '/company/logo',
  summary: 'Replace the company logo (multipart: logo image, at most 2 MB; re-encoded)',
  auth: true,
  access,
  multipart: {
    fields: {},
    files: {
      logo: photoFile('The logo (jpeg, png, webp, gif or avif, at most 2 MB)', { required: true, missing: { code: 'TL_CORE_11001_E' } }),
    },
    limits: { parts: 4, fields: 2, files: 2, fieldBytes: 1024 },
    otherFiles: 'drop',
  },
  errors: ['TL_CORE_10103_E', 'TL_CORE_10105_E', 'TL_CORE_11001_E'],
  response: z.object({ ...done, logoUrl: z.string(), completion: CompanyCompletionRead }),
});

export const deleteCompanyLogo = defineEndpoint({
  tag: 'company',
  method: 'DELETE',
  path: '/company/logo',
  summary: 'Remove the company logo (TL_CORE_11002_E when there is none)',
  auth: true,
  access,
  response: z.object({ ...done, logoUrl: z.null(), completion: CompanyCompletionRead }),
});

export const CompanySocialRead = z.object({ platform: z.string(), url: z.string() });

export const CompanyContactRead = z.object({
  email: z.string().nullable(),
  /** The address this company proved it receives mail at (null: none yet). */
  verifiedEmail: z.string().nullable(),
  emailVerified: z.boolean(),
  country: z.string().nullable(),
  address: z.string().nullable(),
  /** As stored: the code, a space, the number (spec §3). */
  phone: z.string().nullable(),
  phoneCountryCode: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  socials: z.array(CompanySocialRead),
});
export type CompanyContactRead = z.infer<typeof CompanyContactRead>;

export const getCompanyContact = defineEndpoint({
  tag: 'company',
  method: 'GET',
  path: '/company/contact',
  summary: 'Contact information as saved',
  auth: true,
  access,
  response: z.object({ ...loaded, contact: CompanyContactRead }),
});

export const saveCompanyContact = defineEndpoint({
  tag: 'company',
  method: 'PUT',
  path: '/company/contact',
  summary: 'Save email, country, address, phone and socials (the socials list is replaced)',
  auth: true,
  access,
  body: CompanyContactBody.and(z.object({ version: SectionVersion.optional() })),
  response: z.object({ ...loaded, ...done, contact: CompanyContactRead }),
});

export const CompanyEmailCodeBody = z.object({ email: companyEmailField });

export const sendCompanyEmailCode = defineEndpoint({
  tag: 'company',
  method: 'POST',
  path: '/company/contact/email-code',
  summary: 'Mail a 5-digit code to the company email (same limits as sign-up codes)',
  auth: true,
  access,
  body: CompanyEmailCodeBody,
  response: z.object(done),
});

export const CompanyEmailVerifyBody = z.object({
  email: companyEmailField,
  otp: z
    .string({ error: 'TL_CORE_01012_E' })
    .trim()
    .min(1, { message: 'TL_CORE_01012_E', abort: true })
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), 'TL_CORE_01013_E'),
});

export const verifyCompanyEmail = defineEndpoint({
  tag: 'company',
  method: 'POST',
  path: '/company/contact/verify-email',
  summary: 'Check the code mailed to the company email and mark that address verified',
  auth: true,
  access,
  body: CompanyEmailVerifyBody,
  response: z.object({ ...done, verifiedEmail: z.string(), completion: CompanyCompletionRead }),
});
