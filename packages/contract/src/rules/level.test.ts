import { describe, expect, test } from 'vitest';
import { deriveLevel, levelDays, levelOn, yearsOfExperience } from './level.ts';

const today = '2026-06-01';

describe('yearsOfExperience', () => {
  test('no entries is no experience', () => {
    expect(yearsOfExperience([], today)).toBe(0);
  });

  test('separate periods add up', () => {
    expect(
      yearsOfExperience(
        [
          { startDate: '2016-01-01', endDate: '2018-01-01' },
          { startDate: '2019-01-01', endDate: '2020-01-01' },
        ],
        today,
      ),
    ).toBe(3);
  });

  test('overlapping periods count their days once', () => {
    expect(
      yearsOfExperience(
        [
          { startDate: '2016-01-01', endDate: '2020-01-01' },
          { startDate: '2018-01-01', endDate: '2019-01-01' },
          { startDate: '2019-06-01', endDate: '2021-01-01' },
        ],
        today,
      ),
    ).toBe(5);
  });

  test('an ongoing entry runs to today; future days count nothing', () => {
    expect(yearsOfExperience([{ startDate: '2024-06-01', endDate: null }], today)).toBe(2);
    expect(yearsOfExperience([{ startDate: '2026-01-01', endDate: '2027-01-01' }], today)).toBe(0.4);
    expect(yearsOfExperience([{ startDate: '2027-01-01', endDate: null }], today)).toBe(0);
  });

  test('rounded down to one decimal, never up into the next level', () => {
    // One day short of 2 years.
    expect(yearsOfExperience([{ startDate: '2024-06-02', endDate: null }], today)).toBe(1.9);
  });
});

describe('deriveLevel', () => {
  const since = (start: string) => [{ startDate: start, endDate: null }];

  test('years decide the level of a vetted profile', () => {
    expect(deriveLevel([], true, today)).toMatchObject({ key: 'entry', label: 'Entry', years: 0 });
    expect(deriveLevel(since('2024-06-01'), true, today)).toMatchObject({ key: 'intermediate', years: 2 });
    expect(deriveLevel(since('2021-06-01'), true, today)).toMatchObject({ key: 'senior', years: 5 });
    expect(deriveLevel(since('2018-01-01'), true, today)).toMatchObject({ key: 'expert', label: 'Expert' });
  });

  test('an unvetted profile shows at most Intermediate, and says why', () => {
    const level = deriveLevel(since('2010-01-01'), false, today);
    expect(level).toMatchObject({ key: 'intermediate', label: 'Intermediate', vetted: false });
    expect(level.explanation).toBe('16.4 years of work experience; Expert needs a vetted profile.');
    expect(deriveLevel(since('2025-06-01'), false, today)).toMatchObject({ key: 'entry', explanation: '1 year of work experience.' });
  });

  test('the explanation names the years and the vetting', () => {
    expect(deriveLevel(since('2020-06-01'), true, today).explanation).toBe('6 years of work experience on a vetted profile.');
  });
});

describe('levelDays and levelOn (the level kept by the talent search, issue 32)', () => {
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const DAY_MS = 86_400_000;
  test('says the same level as deriveLevel on every day, for random histories (overlaps, gaps, ongoing, future)', () => {
    let seed = 7;
    const rand = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const base = Date.UTC(2010, 0, 1);
    for (let history = 0; history < 200; history++) {
      const periods = Array.from({ length: Math.floor(rand() * 4) }, () => {
        const start = base + Math.floor(rand() * 16 * 365) * DAY_MS;
        const ongoing = rand() < 0.3;
        return { startDate: iso(start), endDate: ongoing ? null : iso(start + Math.floor(rand() * 6 * 365) * DAY_MS) };
      });
      const days = levelDays(periods);
      for (let probe = 0; probe < 40; probe++) {
        const today = iso(base + Math.floor(rand() * 30 * 365) * DAY_MS);
        for (const vetted of [true, false])
          expect(levelOn(days, vetted, today), `${JSON.stringify(periods)} on ${today}`).toBe(deriveLevel(periods, vetted, today).key);
      }
    }
  });
  test('reaches a level on the day after its years are worked, and not a day before', () => {
    const days = levelDays([{ startDate: '2020-01-01', endDate: null }]);
    expect(days.intermediate).toBe('2021-12-31');
    expect(deriveLevel([{ startDate: '2020-01-01', endDate: null }], true, '2021-12-30').key).toBe('entry');
    expect(deriveLevel([{ startDate: '2020-01-01', endDate: null }], true, '2021-12-31').key).toBe('intermediate');
    expect(levelDays([{ startDate: '2020-01-01', endDate: '2021-06-30' }])).toEqual({ intermediate: null, senior: null, expert: null });
  });
});
