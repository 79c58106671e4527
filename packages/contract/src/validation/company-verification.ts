import { z } from 'zod';
import { SHORT_TEXT_MAX } from '../limits.ts';
import { countryCodeField, requiredText } from './fields.ts';

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
} as const;

const REGISTRATION_NUMBER_CHARS = /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/;

/** The characters a registration number may carry (before the country's own rule). */
export function isRegistrationNumberShape(value: string): boolean {
  return REGISTRATION_NUMBER_CHARS.test(value.trim());
}

export const InstantVerificationBody = z.object({
  companyName: requiredText(VERIFICATION_MESSAGES.companyNameRequired, SHORT_TEXT_MAX),
  businessRegistrationNumber: z
    .string({ error: VERIFICATION_MESSAGES.numberRequired })
    .trim()
    .min(1, VERIFICATION_MESSAGES.numberRequired)
    .max(REGISTRATION_NUMBER_MAX, VERIFICATION_MESSAGES.numberTooLong)
    .refine(isRegistrationNumberShape, VERIFICATION_MESSAGES.numberCharacters),
  country: countryCodeField(VERIFICATION_MESSAGES.countryRequired),
});
export type InstantVerificationBody = z.infer<typeof InstantVerificationBody>;
