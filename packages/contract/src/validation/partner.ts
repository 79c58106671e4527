import { z } from 'zod';
import { COMPANY_NAME_MAX, EMAIL_MAX } from '../limits.ts';
import { isValidEmail } from './auth.ts';
import { COMPANY_NAME_MESSAGES, companyNameProblem } from './names.ts';

// The landing page's partner form ("Hire Talents"). spec: auth-onboarding §2 Landing, §5 Partner form,
// §7 POST /company-user/company-partnership, §8 Partner request. The form and the server share these rules.

export const PARTNER_MESSAGES = {
  companyNameRequired: 'Company name is required',
  companyNameLong: `Company name must be at most ${COMPANY_NAME_MAX} characters`,
  companyNameInvalid: COMPANY_NAME_MESSAGES.invalid,
  companyEmailRequired: 'Company email is required',
  companyEmailInvalid: 'Invalid email format',
  /** What the server answers when the request is stored. */
  received: 'Thanks for reaching out! Our team will contact you shortly.',
  /** spec §8: a failure without a message from the server. */
  unexpected: 'Unexpected error occurred',
  /** spec §8: no answer at all (network). */
  somethingWrong: 'Something went wrong',
} as const;

/** Trimmed, with runs of whitespace made one space: "Acme   Corp " and "Acme Corp" are the same company. */
export function normalizeCompanyName(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}

/** The one company-name rule (names.ts, decision 165). */
export function isAllowedCompanyName(value: string): boolean {
  return companyNameProblem(value.trim()) === null;
}

const required = (message: string) => z.string({ error: message }).trim().min(1, { message, abort: true });

/** The partner form as the visitor fills it. */
export const PartnerFormSchema = z.object({
  companyName: required(PARTNER_MESSAGES.companyNameRequired)
    .max(COMPANY_NAME_MAX, { message: PARTNER_MESSAGES.companyNameLong, abort: true })
    .refine(isAllowedCompanyName, PARTNER_MESSAGES.companyNameInvalid),
  companyEmail: required(PARTNER_MESSAGES.companyEmailRequired)
    .max(EMAIL_MAX, { message: PARTNER_MESSAGES.companyEmailInvalid, abort: true })
    .refine(isValidEmail, PARTNER_MESSAGES.companyEmailInvalid),
});
export type PartnerForm = z.infer<typeof PartnerFormSchema>;
