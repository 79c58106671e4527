import { ERRORS, PARTNER_MESSAGES } from '@talentloop/contract';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { partnerFailure } from './partner-outcome.ts';

// spec: auth-onboarding §8 Partner request: "Uses responseMessage, or 'Unexpected error occurred', or 'Something went wrong'."
describe('partnerFailure', () => {
  test("shows the server's responseMessage", () => {
    const err = new ApiError(429, { responseCode: 'TL_CORE_00429_E', responseMessage: ERRORS.TL_CORE_00429_E.message });
    expect(partnerFailure(err)).toEqual({ kind: 'error', title: 'Request not sent', message: ERRORS.TL_CORE_00429_E.message });
  });

  test('a repeated request is told politely that it was already received', () => {
    const err = new ApiError(409, { responseCode: 'TL_CORE_01200_E', responseMessage: ERRORS.TL_CORE_01200_E.message });
    expect(partnerFailure(err)).toMatchObject({ title: 'Request already received', message: ERRORS.TL_CORE_01200_E.message });
  });

  test("a failure without a message says 'Unexpected error occurred'", () => {
    expect(partnerFailure(new ApiError(502, undefined)).message).toBe(PARTNER_MESSAGES.unexpected);
    expect(partnerFailure(new ApiError(500, { responseMessage: '' })).message).toBe('Unexpected error occurred');
  });

  test("no answer at all says 'Something went wrong'", () => {
    expect(partnerFailure(new ApiError(0, undefined)).message).toBe('Something went wrong');
    expect(partnerFailure(new TypeError('Failed to fetch')).message).toBe(PARTNER_MESSAGES.somethingWrong);
  });
});
