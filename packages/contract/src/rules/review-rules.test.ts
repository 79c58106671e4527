import { describe, expect, test } from 'vitest';
import { isRevealed, reviewEligibility, reviewRevealAt, reviewWaitMessage } from './review-rules.ts';

const DAY = 24 * 60 * 60 * 1000;
const selectedAt = new Date('2026-11-27T10:00:00Z');
const day = (iso: string) => iso.slice(0, 10);

describe('review eligibility', () => {
  test('needs a held interview and 7 days after Selected; says what it still waits for', () => {
    const early = reviewEligibility({ selectedAt, interviewHeld: false, now: new Date(selectedAt.getTime() + DAY) });
    expect(early).toEqual({ eligible: false, waitingFor: ['interview_held', 'min_days'], from: '2026-12-04T10:00:00.000Z' });
    expect(reviewWaitMessage(early, 'company', day)).toBe(
      'You can review once you mark an interview with them held and 7 days have passed since you selected them (on 2026-12-04).',
    );
    const heldEarly = reviewEligibility({ selectedAt, interviewHeld: true, now: new Date(selectedAt.getTime() + 7 * DAY - 1) });
    expect(heldEarly.waitingFor).toEqual(['min_days']);
    expect(reviewWaitMessage(heldEarly, 'freelancer', day)).toBe(
      'You can review once 7 days have passed since you were selected (on 2026-12-04).',
    );
    const late = reviewEligibility({ selectedAt, interviewHeld: false, now: new Date(selectedAt.getTime() + 30 * DAY) });
    expect(reviewWaitMessage(late, 'freelancer', day)).toBe('You can review once the company marks your interview held.');
    const ready = reviewEligibility({ selectedAt, interviewHeld: true, now: new Date(selectedAt.getTime() + 7 * DAY) });
    expect(ready).toMatchObject({ eligible: true, waitingFor: [] });
    expect(reviewWaitMessage(ready, 'company', day)).toBeNull();
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
