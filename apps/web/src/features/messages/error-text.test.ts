import { MESSAGE_MESSAGES } from '@talentloop/contract/api/messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { messagesError } from './error-text.ts';

const fallback = { title: 'Could not send', message: 'Please try again.' };

describe('what a failed messages call says', () => {
  it('says the contract’s message for refused text, without the field’s name', () => {
    const err = new ApiError(400, { responseCode: 'TL_CORE_00400_E', responseMessage: `text: ${MESSAGE_MESSAGES.textUnsafe}` });
    expect(messagesError(err, fallback)).toBe(MESSAGE_MESSAGES.textUnsafe);
  });

  it('says the catalogue’s message for a known code, and the fallback otherwise', () => {
    expect(messagesError(new ApiError(409, { responseCode: 'TL_CORE_36004_E' }), fallback)).toBe(
      'This conversation is closed for new messages. You can still read it.',
    );
    expect(messagesError(new Error('boom'), fallback)).toBe('Please try again.');
  });
});
