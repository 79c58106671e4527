import { z } from 'zod';
import { ERRORS } from '../errors.ts';
import { PASSWORD_MAX } from '../limits.ts';
import { MESSAGES } from '../validation/messages.ts';
import { passwordField } from '../validation/auth.ts';
import { currentPassword, strongPassword } from './auth.ts';
import { defineEndpoint } from './define.ts';

// Security & Privacy (issue 11, company view profile; freelancers get the same later): change the
// password and sign out every device. Imported directly ('@talentloop/contract/api/security').

const access = ['freelancer', 'client'] as const;

export const SECURITY_MESSAGES = {
  passwordChanged: 'Password changed. Your other devices were signed out.',
  signedOutEverywhere: 'You were signed out on every device.',
  noPassword: ERRORS.TL_CORE_10140_E.message,
  samePassword: ERRORS.TL_CORE_10141_E.message,
  currentRequired: 'Current password is required',
} as const;

/** The form: the current password, a new one with the sign-up rules, its confirmation. */
export const ChangePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, SECURITY_MESSAGES.currentRequired).max(PASSWORD_MAX, MESSAGES.passwordLong),
    newPassword: passwordField,
    confirmPassword: z.string().min(1, MESSAGES.confirmRequired),
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword && v.newPassword !== v.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MESSAGES.passwordsMismatch });
    if (v.currentPassword && v.newPassword && v.currentPassword === v.newPassword)
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: SECURITY_MESSAGES.samePassword });
  });
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;

/** The wire: the same strength rules as sign-up and reset (TL_CORE_01032_E), passwords untrimmed. */
export const ChangePasswordBody = z.object({
  currentPassword: currentPassword('TL_CORE_01004_E', 'TL_CORE_10130_E'),
  newPassword: strongPassword('TL_CORE_01031_E'),
});
export type ChangePasswordBody = z.input<typeof ChangePasswordBody>;

const done = z.object({ status: z.literal('success'), responseMessage: z.string() });

export const getSecurity = defineEndpoint({
  tag: 'account',
  method: 'GET',
  path: '/account/security',
  summary: 'Whether the account has a password (a Google-only account has none) and how many devices are signed in',
  auth: true,
  access,
  response: z.object({
    status: z.literal('success'),
    hasPassword: z.boolean(),
    googleLinked: z.boolean(),
    activeSessions: z.number().int(),
  }),
});

export const changePassword = defineEndpoint({
  tag: 'account',
  method: 'POST',
  path: '/account/password',
  summary:
    'Change the password (current one needed; a wrong one counts toward the login lockout); every other session ends, this one stays; a notice is mailed',
  auth: true,
  access,
  body: ChangePasswordBody,
  response: done,
});

export const signOutEverywhere = defineEndpoint({
  tag: 'account',
  method: 'POST',
  path: '/account/sign-out-all',
  summary: 'End every session of the account, this one included',
  auth: true,
  access,
  response: done,
});
