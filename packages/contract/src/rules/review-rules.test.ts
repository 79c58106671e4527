import { describe, expect, test } from 'vitest';
import { isRevealed, reviewEligibility, reviewRevealAt, reviewWaitMessage } from './review-rules.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('review eligibility (issue 34: an engagement ended with approved work)', () => {
  test('says what it still waits for, for each side', () => {
    const nothing = reviewEligibility({ approvedWork: false, ended: false, endedWithWork: null });
    expect(nothing).toEqual({ eligible: false, waitingFor: ['approved_work', 'engagement_ended'], from: null });
    expect(reviewWaitMessage(nothing, 'company')).toBe(
      'You can review once you approve work in an engagement with them and you end that engagement.',
    );
    const working = reviewEligibility({ approvedWork: true, ended: false, endedWithWork: null });
    expect(working.waitingFor).toEqual(['engagement_ended']);
    expect(reviewWaitMessage(working, 'freelancer')).toBe('You can review once the engagement ends.');
    // An engagement that ended without approved work opens nothing.
    const endedEmpty = reviewEligibility({ approvedWork: false, ended: true, endedWithWork: null });
    expect(endedEmpty.waitingFor).toEqual(['approved_work']);
    expect(reviewWaitMessage(endedEmpty, 'freelancer')).toBe('You can review once the company approves your work in an engagement.');
    const ready = reviewEligibility({ approvedWork: true, ended: true, endedWithWork: '2026-12-04T10:00:00Z' });
    expect(ready).toEqual({ eligible: true, waitingFor: [], from: '2026-12-04T10:00:00.000Z' });
    expect(reviewWaitMessage(ready, 'company')).toBeNull();
  });
});

describe('double-blind publication', () => {
  const written = new Date('2026-12-05T00:00:00Z');
  test('alone: 14 days after it was written', () => {
    expect(reviewRevealAt(written, null).toISOString()).toBe('2026-12-19T00:00:00.000Z');
    expect(isRevealed(written, null, new Date(written.getTime() + 14 * DAY - 1))).toBe(false);
    expect(isRevealed(written, null, new Date(written.getTime() + 14 * DAY))).toBe(true);
  });
  test('with the other side’s: when the second came in, but never later than 14 days after the first', () => {
    const other = new Date(written.getTime() + 3 * DAY);
    expect(reviewRevealAt(written, other)).toEqual(other);
    expect(reviewRevealAt(other, written)).toEqual(other);
    const late = new Date(written.getTime() + 20 * DAY);
    expect(reviewRevealAt(written, late).toISOString()).toBe('2026-12-19T00:00:00.000Z');
    expect(reviewRevealAt(late, written)).toEqual(late);
  });
});
