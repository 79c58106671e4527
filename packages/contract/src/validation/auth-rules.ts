import { EMAIL_MAX, OTP_LENGTH, PASSWORD_MAX, PASSWORD_MIN, PASSWORD_SPECIAL_CHARS } from '../limits.ts';
import { MESSAGES } from './messages.ts';

// The plain rules behind the auth schemas (./auth.ts re-exports them): no zod here, so a screen that
// only needs a rule (the strength meter, the code check) loads no schemas before its first paint.

// A practical address pattern: one @, no spaces, a dot in the domain, a 2+ letter top level.
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

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

export const USER_TYPES = ['freelancer', 'client'] as const;
export type UserType = (typeof USER_TYPES)[number];

const OTP_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);
/** A code as typed: all boxes filled, digits only. */
export function otpProblem(code: string): string | null {
  if (code.replace(/\s/g, '').length < OTP_LENGTH) return MESSAGES.otpIncomplete;
  return OTP_PATTERN.test(code) ? null : MESSAGES.otpInvalid;
}
export function isOtpShape(code: string): boolean {
  return OTP_PATTERN.test(code);
}
