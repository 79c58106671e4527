import { describe, expect, test } from 'vitest';
import { VETTING_CANNED_REASONS, VettingDecisionBody } from '../api/talent-pool.ts';
import { RejectVerificationBody } from '../validation/company-verification.ts';
import { compareOldestFirst, nextSelection, oldestFirst, waitingAge } from './review-queue.ts';

describe('queue ordering', () => {
  test('the oldest item comes first, equal times ordered by id', () => {
    const items = [
      { id: 'c', submittedAt: '2026-01-03T10:00:00.000Z' },
      { id: 'b', submittedAt: '2026-01-01T10:00:00.000Z' },
      { id: 'a', submittedAt: '2026-01-03T10:00:00.000Z' },
      { id: 'd', submittedAt: '2025-12-31T23:59:59.000Z' },
    ];
    expect(oldestFirst(items).map((i) => i.id)).toEqual(['d', 'b', 'a', 'c']);
    expect(items.map((i) => i.id)).toEqual(['c', 'b', 'a', 'd']);
    expect(compareOldestFirst(items[0] as never, items[0] as never)).toBe(0);
  });

  test('after a decision the next item is selected, else the one before, else none', () => {
    expect(nextSelection(['a', 'b', 'c'], 'a')).toBe('b');
    expect(nextSelection(['a', 'b', 'c'], 'b')).toBe('c');
    expect(nextSelection(['a', 'b', 'c'], 'c')).toBe('b');
    expect(nextSelection(['a'], 'a')).toBeNull();
    expect(nextSelection(['a', 'b'], 'gone')).toBe('a');
  });

  test('the waiting age is short and never negative', () => {
    const now = new Date('2026-01-10T12:00:00.000Z');
    expect(waitingAge('2026-01-10T12:00:30.000Z', now)).toBe('just now');
    expect(waitingAge('2026-01-10T11:59:50.000Z', now)).toBe('just now');
    expect(waitingAge('2026-01-10T11:48:00.000Z', now)).toBe('12 min');
    expect(waitingAge('2026-01-10T07:00:00.000Z', now)).toBe('5 h');
    expect(waitingAge('2026-01-07T08:00:00.000Z', now)).toBe('3 d 4 h');
    expect(waitingAge('2025-12-29T12:00:00.000Z', now)).toBe('12 d');
  });
});

describe('reasons', () => {
  test('every canned reason is a valid reason as it stands', () => {
    for (const outcome of ['request_changes', 'decline'] as const) {
      expect(VETTING_CANNED_REASONS[outcome].length).toBeGreaterThanOrEqual(3);
      for (const reason of VETTING_CANNED_REASONS[outcome]) {
        expect(VettingDecisionBody.safeParse({ outcome, reason }).success, reason).toBe(true);
      }
    }
  });

  test('a decision other than approve needs a reason; blank and control characters are refused', () => {
    expect(VettingDecisionBody.safeParse({ outcome: 'approve' }).success).toBe(true);
    expect(VettingDecisionBody.safeParse({ outcome: 'decline' }).success).toBe(false);
    expect(VettingDecisionBody.safeParse({ outcome: 'request_changes', reason: '   ' }).success).toBe(false);
    expect(VettingDecisionBody.safeParse({ outcome: 'decline', reason: 'bad\u202Ereason' }).success).toBe(false);
    expect(RejectVerificationBody.safeParse({ reason: '' }).success).toBe(false);
    expect(RejectVerificationBody.safeParse({ reason: 'The certificate is not readable.' }).success).toBe(true);
  });
});
