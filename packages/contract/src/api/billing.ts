import { z } from 'zod';
import { OTP_LENGTH } from '../limits.ts';
import { TAX_NUMBER_LABELS, type TaxScheme, normalizeTaxNumber, taxNumberProblem, taxSchemeOf } from '../rules/tax-numbers.ts';
import { isValidEmail, normalizeEmail } from '../validation/auth-rules.ts';
import { hasUnsafeCharacters } from '../validation/characters.ts';
import { countryCodeField, requiredText } from '../validation/fields.ts';
import { MESSAGES } from '../validation/messages.ts';
import { PROFILE_MESSAGES as M } from '../validation/profile-messages.ts';
import { COMPANY_NAME_MESSAGES, PERSON_NAME_PATTERN, companyNameField } from '../validation/names.ts';
import { defineEndpoint } from './define.ts';

// Billing details (issue 34, decision 202), imported directly ('@talentloop/contract/api/billing'):
// what every invoice prints about its two parties, and what must be there before the first offer
// (the company) and before accepting one (the freelancer). The company's billing email is proven by
// the mailed code the company contact email uses (purpose 'company_email'); an address already
// proven (the account's own, the company's verified contact email) counts at once. Saves carry the
// version they loaded; a stale one is 409 TL_CORE_34205_E.

export { TAX_NUMBER_LABELS, normalizeTaxNumber, taxNumberProblem, taxSchemeOf, type TaxScheme };

export const BILLING_LIMITS = { legalNameMax: 100, addressLineMax: 120, cityMax: 60, postalCodeMax: 12 } as const;

export const BILLING_MESSAGES = {
  saved: 'Billing details saved',
  emailCodeSent: 'We sent a 5-digit code to your billing email.',
  emailVerified: 'Billing email verified',
  legalNameRequired: 'Enter the legal name invoices are addressed to.',
  personLegalNameRequired: 'Enter your full legal name as it should appear on invoices.',
  personLegalNameLetters: 'Use letters only: parts joined by a space, a hyphen or an apostrophe.',
  addressRequired: 'Enter the street address.',
  cityRequired: 'Enter the town or city.',
  postalCodeRequired: 'Enter the postal code.',
  postalCodeInvalid: 'Use letters, digits, spaces and hyphens only.',
  pinCodeInvalid: 'An Indian PIN code has 6 digits and does not start with 0.',
  billingEmailRequired: 'Enter the email address invoices are sent to.',
  tooLong: (max: number) => `Use at most ${max} characters.`,
} as const;

/** What an invoice still needs, in the order a form lists it, with the words a page shows. */
export const BILLING_MISSING = ['legalName', 'address', 'billingEmail', 'billingEmailProof'] as const;
export type BillingMissing = (typeof BILLING_MISSING)[number];
export const BILLING_MISSING_LABELS: Record<BillingMissing, string> = {
  legalName: 'the legal name',
  address: 'the full billing address',
  billingEmail: 'a billing email',
  billingEmailProof: 'the code sent to the billing email',
};
export const BillingReadiness = z.object({ ready: z.boolean(), missing: z.array(z.enum(BILLING_MISSING)) });
export type BillingReadiness = z.infer<typeof BillingReadiness>;

const line = (required: string, max: number) =>
  requiredText(required, max, { tooLong: BILLING_MESSAGES.tooLong(max) }).refine((v) => !/[<>]/.test(v), M.noAngleBrackets);
const optionalLine = (max: number) =>
  z
    .string()
    .max(max + 50, BILLING_MESSAGES.tooLong(max))
    .refine((v) => !hasUnsafeCharacters(v), M.unsafeCharacters)
    .transform((v) => v.trim())
    .refine((v) => v.length <= max, BILLING_MESSAGES.tooLong(max))
    .refine((v) => !/[<>]/.test(v), M.noAngleBrackets)
    .default('');

const AddressFields = {
  addressLine1: line(BILLING_MESSAGES.addressRequired, BILLING_LIMITS.addressLineMax),
  addressLine2: optionalLine(BILLING_LIMITS.addressLineMax),
  city: line(BILLING_MESSAGES.cityRequired, BILLING_LIMITS.cityMax),
  postalCode: requiredText(BILLING_MESSAGES.postalCodeRequired, BILLING_LIMITS.postalCodeMax, {
    tooLong: BILLING_MESSAGES.tooLong(BILLING_LIMITS.postalCodeMax),
  })
    .toUpperCase()
    .refine((v) => /^[0-9A-Z][0-9A-Z -]*$/.test(v), BILLING_MESSAGES.postalCodeInvalid),
  country: countryCodeField(),
  /** Only for a country with a checked scheme (taxSchemeOf); empty or null: none. */
  taxNumber: z
    .string()
    .max(40, BILLING_MESSAGES.tooLong(40))
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null)),
};

/** The rules across fields: the PIN code in India, the tax number by its country's scheme (stored normalised). */
function crossCheck<T extends { country: string; postalCode: string; taxNumber: string | null }>(value: T, ctx: z.RefinementCtx) {
  if (value.country === 'IN' && !/^[1-9]\d{5}$/.test(value.postalCode)) {
    ctx.addIssue({ code: 'custom', message: BILLING_MESSAGES.pinCodeInvalid, path: ['postalCode'] });
  }
  if (value.taxNumber !== null) {
    const problem = taxNumberProblem(value.country, value.taxNumber);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['taxNumber'] });
  }
}
const normalized = <T extends { country: string; taxNumber: string | null }>(value: T): T => ({
  ...value,
  taxNumber: value.taxNumber === null ? null : normalizeTaxNumber(value.country, value.taxNumber),
});

