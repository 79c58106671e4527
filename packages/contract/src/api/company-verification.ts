import { z } from 'zod';
import { DOCUMENT_TYPE_CODES } from '../lists/company.ts';
import { InstantVerificationBody, RejectVerificationBody } from '../validation/company-verification.ts';
import { COMPANY_VERIFICATION_STATUSES, CompanyCompletionRead } from './company.ts';
import { defineEndpoint } from './define.ts';

// Account verification (issue 11), Instant method. Imported directly
// ('@talentloop/contract/api/company-verification'). Clients only; the caller's own company only.
// A check that fails answers 422 TL_CORE_11010_E whose message names every failed check.

const access = ['client'] as const;

export const VERIFICATION_API_MESSAGES = {
  verified: 'Your company has been verified. You can now start hiring talented freelancers to grow your business',
  documentsSubmitted: 'Our team will review your documents within 24 hours. Once verified, you can start hiring freelancers.',
  approved: 'Submission approved',
  rejected: 'Submission rejected',
} as const;

export const DOCUMENT_SUBMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type DocumentSubmissionStatus = (typeof DOCUMENT_SUBMISSION_STATUSES)[number];

/** The company's latest document submission as the company sees it (the operator's reason when rejected). */
export const DocumentSubmissionRead = z.object({
  id: z.string(),
  status: z.enum(DOCUMENT_SUBMISSION_STATUSES),
  businessRegistrationNumber: z.string(),
  documentType: z.enum(DOCUMENT_TYPE_CODES),
  country: z.string(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type DocumentSubmissionRead = z.infer<typeof DocumentSubmissionRead>;

/** Why a verification was withdrawn (the evidence of an instant check no longer holds), while unverified. */
export const VerificationRevokedRead = z.object({ at: z.string(), reason: z.string() });

export const VerificationCheckRead = z.object({
  check: z.enum(['company_name', 'registration_number', 'email_domain']),
  passed: z.boolean(),
  detail: z.string(),
});
export type VerificationCheckRead = z.infer<typeof VerificationCheckRead>;

export const CompanyVerificationRead = z.object({
  status: z.enum(COMPANY_VERIFICATION_STATUSES),
  method: z.enum(['instant', 'documents']).nullable(),
  verifiedAt: z.string().nullable(),
  /** The latest manual submission, if any. */
  documents: DocumentSubmissionRead.nullable().optional(),
  /** Set while unverified when the last verification was withdrawn. */
  revoked: VerificationRevokedRead.nullable().optional(),
});
export type CompanyVerificationRead = z.infer<typeof CompanyVerificationRead>;

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

export const submitCompanyDocuments = defineEndpoint({
  tag: 'company',
  method: 'POST',
  path: '/company/verification/documents',
  summary:
    'Manual verification (multipart: businessRegistrationNumber, documentType, country, documentFile; pdf, doc, docx, jpg or png decided from the bytes, at most 10 MB): status pending review',
  auth: true,
  access,
  upload: true,
  errors: ['TL_CORE_10105_E', 'TL_CORE_11020_E', 'TL_CORE_11021_E'],
  response: z.object({
    status: z.literal('success'),
    responseMessage: z.string(),
    verification: CompanyVerificationRead,
    completion: CompanyCompletionRead,
  }),
});

// ---- operator review (no screens yet): operators only ----

const operators = ['operator'] as const;

export const VerificationSubmissionReview = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  websiteUrl: z.string().nullable(),
  businessRegistrationNumber: z.string(),
  documentType: z.enum(DOCUMENT_TYPE_CODES),
  country: z.string(),
  /** The stored document (served to operators and the owner only, as an attachment). */
  fileUrl: z.string().nullable(),
  status: z.enum(DOCUMENT_SUBMISSION_STATUSES),
  submittedAt: z.string(),
});

export const listPendingVerifications = defineEndpoint({
  tag: 'operator',
  method: 'GET',
  path: '/operator/verification-submissions',
  summary: 'Document submissions waiting for review, oldest first (at most 200)',
  auth: true,
  access: operators,
  response: z.object({ status: z.literal('success'), submissions: z.array(VerificationSubmissionReview) }),
});

const decided = z.object({ status: z.literal('success'), responseMessage: z.string(), submission: VerificationSubmissionReview });

export const approveVerificationSubmission = defineEndpoint({
  tag: 'operator',
  method: 'POST',
  path: '/operator/verification-submissions/:submissionId/approve',
  summary: 'Approve a pending submission: the company becomes verified (method documents). Not pending: 409',
  auth: true,
  access: operators,
  response: decided,
});

export const rejectVerificationSubmission = defineEndpoint({
  tag: 'operator',
  method: 'POST',
  path: '/operator/verification-submissions/:submissionId/reject',
  summary: 'Reject a pending submission with the reason the company is shown. Not pending: 409',
  auth: true,
  access: operators,
  body: RejectVerificationBody,
  response: decided,
});
