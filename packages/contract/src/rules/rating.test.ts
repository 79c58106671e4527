import { describe, expect, test } from 'vitest';
import { ratingOf, roundToTenth } from './rating.ts';

describe('ratingOf', () => {
  test('no reviews, or only hidden ones, is no rating at all', () => {
    expect(ratingOf([])).toBeNull();
    expect(ratingOf([{ overall: 5, hidden: true }])).toBeNull();
  });

  test('the average of the visible reviews’ overall scores, with their count', () => {
    expect(ratingOf([{ overall: 4, hidden: false }])).toEqual({ average: 4, count: 1 });
    expect(
      ratingOf([
        { overall: 5, hidden: false },
        { overall: 4, hidden: false },
        { overall: 1, hidden: true },
      ]),
    ).toEqual({
      average: 4.5,
      count: 2,
    });
  });

  test('rounded to one decimal, half up', () => {
    // (4.25 + 4.5 + 4.75) / 3 = 4.5; (5 + 4 + 4) / 3 = 4.333...
    expect(
      ratingOf([
        { overall: 5, hidden: false },
        { overall: 4, hidden: false },
        { overall: 4, hidden: false },
      ]),
    ).toEqual({
      average: 4.3,
      count: 3,
    });
    expect(
      ratingOf([
        { overall: 4.75, hidden: false },
        { overall: 4.75, hidden: false },
        { overall: 4, hidden: false },
      ]),
    ).toEqual({
      average: 4.5,
      count: 3,
    });
    expect(roundToTenth(4.25)).toBe(4.3);
    expect(roundToTenth(4.45)).toBe(4.5);
    expect(roundToTenth(1.04)).toBe(1);
    expect(roundToTenth(3.666)).toBe(3.7);
  });
});
