import { z } from 'zod';
import { DOCUMENT_TYPE_CODES } from '../lists/company.ts';
import {
  DocumentVerificationFields,
  InstantVerificationBody,
  RejectVerificationBody,
  VERIFICATION_DOCUMENT_MAX_BYTES,
  VERIFICATION_MESSAGES,
} from '../validation/company-verification.ts';
import { COMPANY_VERIFICATION_STATUSES, CompanyCompletionRead } from './company.ts';
import { defineEndpoint } from './define.ts';
import { uuidParam } from '../validation/ids.ts';

// Account verification (issue 11), Instant method. Imported directly
// ('@talentloop/contract/api/company-verification'). Clients only; the caller's own company only.
// A check that fails answers 422 TL_CORE_11010_E whose message names every failed check.

const access = ['client'] as const;

export const VERIFICATION_API_MESSAGES = {
  verified: 'Your company has been verified. You can now start hiring talented freelancers to grow your business',
  documentsSubmitted: 'Our team will review your documents within 24 hours. Once verified, you can start hiring freelancers.',
  approved: 'Submission approved',
  rejected: 'Submission rejected',
  /** An unverified company (issue 32): search is open to it; shortlisting waits for verification. */
  unverified:
    'You can already search vetted talent and open their profiles. Shortlisting them for your roles opens once your company is verified.',
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
  multipart: {
    fields: {
      businessRegistrationNumber: {
        type: 'text',
        schema: DocumentVerificationFields.shape.businessRegistrationNumber,
        description: 'The registration number',
      },
      documentType: { type: 'text', schema: DocumentVerificationFields.shape.documentType, description: 'The document type code' },
      country: { type: 'text', schema: DocumentVerificationFields.shape.country, description: 'The country code' },
    },
    files: {
      documentFile: {
        kinds: ['pdf', 'doc', 'docx', 'jpeg', 'png'],
        maxBytes: VERIFICATION_DOCUMENT_MAX_BYTES,
        maxCount: 1,
        required: true,
        tooLarge: 'TL_CORE_11021_E',
        wrongKind: 'TL_CORE_11020_E',
        missing: { code: 'TL_CORE_00400_E', message: `documentFile: ${VERIFICATION_MESSAGES.documentFileRequired}` },
        description: 'The document (pdf, doc, docx, jpg or png, at most 10 MB)',
      },
    },
    limits: { parts: 4, fields: 3, files: 1, fieldBytes: 1024 },
    otherFiles: 'refuse',
    what: 'documents',
  },
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
  /** The stored document (served to operators and the owner only, as an attachment; `?inline=1` previews a PDF or image). */
  fileUrl: z.string().nullable(),
  /** The document's type as sniffed from its bytes when it was stored (null when the file is gone). */
  fileMime: z.string().nullable(),
  status: z.enum(DOCUMENT_SUBMISSION_STATUSES),
  submittedAt: z.string(),
});
export type VerificationSubmissionReview = z.infer<typeof VerificationSubmissionReview>;

/** The company behind a submission, as the operator reviewing it sees it (issue 21). */
export const ReviewedCompany = z.object({
  id: z.string(),
  name: z.string(),
  country: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  industry: z.string().nullable(),
  companySize: z.string().nullable(),
  contactEmail: z.string().nullable(),
  /** The company email proven by a code, if any. */
  verifiedEmail: z.string().nullable(),
  ownerEmail: z.string(),
  verificationStatus: z.enum(COMPANY_VERIFICATION_STATUSES),
  createdAt: z.string(),
});
export type ReviewedCompany = z.infer<typeof ReviewedCompany>;

/** One step of the company's verification history (company_verification_events), newest first. */
export const VerificationHistoryEvent = z.object({
  id: z.string(),
  at: z.string(),
  method: z.enum(['instant', 'documents', 'support']),
  outcome: z.enum(['verified', 'pending', 'rejected', 'revoked']),
  /** The operator's reason (rejected) or why a verification was withdrawn (revoked). */
  reason: z.string().nullable(),
  /** Who acted: the company's own account or an operator (their email); null when the account is gone. */
  actorEmail: z.string().nullable(),
});
export type VerificationHistoryEvent = z.infer<typeof VerificationHistoryEvent>;

/** A submission of the company, past or present, with its outcome. */
export const PastSubmission = z.object({
  id: z.string(),
  submittedAt: z.string(),
  status: z.enum(DOCUMENT_SUBMISSION_STATUSES),
  documentType: z.enum(DOCUMENT_TYPE_CODES),
  businessRegistrationNumber: z.string(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
  decidedByEmail: z.string().nullable(),
});
export type PastSubmission = z.infer<typeof PastSubmission>;

export const listPendingVerifications = defineEndpoint({
  tag: 'operator',
  method: 'GET',
  path: '/operator/verification-submissions',
  summary: 'Document submissions waiting for review, oldest first (at most 200)',
  auth: true,
  access: operators,
  response: z.object({ status: z.literal('success'), submissions: z.array(VerificationSubmissionReview) }),
});

export const getVerificationSubmission = defineEndpoint({
  tag: 'operator',
  method: 'GET',
  path: '/operator/verification-submissions/:submissionId',
  params: z.object({ submissionId: uuidParam('TL_CORE_11024_E') }),
  summary:
    'One submission for review: the company\u2019s details (owner\u2019s email included) and its verification history (events and every submission with its outcome and reason)',
  auth: true,
  access: operators,
  errors: ['TL_CORE_11024_E'],
  response: z.object({
    status: z.literal('success'),
    submission: VerificationSubmissionReview,
    company: ReviewedCompany,
    /** Newest first. */
    events: z.array(VerificationHistoryEvent),
    /** Every submission of the company, newest first (this one included). */
    submissions: z.array(PastSubmission),
  }),
});

const decided = z.object({ status: z.literal('success'), responseMessage: z.string(), submission: VerificationSubmissionReview });

export const approveVerificationSubmission = defineEndpoint({
  tag: 'operator',
  method: 'POST',
  path: '/operator/verification-submissions/:submissionId/approve',
  params: z.object({ submissionId: uuidParam('TL_CORE_11024_E') }),
  summary:
    'Approve a pending submission: the company becomes verified (method documents), is mailed, and the audit log records it. Not pending: 409',
  auth: true,
  access: operators,
  errors: ['TL_CORE_11023_E', 'TL_CORE_11024_E', 'TL_CORE_11027_E'],
  response: decided,
});

export const rejectVerificationSubmission = defineEndpoint({
  tag: 'operator',
  method: 'POST',
  path: '/operator/verification-submissions/:submissionId/reject',
  params: z.object({ submissionId: uuidParam('TL_CORE_11024_E') }),
  summary: 'Reject a pending submission with the reason the company is shown (and mailed); the audit log records it. Not pending: 409',
  auth: true,
  access: operators,
  errors: ['TL_CORE_11023_E', 'TL_CORE_11024_E'],
  body: RejectVerificationBody,
  response: decided,
});
