import { ERRORS } from '@talentloop/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { NETWORK_MESSAGE, errorCode, errorMessage } from './error-message.ts';

const fallback = { title: 'Update failed', message: 'Please try again.' };
const failure = (status: number, responseCode?: string, responseMessage?: string) =>
  new ApiError(status, { responseCode, responseMessage });

describe('one error-to-message helper', () => {
  it('shows the catalogue title and message for a code the screen names', () => {
    expect(errorMessage(failure(400, 'TL_CORE_508_E', 'x'), { fallback, codes: ['TL_CORE_508_E'] })).toEqual({
      title: ERRORS.TL_CORE_508_E.title,
      message: ERRORS.TL_CORE_508_E.message,
    });
    expect(errorMessage(failure(409, 'TL_CORE_10071_E'), { fallback, codes: 'all' }).title).toBe('Certificate already exist');
  });
  it('keeps the fallback title with the server message for codes the screen does not name', () => {
    expect(errorMessage(failure(400, 'TL_CORE_508_E', 'Skills contains inappropriate content'), { fallback })).toEqual({
      title: 'Update failed',
      message: 'Skills contains inappropriate content',
    });
    expect(errorMessage(failure(500), { fallback })).toEqual(fallback);
    expect(errorMessage(failure(400, undefined, 'from server'), { fallback, serverMessage: false })).toEqual(fallback);
  });
  it('says the server could not be reached when there was no answer, and falls back for other errors', () => {
    expect(errorMessage(new ApiError(0, undefined, NETWORK_MESSAGE), { fallback })).toEqual({
      title: 'Update failed',
      message: NETWORK_MESSAGE,
    });
    const network = { title: 'Connection problem', message: NETWORK_MESSAGE };
    expect(errorMessage(new ApiError(0, undefined), { fallback, network })).toEqual(network);
    expect(errorMessage(new Error('boom'), { fallback })).toEqual(fallback);
  });
  it("gives a code the screen's own title with the server's message", () => {
    const titles = { TL_CORE_01200_E: 'Request already received' } as const;
    expect(errorMessage(failure(409, 'TL_CORE_01200_E', 'We already have it'), { fallback, titles })).toEqual({
      title: 'Request already received',
      message: 'We already have it',
    });
    expect(errorMessage(failure(409, 'TL_CORE_01200_E'), { fallback, titles })).toEqual({
      title: 'Request already received',
      message: fallback.message,
    });
    expect(errorMessage(failure(400, 'TL_CORE_508_E', 'x'), { fallback, titles }).title).toBe(fallback.title);
  });
  it("shows the screen's choice for a failure that is not a call's failure", () => {
    const other = { title: 'Request not sent', message: 'Something went wrong' };
    expect(errorMessage(new TypeError('Failed to fetch'), { fallback, other })).toEqual(other);
    expect(errorMessage(failure(500), { fallback, other })).toEqual(fallback);
  });
  it('reads only catalogue codes', () => {
    expect(errorCode(failure(409, 'TL_CORE_10110_E'))).toBe('TL_CORE_10110_E');
    expect(errorCode(failure(409, 'NOT_A_CODE'))).toBeUndefined();
    expect(errorCode(new Error('x'))).toBeUndefined();
  });
});
