import { describe, expect, it } from 'vitest';
import { formatDay, formatMonth, splitMonth } from './month-year-input.tsx';

describe('work dates as month and year', () => {
  it('splits a saved day or a yyyy-MM value into its month and year', () => {
    expect(splitMonth('2019-07-01')).toEqual({ year: '2019', month: '07' });
    expect(splitMonth('2023-03')).toEqual({ year: '2023', month: '03' });
    expect(splitMonth('')).toEqual({ year: '', month: '' });
    expect(splitMonth(null)).toEqual({ year: '', month: '' });
  });
  it("shows a date as the list does: 'Jul 2019'", () => {
    expect(formatMonth('2019-07-01')).toBe('Jul 2019');
    expect(formatMonth('2023-12')).toBe('Dec 2023');
  });
  it("shows a certificate's day as '15 Feb 2024', whatever the time zone", () => {
    expect(formatDay('2024-02-15')).toBe('15 Feb 2024');
    expect(formatDay('2024-01-01')).toBe('1 Jan 2024');
  });
});
