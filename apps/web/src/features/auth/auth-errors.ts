import { type ErrorCode, MESSAGES } from '@talentloop/contract';
import { errorMessage } from '../../lib/error-message.ts';
import { CONNECTION_PROBLEM, type Shown } from '../../lib/shown.ts';

// The auth screens show the catalogue's texts for the codes the spec names, 'Connection problem'
// when there was no answer, and their own fallback otherwise (never the server's free text).
const authError = (err: unknown, codes: readonly ErrorCode[], fallback: Shown): Shown =>
  errorMessage(err, { fallback, codes, serverMessage: false, network: CONNECTION_PROBLEM });

const TOO_MANY = 'TL_CORE_00429_E';

// spec: auth-onboarding §8 Login codes
const LOGIN_CODES: readonly ErrorCode[] = [
  'TL_CORE_01090_E',
  'TL_CORE_01022_E',
  'TL_CORE_01040_E',
  'TL_CORE_01041_E',
  'TL_CORE_01007_E',
  'TL_CORE_01038_E',
  TOO_MANY,
];
export const loginError = (err: unknown): Shown =>
  authError(err, LOGIN_CODES, { title: MESSAGES.loginFailed, message: 'Please try again.' });

// spec: auth-onboarding §8 Sign-up codes; anything else opens the unexpected-error modal.
const SIGNUP_CODES: readonly ErrorCode[] = [
  'TL_CORE_01009_E',
  'TL_CORE_01001_E',
  'TL_CORE_01002_E',
  'TL_CORE_01003_E',
  'TL_CORE_01004_E',
  'TL_CORE_01005_E',
  'TL_CORE_01006_E',
  'TL_CORE_01007_E',
  'TL_CORE_01008_E',
  'TL_CORE_01031_E',
  'TL_CORE_01032_E',
  'TL_CORE_01023_E',
  TOO_MANY,
];
export function signupError(err: unknown): Shown | null {
  const shown = authError(err, SIGNUP_CODES, { title: '', message: '' });
  return shown.title ? shown : null;
}

// spec: auth-onboarding §8 Google
const GOOGLE_FAILED: Shown = { title: 'Unexpected Error occured', message: 'Please try again.' };
const GOOGLE_SIGN_IN_CODES: readonly ErrorCode[] = ['TL_CORE_01102_E', 'TL_CORE_01039_E'];
export const googleSignInError = (err: unknown): Shown => authError(err, GOOGLE_SIGN_IN_CODES, GOOGLE_FAILED);
export const googleSignUpError = (err: unknown): Shown => authError(err, [...GOOGLE_SIGN_IN_CODES, 'TL_CORE_01042_E'], GOOGLE_FAILED);
