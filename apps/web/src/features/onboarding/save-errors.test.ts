import { ERRORS } from '@talentloop/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { SAVE_FAILED, wizardSaveError } from './save-errors.ts';

const failure = (status: number, responseCode?: string, responseMessage?: string) =>
  new ApiError(status, { responseCode, responseMessage });

describe('wizard save errors', () => {
  it('shows the catalogue title and message for the spec codes', () => {
    expect(wizardSaveError(failure(409, 'TL_CORE_10085_E', 'x'))).toEqual({
      title: 'Phone number already used',
      message: 'Please use different phone number',
    });
    expect(wizardSaveError(failure(400, 'TL_CORE_10015_E'))).toEqual({
      title: 'Invalid hourly rate',
      message: "Hourly rate can't be less than or equal to zero",
    });
    for (const code of ['TL_CORE_508_E', 'TL_CORE_507_E', 'TL_CORE_10009_E', 'TL_CORE_505_E', 'TL_CORE_506_E', 'TL_CORE_509_E'] as const)
      expect(wizardSaveError(failure(400, code))).toEqual({ title: ERRORS[code].title, message: ERRORS[code].message });
  });
  it('falls back to Profile Setup Failed with the server message, or the default message', () => {
    expect(wizardSaveError(failure(400, 'TL_CORE_00400_E', 'firstName: First name is required'))).toEqual({
      title: 'Profile Setup Failed',
      message: 'firstName: First name is required',
    });
    expect(wizardSaveError(failure(500, undefined, undefined))).toEqual(SAVE_FAILED);
    expect(wizardSaveError(new Error('boom'))).toEqual(SAVE_FAILED);
  });
  it('says when the server could not be reached', () => {
    expect(wizardSaveError(new ApiError(0, undefined, 'Failed to connect to server. Please try again later.'))).toEqual({
      title: 'Profile Setup Failed',
      message: 'Failed to connect to server. Please try again later.',
    });
  });
});
