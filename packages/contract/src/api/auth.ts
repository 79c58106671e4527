import { z } from 'zod';
import { COMPANY_NAME_MAX, EMAIL_MAX, PASSWORD_MAX } from '../limits.ts';
import { MESSAGES, USER_TYPES, isOtpShape, isValidEmail, passwordProblem, signUpCompanyProblem } from '../validation/auth.ts';
import { withCrossCheck } from '../validation/cross-check.ts';
import { personName } from '../validation/names.ts';
import { defineEndpoint } from './define.ts';
import { ROUTES } from './routes.ts';

// spec: auth-onboarding §3 Entities, §7 Calls, §8 codes

const code = (c: string) => ({ error: c });
const text = (missing: string) => z.string(code(missing)).trim().min(1, missing);
const email = (missing: string, invalid = 'TL_CORE_01007_E') => text(missing).max(EMAIL_MAX, invalid).refine(isValidEmail, invalid);
// Passwords are never trimmed, anywhere: a space typed at either end is part of the password
// (register, login, reset, and any later password check use these two). docs/decisions.md
/** A new password: the strength rules, untrimmed. */
export const strongPassword = (missing: string, weak = 'TL_CORE_01032_E') =>
  z
    .string(code(missing))
    .min(1, missing)
    .max(PASSWORD_MAX, weak)
    .refine((p) => passwordProblem(p) === null, weak);
/** A password to check against the stored one (login, confirmations): untrimmed, length-capped. */
export const currentPassword = (missing: string, tooLong: string) => z.string(code(missing)).min(1, missing).max(PASSWORD_MAX, tooLong);

export const StatusResponse = z.object({ status: z.literal('success'), responseMessage: z.string() });

/** The signed-in user as the web app holds it. */
export const SessionUser = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profilePhotoUrl: z.string().nullable(),
  roles: z.array(z.string()),
  onBoardingStage: z.string().nullable(),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const SessionResponse = SessionUser.extend({
  status: z.literal('success'),
  accessToken: z.string(),
  responseCode: z.string(),
});
export type SessionResponse = z.infer<typeof SessionResponse>;

export const OTP_PURPOSES = ['registration', 'password_reset'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];
/** Accepts the spellings the spec shows ("password reset", "password_reset") in any case. */
const purpose = z
  .string(code('TL_CORE_01011_E'))
  .trim()
  .min(1, 'TL_CORE_01011_E')
  .transform((p) => p.toLowerCase().replace(/[\s-]+/g, '_'))
  .pipe(z.enum(OTP_PURPOSES, code('TL_CORE_01011_E')));

export const login = defineEndpoint({
  tag: 'auth',
  ...ROUTES.login,
  summary: 'Log in with email and password',
  auth: false,
  access: 'public',
  errors: [
    'TL_CORE_01001_E',
    'TL_CORE_01004_E',
    'TL_CORE_01022_E',
    'TL_CORE_01029_E',
    'TL_CORE_01038_E',
    'TL_CORE_01040_E',
    'TL_CORE_01041_E',
    'TL_CORE_01090_E',
  ],
  body: z.object(
    { email: email('TL_CORE_01001_E'), password: currentPassword('TL_CORE_01004_E', 'TL_CORE_01040_E') },
    code('TL_CORE_01029_E'),
  ),
  response: SessionResponse,
});

export const refresh = defineEndpoint({
  tag: 'auth',
  ...ROUTES.refresh,
  summary: 'Exchange the refresh cookie for a new access token (rotates the cookie)',
  auth: false,
  access: 'public',
  // No live refresh cookie (401); the account is suspended (403).
  errors: ['TL_CORE_00401_E', 'TL_CORE_14100_E'],
  response: SessionResponse,
});

export const logout = defineEndpoint({
  tag: 'auth',
  ...ROUTES.logout,
  summary: 'End this session and clear the refresh cookie',
  auth: false,
  access: 'public',
  response: StatusResponse,
});

export const googleSignIn = defineEndpoint({
  tag: 'auth',
  ...ROUTES.googleSignIn,
  summary: 'Sign in with a Google ID token',
  auth: false,
  access: 'public',
  body: z.object({ credential: text('TL_CORE_01103_E') }, code('TL_CORE_01103_E')),
  response: SessionResponse,
});

export const googleSignUp = defineEndpoint({
  tag: 'auth',
  ...ROUTES.googleSignUp,
  summary: 'Sign up (freelancers) with a Google ID token',
  auth: false,
  access: 'public',
  body: z.object(
    { credential: text('TL_CORE_01103_E'), userType: z.enum(USER_TYPES, code('TL_CORE_01008_E')).default('freelancer') },
    code('TL_CORE_01103_E'),
  ),
  response: SessionResponse,
});

export const requestPasswordReset = defineEndpoint({
  tag: 'auth',
  ...ROUTES.requestPasswordReset,
  summary: 'Send a password-reset code by email',
  auth: false,
  access: 'public',
  // No account with that address (404); a code sent too recently or too often (the codes' limits).
  errors: ['TL_CORE_01028_E', 'TL_CORE_01023_E'],
  body: z.object({ email: email('TL_CORE_01026_E') }, code('TL_CORE_01027_E')),
  response: StatusResponse,
});

