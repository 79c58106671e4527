import { ERRORS, MESSAGES } from '@talentloop/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { googleSignInError, googleSignUpError, loginError, signupError } from './auth-errors.ts';

// spec: auth-onboarding §8 Login codes, Sign-up codes, Google
const failure = (status: number, responseCode?: string, responseMessage = 'free text from the server') =>
  new ApiError(status, { responseCode, responseMessage });
const offline = () => new ApiError(0, undefined, 'Failed to connect to server. Please try again later.');
const connection = { title: 'Connection problem', message: 'Failed to connect to server. Please try again later.' };
const catalogue = (code: keyof typeof ERRORS) => ({ title: ERRORS[code].title, message: ERRORS[code].message });

describe('login errors', () => {
  it('shows the catalogue texts for the login codes and for too many attempts', () => {
    expect(loginError(failure(401, 'TL_CORE_01040_E'))).toEqual(catalogue('TL_CORE_01040_E'));
    expect(loginError(failure(404, 'TL_CORE_01090_E'))).toEqual(catalogue('TL_CORE_01090_E'));
    expect(loginError(failure(429, 'TL_CORE_00429_E'))).toEqual(catalogue('TL_CORE_00429_E'));
  });
  it("says 'Connection problem' without an answer and 'Login failed' for anything else, never the server's text", () => {
    expect(loginError(offline())).toEqual(connection);
    const failed = { title: MESSAGES.loginFailed, message: 'Please try again.' };
    expect(loginError(failure(500, 'TL_CORE_00500_E'))).toEqual(failed);
    expect(loginError(failure(400, 'NOT_A_CODE'))).toEqual(failed);
    expect(loginError(new Error('boom'))).toEqual(failed);
  });
});

describe('sign-up errors', () => {
  it('shows the catalogue texts for the sign-up codes, too many attempts and no answer', () => {
    expect(signupError(failure(409, 'TL_CORE_01009_E'))).toEqual(catalogue('TL_CORE_01009_E'));
    expect(signupError(failure(429, 'TL_CORE_01023_E'))).toEqual(catalogue('TL_CORE_01023_E'));
    expect(signupError(failure(429, 'TL_CORE_00429_E'))).toEqual(catalogue('TL_CORE_00429_E'));
    expect(signupError(offline())).toEqual(connection);
  });
  it('leaves anything else to the unexpected-error modal', () => {
    expect(signupError(failure(500, 'TL_CORE_00500_E'))).toBeNull();
    expect(signupError(failure(401, 'TL_CORE_01040_E'))).toBeNull();
    expect(signupError(new Error('boom'))).toBeNull();
  });
});

describe('Google errors', () => {
  const unexpected = { title: 'Unexpected Error occured', message: 'Please try again.' };
  it('signing in names a foreign or unlinked account, else says unexpected', () => {
    expect(googleSignInError(failure(401, 'TL_CORE_01102_E'))).toEqual(catalogue('TL_CORE_01102_E'));
    expect(googleSignInError(failure(404, 'TL_CORE_01039_E'))).toEqual(catalogue('TL_CORE_01039_E'));
    expect(googleSignInError(failure(409, 'TL_CORE_01042_E'))).toEqual(unexpected);
    expect(googleSignInError(failure(429, 'TL_CORE_00429_E'))).toEqual(unexpected);
    expect(googleSignInError(offline())).toEqual(connection);
    expect(googleSignInError(new Error('boom'))).toEqual(unexpected);
  });
  it('signing up also names an account that is already connected', () => {
    expect(googleSignUpError(failure(409, 'TL_CORE_01042_E'))).toEqual(catalogue('TL_CORE_01042_E'));
    expect(googleSignUpError(failure(401, 'TL_CORE_01102_E'))).toEqual(catalogue('TL_CORE_01102_E'));
    expect(googleSignUpError(failure(503, 'TL_CORE_01104_E'))).toEqual(unexpected);
    expect(googleSignUpError(offline())).toEqual(connection);
  });
});
