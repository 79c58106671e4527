import { ERRORS, type ErrorCode, MESSAGES } from '@talentloop/contract';
import { ApiError } from '../../lib/api-client.ts';

type Shown = { title: string; message: string };
const NETWORK: Shown = { title: 'Connection problem', message: 'Failed to connect to server. Please try again later.' };

function fromCatalogue(code: ErrorCode): Shown {
  return { title: ERRORS[code].title, message: ERRORS[code].message };
}

function pick(err: unknown, known: readonly ErrorCode[], fallback: Shown): Shown {
  if (err instanceof ApiError && err.isNetwork) return NETWORK;
  const code = err instanceof ApiError ? err.code : undefined;
  if (code && (known as readonly string[]).includes(code)) return fromCatalogue(code as ErrorCode);
  if (code === 'TL_CORE_00429_E') return fromCatalogue('TL_CORE_00429_E');
  return fallback;
}

// spec: auth-onboarding §8 Login codes
const LOGIN_CODES = [
  'TL_CORE_01090_E',
  'TL_CORE_01022_E',
  'TL_CORE_01040_E',
  'TL_CORE_01041_E',
  'TL_CORE_01007_E',
  'TL_CORE_01038_E',
] as const;
export const loginError = (err: unknown) => pick(err, LOGIN_CODES, { title: MESSAGES.loginFailed, message: 'Please try again.' });

// spec: auth-onboarding §8 Sign-up codes; anything else opens the unexpected-error modal.
const SIGNUP_CODES = [
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
] as const;
export function signupError(err: unknown): Shown | null {
  const shown = pick(err, SIGNUP_CODES, { title: '', message: '' });
  return shown.title ? shown : null;
}

// spec: auth-onboarding §8 Google
export function googleSignInError(err: unknown): Shown {
  const code = err instanceof ApiError ? err.code : undefined;
  if (code === 'TL_CORE_01102_E' || code === 'TL_CORE_01039_E') return fromCatalogue(code);
  if (err instanceof ApiError && err.isNetwork) return NETWORK;
  return { title: 'Unexpected Error occured', message: 'Please try again.' };
}
export function googleSignUpError(err: unknown): Shown {
  const code = err instanceof ApiError ? err.code : undefined;
  if (code === 'TL_CORE_01042_E') return fromCatalogue(code);
  return googleSignInError(err);
}
