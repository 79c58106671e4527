import { describe, expect, test } from 'vitest';
import { LEGAL } from '../limits.ts';
import { NOTICE_DAYS_MIN } from './engagement-terms.ts';
import { NOTICE_DAYS_TERMS, daysToEnd, earlyEndProblem, noticeEndDate, noticeEndProblem } from './engagement-notice.ts';

describe('the notice date', () => {
  test('the terms’ figure is the floor of every notice period', () => {
    expect(NOTICE_DAYS_TERMS).toBe(LEGAL.terminationNoticeDays);
    expect(NOTICE_DAYS_MIN).toBe(NOTICE_DAYS_TERMS);
  });

  test('the earliest end date is the notice period after today, across months, leap days and years', () => {
    expect(noticeEndDate('2026-11-28', 30)).toBe('2026-12-28');
    expect(noticeEndDate('2028-02-10', 30)).toBe('2028-03-11');
    expect(noticeEndDate('2026-12-15', 45)).toBe('2027-01-29');
    // Never shorter than the terms, whatever is stored.
    expect(noticeEndDate('2026-11-28', 10)).toBe('2026-12-28');
  });

  test('an end date before the notice period is refused with the earliest date named; the earliest and later are taken', () => {
    expect(noticeEndProblem('2026-12-27', '2026-11-28', 30)).toBe("With 30 days' notice, the end date can be 2026-12-28 at the earliest.");
    expect(noticeEndProblem('2026-12-28', '2026-11-28', 30)).toBeUndefined();
    expect(noticeEndProblem('2027-01-31', '2026-11-28', 30)).toBeUndefined();
    expect(noticeEndProblem('2027-01-11', '2026-11-28', 45)).toMatch(/2027-01-12 at the earliest/);
    expect(noticeEndProblem('2027-12-29', '2026-11-28', 30)).toBe('Choose an end date on or before 2027-12-28.');
    expect(noticeEndProblem('2027-12-28', '2026-11-28', 30)).toBeUndefined();
  });

  test('an earlier end lies from today to the day before the current end date', () => {
    expect(earlyEndProblem('2026-11-27', '2026-11-28', '2026-12-28')).toMatch(/today \(2026-11-28\)/);
    expect(earlyEndProblem('2026-11-28', '2026-11-28', '2026-12-28')).toBeUndefined();
    expect(earlyEndProblem('2026-12-27', '2026-11-28', '2026-12-28')).toBeUndefined();
    expect(earlyEndProblem('2026-12-28', '2026-11-28', '2026-12-28')).toMatch(/before 2026-12-28/);
  });

  test('days to the end date', () => {
    expect(daysToEnd('2026-11-28', '2026-12-28')).toBe(30);
    expect(daysToEnd('2026-12-28', '2026-12-28')).toBe(0);
  });
});
