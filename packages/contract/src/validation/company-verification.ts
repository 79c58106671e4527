import { z } from 'zod';
import { DOCUMENT_TYPE_CODES } from '../lists/company.ts';
import { countryCodeField, requiredText } from './fields.ts';
import { companyNameField } from './names.ts';

// Account verification, Instant method (spec: profile-company §2, §4, §5; issue 11).
// The spec's 'Only numbers are allowed' cannot hold: an Indian GSTIN or PAN has letters, a UK VAT
// number starts with GB. Reading (docs/decisions.md): letters and digits, with the spaces, hyphens,
// dots and slashes registries print; the country's own format and check digits are checked on the
// server by the registry check.

export const REGISTRATION_NUMBER_MAX = 40;

export const VERIFICATION_MESSAGES = {
  companyNameRequired: 'Company name is required',
  numberRequired: 'Registration number is required',
  numberCharacters: 'Only letters, numbers, spaces, hyphens, dots and slashes are allowed',
  numberTooLong: `Registration number must be at most ${REGISTRATION_NUMBER_MAX} characters`,
  countryRequired: 'Country is required',
  documentTypeRequired: 'Document type is required',
  documentTypeInvalid: 'Choose one of the listed document types',
  documentFileRequired: 'Document file is required',
  documentFileTooLarge: 'File size should not exceed 10MB',
  documentFileType: 'Only PDF, DOC, DOCX, JPG and PNG files are accepted',
  reasonRequired: 'A reason is required to reject documents',
} as const;

/** Largest verification document accepted; the server cuts an upload off at this size while it streams in. */
export const VERIFICATION_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** What the file picker offers; the server decides the type from the bytes, never from the name. */
export const VERIFICATION_DOCUMENT_ACCEPT = '.pdf,.doc,.docx,.jpg,.jpeg,.png';
export const REJECTION_REASON_MAX = 500;

const REGISTRATION_NUMBER_CHARS = /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/;

/** The characters a registration number may carry (before the country's own rule). */
export function isRegistrationNumberShape(value: string): boolean {
  return REGISTRATION_NUMBER_CHARS.test(value.trim());
}

const registrationNumberField = z
  .string({ error: VERIFICATION_MESSAGES.numberRequired })
  .trim()
  .min(1, VERIFICATION_MESSAGES.numberRequired)
  .max(REGISTRATION_NUMBER_MAX, VERIFICATION_MESSAGES.numberTooLong)
  .refine(isRegistrationNumberShape, VERIFICATION_MESSAGES.numberCharacters);

export const InstantVerificationBody = z.object({
  companyName: companyNameField(VERIFICATION_MESSAGES.companyNameRequired),
  businessRegistrationNumber: registrationNumberField,
  country: countryCodeField(VERIFICATION_MESSAGES.countryRequired),
});
export type InstantVerificationBody = z.infer<typeof InstantVerificationBody>;

/**
 * Manual method (spec: profile-company §2, §5): the text fields of the multipart submission; the
 * file (`documentFile`) is checked by the server from its bytes ('Document file is required').
 */
export const DocumentVerificationFields = z.object({
  businessRegistrationNumber: registrationNumberField,
  documentType: z
    .string({ error: VERIFICATION_MESSAGES.documentTypeRequired })
    .trim()
    .min(1, VERIFICATION_MESSAGES.documentTypeRequired)
    .pipe(z.enum(DOCUMENT_TYPE_CODES, { error: VERIFICATION_MESSAGES.documentTypeInvalid })),
  country: countryCodeField(VERIFICATION_MESSAGES.countryRequired),
});
export type DocumentVerificationFields = z.infer<typeof DocumentVerificationFields>;

/** An operator's rejection: the reason the company is shown. */
export const RejectVerificationBody = z.object({
  reason: requiredText(VERIFICATION_MESSAGES.reasonRequired, REJECTION_REASON_MAX, {
    multiline: true,
    tooLong: `Reason must be at most ${REJECTION_REASON_MAX} characters`,
  }),
});
export type RejectVerificationBody = z.infer<typeof RejectVerificationBody>;