const RegisterFields = z.object(
  {
    firstName: personName('TL_CORE_01002_E', MESSAGES.firstNameLetters),
    lastName: personName('TL_CORE_01003_E', MESSAGES.lastNameLetters),
    emailId: email('TL_CORE_01001_E'),
    password: strongPassword('TL_CORE_01004_E'),
    userType: z.enum(USER_TYPES, code('TL_CORE_01008_E')).default('freelancer'),
    company: z.string().trim().max(COMPANY_NAME_MAX, MESSAGES.companyTooLong).optional().default(''),
  },
  code('TL_CORE_01020_E'),
);

export const register = defineEndpoint({
  tag: 'auth',
  ...ROUTES.register,
  summary: 'Create an account and send a verification code',
  auth: false,
  access: 'public',
  errors: [
    'TL_CORE_01001_E',
    'TL_CORE_01002_E',
    'TL_CORE_01003_E',
    'TL_CORE_01004_E',
    'TL_CORE_01005_E',
    'TL_CORE_01006_E',
    'TL_CORE_01008_E',
    'TL_CORE_01009_E',
    'TL_CORE_01020_E',
    'TL_CORE_01032_E',
    'TL_CORE_01038_E',
  ],
  // The names take the one name rule of the sign-up form (validation/names.ts): missing answers the
  // spec's code, anything else the form's message as a 400.
  body: withCrossCheck(RegisterFields, ['userType', 'company'], (v, ctx) => {
    // A company's name takes the sign-up form's rule (signUpCompanyProblem); a missing one is the
    // service's 01005. A freelancer's is ignored (stored empty).
    const problem = v.userType === 'client' && v.company ? signUpCompanyProblem(v.company) : null;
    if (problem) ctx.addIssue({ code: 'custom', path: ['company'], message: problem });
  }),
  response: StatusResponse.extend({ emailId: z.string() }),
});

export const passwordReset = defineEndpoint({
  tag: 'auth',
  ...ROUTES.passwordReset,
  summary: 'Set a new password (needs a just-verified password-reset code from this browser)',
  auth: false,
  access: 'public',
  errors: ['TL_CORE_01028_E', 'TL_CORE_01033_E'],
  body: z.object({ email: email('TL_CORE_01026_E'), newPassword: strongPassword('TL_CORE_01031_E') }, code('TL_CORE_01030_E')),
  response: StatusResponse,
});

export const OtpVerifyResponse = z.object({
  status: z.literal('success'),
  responseCode: z.string(),
  responseMessage: z.string(),
  accessToken: z.string().optional(),
  emailId: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  roles: z.array(z.string()).optional(),
  profilePhotoUrl: z.string().nullable().optional(),
  onBoardingStage: z.string().nullable().optional(),
});

export const otpVerify = defineEndpoint({
  tag: 'auth',
  ...ROUTES.otpVerify,
  summary: 'Check a one-time code (registration: starts a session; password_reset: grants a reset)',
  auth: false,
  access: 'public',
  errors: [
    'TL_CORE_01010_E',
    'TL_CORE_01011_E',
    'TL_CORE_01012_E',
    'TL_CORE_01013_E',
    'TL_CORE_01015_E',
    'TL_CORE_01016_E',
    'TL_CORE_01017_E',
    'TL_CORE_01018_E',
    'TL_CORE_01019_E',
    'TL_CORE_01028_E',
    'TL_CORE_01029_E',
    'TL_CORE_01043_E',
  ],
  body: z.object(
    {
      email: email('TL_CORE_01010_E'),
      otp: z.string(code('TL_CORE_01012_E')).trim().min(1, 'TL_CORE_01012_E').refine(isOtpShape, 'TL_CORE_01013_E'),
      purpose: purpose.optional().default('registration'),
    },
    code('TL_CORE_01029_E'),
  ),
  response: OtpVerifyResponse,
});

export const otpResend = defineEndpoint({
  tag: 'auth',
  ...ROUTES.otpResend,
  summary: 'Send a new one-time code (not sooner than 30 s after the last)',
  auth: false,
  access: 'public',
  errors: ['TL_CORE_01010_E', 'TL_CORE_01011_E', 'TL_CORE_01019_E', 'TL_CORE_01023_E', 'TL_CORE_01028_E', 'TL_CORE_01029_E'],
  body: z.object({ email: email('TL_CORE_01010_E'), purpose: purpose.optional().default('registration') }, code('TL_CORE_01029_E')),
  response: StatusResponse,
});

export const PublicConfig = z.object({
  googleClientId: z.string().nullable(),
  clientAccounts: z.boolean(),
  communityFormUrl: z.string(),
  peerNetworkUrl: z.string(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

export const config = defineEndpoint({
  tag: 'meta',
  ...ROUTES.config,
  summary: 'Public settings the web app needs (Google client id, feature switches)',
  auth: false,
  access: 'public',
  response: PublicConfig,
});

export const health = defineEndpoint({
  tag: 'meta',
  method: 'GET',
  path: '/health',
  summary: 'Liveness and database reachability',
  auth: false,
  access: 'public',
  response: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
});
