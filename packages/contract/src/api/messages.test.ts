import { describe, expect, test } from 'vitest';
import {
  MESSAGE_MESSAGES,
  MESSAGE_TEXT_MAX,
  MISSED_MESSAGE_QUOTE_MAX,
  conversationClosedBecause,
  messageTextProblem,
  missedMailDue,
  missedMailQuote,
} from './messages.ts';

const at = (iso: string) => new Date(iso);

describe('the missed-message mail: one per conversation per quiet period', () => {
  const now = at('2026-11-28T10:00:00Z');
  test.each([
    ['nothing unread', { oldestUnreadAt: null, mailedSinceRead: false }, false],
    ['unread for 9 minutes 59 seconds', { oldestUnreadAt: at('2026-11-28T09:50:01Z'), mailedSinceRead: false }, false],
    ['unread for exactly 10 minutes', { oldestUnreadAt: at('2026-11-28T09:50:00Z'), mailedSinceRead: false }, true],
    ['unread for an hour', { oldestUnreadAt: at('2026-11-28T09:00:00Z'), mailedSinceRead: false }, true],
    [
      'unread for an hour, already mailed since the last read',
      { oldestUnreadAt: at('2026-11-28T09:00:00Z'), mailedSinceRead: true },
      false,
    ],
  ] as const)('%s', (_, state, due) => {
    expect(missedMailDue(state, now)).toBe(due);
  });
});

describe('the quote in the mail', () => {
  test('short text is quoted whole, on one line', () => {
    expect(missedMailQuote('Hello\n\nthere  you')).toBe('Hello there you');
  });
  test('long text is cut at a word, with an ellipsis, within the limit', () => {
    const quote = missedMailQuote('word '.repeat(100));
    expect(quote.length).toBeLessThanOrEqual(MISSED_MESSAGE_QUOTE_MAX);
    expect(quote.endsWith('word…')).toBe(true);
  });
});

describe('when a conversation closes', () => {
  const now = at('2026-11-28T10:00:00Z');
  test.each([
    ['shortlisted', { stage: 'shortlisted', liveEngagement: false, lastEndedAt: null }, null],
    ['not selected', { stage: 'not_selected', liveEngagement: false, lastEndedAt: null }, 'not_selected'],
    ['removed from the lists', { stage: null, liveEngagement: false, lastEndedAt: null }, 'removed'],
    ['ended 30 days ago', { stage: 'selected', liveEngagement: false, lastEndedAt: at('2026-10-29T10:00:00Z') }, null],
    [
      'ended 30 days and a minute ago',
      { stage: 'selected', liveEngagement: false, lastEndedAt: at('2026-10-29T09:59:00Z') },
      'engagement_ended',
    ],
    ['ended long ago, a new one active', { stage: 'selected', liveEngagement: true, lastEndedAt: at('2026-01-01T00:00:00Z') }, null],
  ] as const)('%s', (_, state, closed) => {
    expect(conversationClosedBecause(state, now)).toBe(closed);
  });
});

describe('message text', () => {
  test.each([
    ['', MESSAGE_MESSAGES.textRequired],
    ['   \n ', MESSAGE_MESSAGES.textRequired],
    ['a\u0000b', MESSAGE_MESSAGES.textUnsafe],
    ['abc\u202Edef', MESSAGE_MESSAGES.textUnsafe],
    ['x'.repeat(MESSAGE_TEXT_MAX + 1), MESSAGE_MESSAGES.textTooLong],
  ])('%j is refused', (text, message) => {
    expect(messageTextProblem(text)).toBe(message);
  });
  test.each([
    'Hi',
    'line one\nline two\ttabbed',
    'x'.repeat(MESSAGE_TEXT_MAX),
    `  ${'y'.repeat(MESSAGE_TEXT_MAX)}  `,
    '<script>alert(1)</script>',
  ])('is accepted: %#', (text) => {
    expect(messageTextProblem(text)).toBeNull();
  });
});
