import { describe, expect, it } from 'vitest';
import { isCalendarDay } from './calendar-day.ts';

describe('isCalendarDay', () => {
  it('accepts real days, leap days included', () => {
    for (const day of ['2026-01-01', '2026-12-31', '2024-02-29', '2000-02-29', '2026-04-30']) expect(isCalendarDay(day), day).toBe(true);
  });
  it('refuses days that do not exist and other shapes', () => {
    for (const day of [
      '2026-02-30',
      '2025-02-29',
      '1900-02-29',
      '2026-13-01',
      '2026-04-31',
      '2026-00-10',
      '2026-1-1',
      '20260101',
      '2026-01-01T00:00:00Z',
      ' 2026-01-01',
      '',
    ])
      expect(isCalendarDay(day), day).toBe(false);
  });
});
