import { describe, expect, it } from 'vitest';
import { dayLabel, fileSize, newDay } from './format.ts';

describe('conversation times and sizes', () => {
  const now = new Date(2026, 10, 28, 15, 0);
  it('names today, yesterday and older days', () => {
    expect(dayLabel(new Date(2026, 10, 28, 9, 0).toISOString(), now)).toBe('Today');
    expect(dayLabel(new Date(2026, 10, 27, 23, 59).toISOString(), now)).toBe('Yesterday');
    expect(dayLabel(new Date(2026, 10, 20, 9, 0).toISOString(), now)).toBe('Friday 20 November');
    expect(dayLabel(new Date(2025, 10, 20, 9, 0).toISOString(), now)).toBe('20 November 2025');
  });

  it('puts a day line before the first message and between days only', () => {
    const a = new Date(2026, 10, 27, 23, 0).toISOString();
    const b = new Date(2026, 10, 28, 1, 0).toISOString();
    expect(newDay(undefined, a)).toBe(true);
    expect(newDay(a, b)).toBe(true);
    expect(newDay(b, new Date(2026, 10, 28, 2, 0).toISOString())).toBe(false);
  });

  it('says sizes in bytes, KB and MB', () => {
    expect([500, 840_000, 2_516_582].map(fileSize)).toEqual(['500 B', '820 KB', '2.4 MB']);
  });
});
