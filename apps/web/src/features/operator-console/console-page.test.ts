import { describe, expect, test } from 'vitest';
import { relativeTime } from './console-page.tsx';

describe('relativeTime', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  test('names the largest whole unit, past and future', () => {
    expect(relativeTime('2026-11-22T11:00:00Z', now)).toBe('3 days ago');
    expect(relativeTime('2026-11-25T14:30:00Z', now)).toBe('in 2 hours');
    expect(relativeTime('2026-11-25T11:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-11-25T11:59:40Z', now)).toBe('just now');
  });
});
