import { z } from 'zod';
import { LOGIN_PASSWORD_MIN, PASSWORD_MAX } from '../limits.ts';
import { USER_TYPES, isValidEmail, passwordProblem } from './auth-rules.ts';
import { crossCheck } from './cross-check.ts';
import { companyNameProblem, firstNameField, lastNameField } from './names.ts';

// Field rules and their messages. spec: auth-onboarding §5. Both the forms and the server use these.

// The messages live apart (no zod there), so code that needs only a message loads no schemas.
import { MESSAGES } from './messages.ts';
export { MESSAGES };

export * from './auth-rules.ts';

// `abort` stops at the first failing check, so an empty field says 'required', not also 'invalid'.
const requiredText = (message: string) => z.string({ error: message }).trim().min(1, { message, abort: true });

/**
 * What is wrong with a client's company name on the sign-up form, or null: the one company-name
 * rule (names.ts companyNameProblem, decision 165). Blank is 'required'.
 */
export function signUpCompanyProblem(company: string): string | null {
  return companyNameProblem(company);
}

export const emailField = (required: string, invalid: string) => requiredText(required).refine(isValidEmail, invalid);

export const passwordField = z.string({ error: MESSAGES.passwordRequired }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const SignUpFields = z.object({
  userType: z.enum(USER_TYPES),
  firstName: firstNameField,
  lastName: lastNameField,
  company: z.string().trim().optional(),
  emailId: emailField(MESSAGES.emailRequired, MESSAGES.emailInvalid),
  password: passwordField,
  confirmPassword: z.string().min(1, MESSAGES.confirmRequired),
  terms: z.boolean().refine((v) => v, MESSAGES.termsRequired),
});

/**
 * The sign-up form. The order of fields decides which message the submit summary shows. The company
 * and the confirmation are checked beside the other fields (crossCheck), so one submit shows all.
 */
export const SignUpFormSchema = SignUpFields.and(
  crossCheck(SignUpFields, ['userType', 'company'], (v, ctx) => {
    if (v.userType !== 'client') return;
    const problem = v.company ? signUpCompanyProblem(v.company) : MESSAGES.companyRequired;
    if (problem) ctx.addIssue({ code: 'custom', path: ['company'], message: problem });
  }),
).and(
  crossCheck(SignUpFields, ['password', 'confirmPassword'], (v, ctx) => {
    if (v.password !== v.confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MESSAGES.passwordsMismatch });
  }),
);
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
