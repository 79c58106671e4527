import { z } from 'zod';
import { NAME_MAX } from '../limits.ts';
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
