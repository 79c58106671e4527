import { z } from 'zod';
import { COMPANY_NAME_MAX, NAME_MAX } from '../limits.ts';
import { hasUnsafeCharacters } from './characters.ts';
import { MESSAGES } from './messages.ts';
import { PROFILE_MESSAGES } from './profile-messages.ts';

// People's names: ONE rule, used by every form and every wire schema that takes a person's name
// (sign-up and POST /user/register, the wizard's basics, the editor's About Me). Issue 19,
// docs/decisions.md "Letters only" names and "One definition per field".

/**
 * Real names: letters of any script with their combining marks (so Devanagari, Tamil or Thai names
 * with vowel signs pass, and a decomposed 'é'), parts joined by a single space, a hyphen or an
 * apostrophe of either kind (' or ’): "María José", "van der Berg", "O’Brien", "Jean-Luc",
 * "अनुष्का", "محمد", "王小明". No digits, symbols, HTML or URLs.
 */
export const PERSON_NAME_PATTERN = /^\p{L}[\p{L}\p{M}]*(?:[ '’-]\p{L}[\p{L}\p{M}]*)*$/u;

/** A trimmed name the rule takes: at most NAME_MAX characters, no unsafe characters, the pattern. */
export const isPersonName = (value: string) => value.length <= NAME_MAX && !hasUnsafeCharacters(value) && PERSON_NAME_PATTERN.test(value);

export const NAME_MESSAGES = {
  firstNameRequired: MESSAGES.firstNameRequired,
  lastNameRequired: MESSAGES.lastNameRequired,
  firstNameLetters: MESSAGES.firstNameLetters,
  lastNameLetters: MESSAGES.lastNameLetters,
  tooLong: `Must be at most ${NAME_MAX} characters`,
  unsafeCharacters: PROFILE_MESSAGES.unsafeCharacters,
} as const;

/**
 * A person's first or last name: trimmed, required (`required` answers a missing, blank or
 * non-text value: a form's words, or the TL_CORE code a wire schema names), then the rule.
 */
export function personName(required: string, letters: string) {
  return z
    .string({ error: required })
    .refine((v) => !hasUnsafeCharacters(v), { message: NAME_MESSAGES.unsafeCharacters, abort: true })
    .trim()
    .min(1, { message: required, abort: true })
    .max(NAME_MAX, { message: NAME_MESSAGES.tooLong, abort: true })
    .refine((v) => PERSON_NAME_PATTERN.test(v), letters);
}

/** The forms' first and last name fields (sign-up, wizard, About Me). */
export const firstNameField = personName(NAME_MESSAGES.firstNameRequired, NAME_MESSAGES.firstNameLetters);
export const lastNameField = personName(NAME_MESSAGES.lastNameRequired, NAME_MESSAGES.lastNameLetters);

// Company names: ONE rule, used by every form and wire that takes a company's name (sign-up and
// POST /user/register, the company profile, the verification request, the partner request).
// Issue 32, decision 165. Companies are named with digits and signs a person's name never has.

/** The signs a company name may carry besides letters, marks, digits and spaces. */
export const COMPANY_NAME_SIGNS = `& ' ’ . , - – ( ) + / ! ? : # " “ ”`;
const COMPANY_NAME_CHARS = /^[\p{L}\p{M}\p{N} &'’.,\-–()+/!?:#"“”]+$/u;
/** A link in a name: a scheme ('http://', 'javascript:'), or 'www.' ('Booking.com' stays a name). */
const LINK_IN_NAME = /[a-z][a-z0-9+.-]*:\/\/|^(?:javascript|data|vbscript|mailto|https?|ftp):|(?:^|\s)www\./iu;

export const COMPANY_NAME_MESSAGES = {
  required: MESSAGES.companyRequired,
  tooLong: MESSAGES.companyTooLong,
  invalid: MESSAGES.companyInvalid,
} as const;

/**
 * What is wrong with a trimmed company name, or null: at most COMPANY_NAME_MAX characters of
 * letters and marks of any script, digits, spaces and COMPANY_NAME_SIGNS, with at least one
 * letter or digit; no markup, links or control characters. '3M', 'AT&T', 'L’Oréal',
 * 'Müller & Söhne GmbH', 'トヨタ自動車' pass. Blank is the caller's 'required'.
 */
export function companyNameProblem(name: string): string | null {
  if (name.length > COMPANY_NAME_MAX) return COMPANY_NAME_MESSAGES.tooLong;
  if (hasUnsafeCharacters(name) || !COMPANY_NAME_CHARS.test(name)) return COMPANY_NAME_MESSAGES.invalid;
  if (!/[\p{L}\p{N}]/u.test(name) || LINK_IN_NAME.test(name)) return COMPANY_NAME_MESSAGES.invalid;
  return null;
}

/** A trimmed company name the rule takes. */
export const isCompanyName = (value: string) => value.trim() !== '' && companyNameProblem(value.trim()) === null;

/**
 * A company's name field: trimmed, required (`required`: a form's words or a wire's TL_CORE code),
 * then the rule; `invalid` replaces the rule's message (a wire that answers a code).
 */
export function companyNameField(required: string = COMPANY_NAME_MESSAGES.required, invalid?: string) {
  return z
    .string({ error: required })
    .refine((v) => !hasUnsafeCharacters(v), { message: invalid ?? COMPANY_NAME_MESSAGES.invalid, abort: true })
    .trim()
    .min(1, { message: required, abort: true })
    .superRefine((v, ctx) => {
      const problem = companyNameProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: invalid ?? problem });
    });
}
