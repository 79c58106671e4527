import { z } from 'zod';
import { EMAIL_MAX, LOGIN_PASSWORD_MIN, NAME_MAX, OTP_LENGTH, PASSWORD_MAX, PASSWORD_MIN, PASSWORD_SPECIAL_CHARS } from '../limits.ts';

// Field rules and their messages. spec: auth-onboarding §5. Both the forms and the server use these.

// The messages live apart (no zod there), so code that needs only a message loads no schemas.
import { MESSAGES } from './messages.ts';
export { MESSAGES };

// A practical address pattern: one @, no spaces, a dot in the domain, a 2+ letter top level.
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;
// "Letters only" (spec), read for real names: letters of any script, with single spaces,
// hyphens or apostrophes between them ("Mary Ann", "O'Brien", "José"). docs/decisions.md
const NAME_PATTERN = /^\p{L}+(?:[ '-]\p{L}+)*$/u;

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
}

/** Emails are compared and stored lower-cased and trimmed. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export const PASSWORD_CHECKS = [
  { test: (p: string) => /[A-Z]/.test(p), message: MESSAGES.passwordUpper },
  { test: (p: string) => /[a-z]/.test(p), message: MESSAGES.passwordLower },
  { test: (p: string) => /[0-9]/.test(p), message: MESSAGES.passwordNumber },
  { test: (p: string) => [...p].some((c) => PASSWORD_SPECIAL_CHARS.includes(c)), message: MESSAGES.passwordSpecial },
] as const;

/** The first failing password rule's message, or null when the password is strong enough. */
export function passwordProblem(password: string): string | null {
  if (!password) return MESSAGES.passwordRequired;
  if (password.length < PASSWORD_MIN) return MESSAGES.passwordShort;
  if (password.length > PASSWORD_MAX) return MESSAGES.passwordLong;
  return PASSWORD_CHECKS.find((c) => !c.test(password))?.message ?? null;
}

function characterClasses(password: string): number {
  return PASSWORD_CHECKS.filter((c) => c.test(password)).length;
}

export type Strength3 = 'Weak' | 'Medium' | 'Strong';
/** Sign-up meter: Weak, Medium, Strong by the number of character classes. spec: §5 Sign-up */
export function strength3(password: string): Strength3 | null {
  if (!password) return null;
  const n = characterClasses(password);
  if (n === 4 && password.length >= PASSWORD_MIN) return 'Strong';
  if (n >= 3) return 'Medium';
  return 'Weak';
}

export const STRENGTH5 = ['Very Weak', 'Weak', 'Medium', 'Strong', 'Very Strong'] as const;
export type Strength5 = (typeof STRENGTH5)[number];
/** Reset meter, five levels: classes plus a point for length >= 12 (0..5, 0 and 1 both Very Weak). */
export function strength5(password: string): Strength5 | null {
  if (!password) return null;
  const score = characterClasses(password) + (password.length >= 12 ? 1 : 0) - (password.length < PASSWORD_MIN ? 1 : 0);
  return STRENGTH5[Math.max(0, Math.min(4, score - 1))] ?? 'Very Weak';
}

// `abort` stops at the first failing check, so an empty field says 'required', not also 'invalid'.
const requiredText = (message: string) => z.string({ error: message }).trim().min(1, { message, abort: true });

export const nameField = (required: string, letters: string) =>
  requiredText(required).max(NAME_MAX, `Must be at most ${NAME_MAX} characters`).regex(NAME_PATTERN, letters);

export const emailField = (required: string, invalid: string) => requiredText(required).refine(isValidEmail, invalid);

export const passwordField = z.string({ error: MESSAGES.passwordRequired }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const USER_TYPES = ['freelancer', 'client'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** The sign-up form. The order of fields decides which message the submit summary shows. */
export const SignUpFormSchema = z
  .object({
    userType: z.enum(USER_TYPES),
    firstName: nameField(MESSAGES.firstNameRequired, MESSAGES.firstNameLetters),
    lastName: nameField(MESSAGES.lastNameRequired, MESSAGES.lastNameLetters),
    company: z.string().trim().optional(),
    emailId: emailField(MESSAGES.emailRequired, MESSAGES.emailInvalid),
    password: passwordField,
    confirmPassword: z.string().min(1, MESSAGES.confirmRequired),
    terms: z.boolean().refine((v) => v, MESSAGES.termsRequired),
  })
  .superRefine((v, ctx) => {
    if (v.userType === 'client') {
      if (!v.company) ctx.addIssue({ code: 'custom', path: ['company'], message: MESSAGES.companyRequired });
      else if (!NAME_PATTERN.test(v.company)) ctx.addIssue({ code: 'custom', path: ['company'], message: MESSAGES.companyLetters });
    }
    if (v.confirmPassword && v.password !== v.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MESSAGES.passwordsMismatch });
  });
export type SignUpForm = z.infer<typeof SignUpFormSchema>;

export const LoginFormSchema = z.object({
  email: requiredText(MESSAGES.loginEmailRequired).refine(isValidEmail, MESSAGES.loginEmailInvalid),
  password: z
    .string()
    .min(1, { message: MESSAGES.loginPasswordRequired, abort: true })
    .min(LOGIN_PASSWORD_MIN, { message: MESSAGES.loginPasswordShort, abort: true })
    .max(PASSWORD_MAX, MESSAGES.passwordLong),
});
export type LoginForm = z.infer<typeof LoginFormSchema>;

export const ForgotFormSchema = z.object({
  email: emailField(MESSAGES.emailRequired, MESSAGES.emailInvalid),
});

export const ResetFormSchema = z
  .object({ newPassword: passwordField, confirmPassword: z.string().min(1, MESSAGES.confirmRequired) })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: MESSAGES.passwordsMismatch });

const OTP_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);
/** A code as typed: all boxes filled, digits only. */
export function otpProblem(code: string): string | null {
  if (code.replace(/\s/g, '').length < OTP_LENGTH) return MESSAGES.otpIncomplete;
  return OTP_PATTERN.test(code) ? null : MESSAGES.otpInvalid;
}
export function isOtpShape(code: string): boolean {
  return OTP_PATTERN.test(code);
}
