import { z } from 'zod';
import { InstantVerificationBody } from '../validation/company-verification.ts';
import { COMPANY_VERIFICATION_STATUSES, CompanyCompletionRead } from './company.ts';
import { defineEndpoint } from './define.ts';

// Account verification (issue 11), Instant method. Imported directly
// ('@talentloop/contract/api/company-verification'). Clients only; the caller's own company only.
// A check that fails answers 422 TL_CORE_11010_E whose message names every failed check.

const access = ['client'] as const;

export const VERIFICATION_API_MESSAGES = {
  verified: 'Your company has been verified. You can now start hiring talented freelancers to grow your business',
} as const;

export const VerificationCheckRead = z.object({
  check: z.enum(['company_name', 'registration_number', 'email_domain']),
  passed: z.boolean(),
  detail: z.string(),
});
export type VerificationCheckRead = z.infer<typeof VerificationCheckRead>;

export const CompanyVerificationRead = z.object({
  status: z.enum(COMPANY_VERIFICATION_STATUSES),
  method: z.enum(['instant']).nullable(),
  verifiedAt: z.string().nullable(),
});

export const getCompanyVerification = defineEndpoint({
  tag: 'company',
  method: 'GET',
  path: '/company/verification',
  summary: 'The company verification state: status, and the method and time of the last verification',
  auth: true,
  access,
  response: z.object({ status: z.literal('success'), verification: CompanyVerificationRead }),
});

export const verifyCompanyInstantly = defineEndpoint({
  tag: 'company',
  method: 'POST',
  path: '/company/verification/instant',
  summary:
    'Instant verification: the registration number (format and check digits for the country) and the verified company email domain against the website',
  auth: true,
  access,
  body: InstantVerificationBody,
  response: z.object({
    status: z.literal('success'),
    responseMessage: z.string(),
    verification: CompanyVerificationRead,
    checks: z.array(VerificationCheckRead),
    completion: CompanyCompletionRead,
  }),
});