export const BillingVersion = z.number().int().min(0);

export const billingEmailField = requiredText(BILLING_MESSAGES.billingEmailRequired, 254)
  .refine(isValidEmail, MESSAGES.emailInvalid)
  .transform(normalizeEmail);

/** A person's full legal name: the house name rule (rules of names.ts), up to 100 characters. */
export const personLegalNameField = z
  .string({ error: BILLING_MESSAGES.personLegalNameRequired })
  .refine((v) => !hasUnsafeCharacters(v), { message: M.unsafeCharacters, abort: true })
  .trim()
  .min(1, { message: BILLING_MESSAGES.personLegalNameRequired, abort: true })
  .max(BILLING_LIMITS.legalNameMax, { message: BILLING_MESSAGES.tooLong(BILLING_LIMITS.legalNameMax), abort: true })
  .refine((v) => PERSON_NAME_PATTERN.test(v), BILLING_MESSAGES.personLegalNameLetters);

const companyShape = {
  legalName: companyNameField(BILLING_MESSAGES.legalNameRequired),
  ...AddressFields,
  billingEmail: billingEmailField,
};
const freelancerShape = { legalName: personLegalNameField, ...AddressFields };

/** The company's billing form (the same rules as the wire, without the version). */
export const CompanyBillingFields = z.object(companyShape).superRefine(crossCheck).transform(normalized);
export type CompanyBillingFields = z.input<typeof CompanyBillingFields>;
export const CompanyBillingBody = z
  .object({ ...companyShape, version: BillingVersion })
  .superRefine(crossCheck)
  .transform(normalized);

/** The freelancer's billing form. */
export const FreelancerBillingFields = z.object(freelancerShape).superRefine(crossCheck).transform(normalized);
export type FreelancerBillingFields = z.input<typeof FreelancerBillingFields>;
export const FreelancerBillingBody = z
  .object({ ...freelancerShape, version: BillingVersion })
  .superRefine(crossCheck)
  .transform(normalized);

export const CompanyBillingRead = z.object({
  legalName: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  postalCode: z.string(),
  country: z.string(),
  taxNumber: z.string().nullable(),
  billingEmail: z.string(),
  /** The billing email was proven (a code, or an address the account had already proven). */
  billingEmailProven: z.boolean(),
});
export type CompanyBillingRead = z.infer<typeof CompanyBillingRead>;

export const FreelancerBillingRead = z.object({
  legalName: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  postalCode: z.string(),
  country: z.string(),
  taxNumber: z.string().nullable(),
});
export type FreelancerBillingRead = z.infer<typeof FreelancerBillingRead>;

const done = { status: z.literal('success'), responseMessage: z.string() };
const companyLoaded = {
  status: z.literal('success'),
  version: BillingVersion,
  billing: CompanyBillingRead.nullable(),
  readiness: BillingReadiness,
};
const freelancerLoaded = {
  status: z.literal('success'),
  version: BillingVersion,
  billing: FreelancerBillingRead.nullable(),
  readiness: BillingReadiness,
};

export const getCompanyBilling = defineEndpoint({
  tag: 'billing',
  method: 'GET',
  path: '/company/billing',
  summary: "The company's billing details (null before the first save, version 0) and what invoices still need",
  auth: true,
  access: ['client'],
  response: z.object(companyLoaded),
});

export const saveCompanyBilling = defineEndpoint({
  tag: 'billing',
  method: 'PUT',
  path: '/company/billing',
  summary: "Save the company's legal name, billing address, tax number and billing email (the version loaded; stale: 409)",
  auth: true,
  access: ['client'],
  body: CompanyBillingBody,
  errors: ['TL_CORE_34205_E'],
  response: z.object({ ...companyLoaded, ...done }),
});

export const sendBillingEmailCode = defineEndpoint({
  tag: 'billing',
  method: 'POST',
  path: '/company/billing/email-code',
  summary: 'Mail a code to the saved billing email (the one mail an unproven address gets)',
  auth: true,
  access: ['client'],
  body: z.object({ email: billingEmailField }),
  errors: ['TL_CORE_34206_E'],
  response: z.object(done),
});

export const verifyBillingEmail = defineEndpoint({
  tag: 'billing',
  method: 'POST',
  path: '/company/billing/email-verify',
  summary: 'Prove the saved billing email with the mailed code',
  auth: true,
  access: ['client'],
  body: z.object({
    email: billingEmailField,
    otp: z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `Enter the ${OTP_LENGTH}-digit code.`),
  }),
  errors: ['TL_CORE_34206_E'],
  response: z.object({ ...companyLoaded, ...done }),
});

export const getFreelancerBilling = defineEndpoint({
  tag: 'billing',
  method: 'GET',
  path: '/freelancer/billing',
  summary: "The freelancer's legal name and address for invoices (null before the first save, version 0)",
  auth: true,
  access: ['freelancer'],
  response: z.object(freelancerLoaded),
});

export const saveFreelancerBilling = defineEndpoint({
  tag: 'billing',
  method: 'PUT',
  path: '/freelancer/billing',
  summary: "Save the freelancer's legal name, address and optional tax number (the version loaded; stale: 409)",
  auth: true,
  access: ['freelancer'],
  body: FreelancerBillingBody,
  errors: ['TL_CORE_34205_E'],
  response: z.object({ ...freelancerLoaded, ...done }),
});

export { COMPANY_NAME_MESSAGES };
