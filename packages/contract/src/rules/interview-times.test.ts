import { describe, expect, test } from 'vitest';
import {
  canonicalTimeZone,
  findOverlap,
  formatInterviewRange,
  formatZoneName,
  isIanaTimeZone,
  isOnGrid,
  rangesOverlap,
  startProblem,
  timeZoneNames,
  INTERVIEW_TIME_MESSAGES as MSG,
  utcToZoned,
  zonedToUtc,
} from './interview-times.ts';

const NY = 'America/New_York';
const BERLIN = 'Europe/Berlin';
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('wall clock to UTC and back', () => {
  test('a New York time around its spring change (2027-03-14) keeps its wall clock; the offset moves from -5 to -4', () => {
    expect(iso(zonedToUtc('2027-03-13', '09:00', NY))).toBe('2027-03-13T14:00:00.000Z');
    expect(iso(zonedToUtc('2027-03-14', '09:00', NY))).toBe('2027-03-14T13:00:00.000Z');
    expect(iso(zonedToUtc('2027-03-15', '09:00', NY))).toBe('2027-03-15T13:00:00.000Z');
  });

  test('the hour New York skips on 2027-03-14 does not exist; the hour after it does', () => {
    expect(zonedToUtc('2027-03-14', '02:00', NY)).toBeNull();
    expect(zonedToUtc('2027-03-14', '02:45', NY)).toBeNull();
    expect(iso(zonedToUtc('2027-03-14', '03:00', NY))).toBe('2027-03-14T07:00:00.000Z');
    expect(iso(zonedToUtc('2027-03-14', '01:45', NY))).toBe('2027-03-14T06:45:00.000Z');
  });

  test('a Berlin time around its spring change (2027-03-28): 02:30 does not exist, 09:00 is UTC+2 after it', () => {
    expect(iso(zonedToUtc('2027-03-27', '09:00', BERLIN))).toBe('2027-03-27T08:00:00.000Z');
    expect(zonedToUtc('2027-03-28', '02:30', BERLIN)).toBeNull();
    expect(iso(zonedToUtc('2027-03-28', '09:00', BERLIN))).toBe('2027-03-28T07:00:00.000Z');
  });

  test('a time that exists twice when clocks go back is its first occurrence (Berlin 2027-10-31, New York 2027-11-07)', () => {
    expect(iso(zonedToUtc('2027-10-31', '02:30', BERLIN))).toBe('2027-10-31T00:30:00.000Z');
    expect(iso(zonedToUtc('2027-11-07', '01:30', NY))).toBe('2027-11-07T05:30:00.000Z');
    expect(iso(zonedToUtc('2027-11-07', '09:00', NY))).toBe('2027-11-07T14:00:00.000Z');
  });

  test('between the two spring changes a New York 10:00 is 15:00 in Berlin, not 16:00 (only New York moved)', () => {
    const before = zonedToUtc('2027-03-10', '10:00', NY) as Date; // both on winter time
    const between = zonedToUtc('2027-03-16', '10:00', NY) as Date; // New York on summer time, Berlin not yet
    const after = zonedToUtc('2027-03-30', '10:00', NY) as Date; // both on summer time
    expect(utcToZoned(before, BERLIN)).toEqual({ date: '2027-03-10', time: '16:00' });
    expect(utcToZoned(between, BERLIN)).toEqual({ date: '2027-03-16', time: '15:00' });
    expect(utcToZoned(after, BERLIN)).toEqual({ date: '2027-03-30', time: '16:00' });
  });

  test('in autumn Berlin changes first (31 Oct), New York a week later (7 Nov)', () => {
    const between = zonedToUtc('2027-11-03', '10:00', NY) as Date;
    // New York still on summer time (-4), Berlin back on winter time (+1): five hours apart, not six.
    expect(utcToZoned(between, BERLIN)).toEqual({ date: '2027-11-03', time: '15:00' });
    const after = zonedToUtc('2027-11-08', '10:00', NY) as Date;
    expect(utcToZoned(after, BERLIN)).toEqual({ date: '2027-11-08', time: '16:00' });
  });

  test('a round trip gives back the wall clock across the year in both zones', () => {
    for (const zone of [NY, BERLIN, 'Asia/Kolkata', 'Australia/Sydney']) {
      for (const date of ['2027-01-15', '2027-03-14', '2027-03-28', '2027-07-01', '2027-10-31', '2027-11-07']) {
        const at = zonedToUtc(date, '10:15', zone) as Date;
        expect(utcToZoned(at, zone)).toEqual({ date, time: '10:15' });
      }
    }
  });

  test('text that is not a date and time is refused', () => {
    expect(zonedToUtc('2027-02-30', '10:00', NY)).toBeNull();
    expect(zonedToUtc('2027-13-01', '10:00', NY)).toBeNull();
    expect(zonedToUtc('2027-01-01', '24:00', NY)).toBeNull();
    expect(zonedToUtc('tomorrow', '10:00', NY)).toBeNull();
  });
});

describe('overlaps', () => {
  const r = (a: string, b: string) => ({ start: new Date(a), end: new Date(b) });
  test('ranges that share time overlap; touching ones do not', () => {
    expect(rangesOverlap(r('2027-01-01T10:00Z', '2027-01-01T11:00Z'), r('2027-01-01T10:30Z', '2027-01-01T11:30Z'))).toBe(true);
    expect(rangesOverlap(r('2027-01-01T10:00Z', '2027-01-01T11:00Z'), r('2027-01-01T11:00Z', '2027-01-01T12:00Z'))).toBe(false);
    expect(rangesOverlap(r('2027-01-01T10:00Z', '2027-01-01T12:00Z'), r('2027-01-01T10:30Z', '2027-01-01T11:00Z'))).toBe(true);
  });

  test('findOverlap names the first pair', () => {
    expect(
      findOverlap([
        r('2027-01-01T08:00Z', '2027-01-01T09:00Z'),
        r('2027-01-01T10:00Z', '2027-01-01T11:00Z'),
        r('2027-01-01T10:45Z', '2027-01-01T11:15Z'),
      ]),
    ).toEqual([1, 2]);
    expect(findOverlap([r('2027-01-01T08:00Z', '2027-01-01T09:00Z'), r('2027-01-01T09:00Z', '2027-01-01T10:00Z')])).toBeNull();
  });

  test('the same wall-clock hour on both sides of a change is not the same instant', () => {
    const a = zonedToUtc('2027-11-07', '01:00', NY) as Date;
    const b = zonedToUtc('2027-11-07', '01:00', NY) as Date;
    // 01:00 happens twice that night; the first is taken, so the two are one instant.
    expect(b.getTime()).toBe(a.getTime());
    const later = new Date(a.getTime() + 2 * 3_600_000); // 02:00 EST: two real hours later, 01:00 + 1 h on the wall
    expect(
      findOverlap([
        { start: a, end: new Date(a.getTime() + 3_600_000) },
        { start: later, end: new Date(later.getTime() + 3_600_000) },
      ]),
    ).toBeNull();
    expect(utcToZoned(later, NY)).toEqual({ date: '2027-11-07', time: '02:00' });
  });
});

describe('grid, notice and horizon', () => {
  const now = new Date('2027-03-01T12:00:00Z');
  test('quarter hours only', () => {
    expect(isOnGrid('09:00')).toBe(true);
    expect(isOnGrid('09:45')).toBe(true);
    expect(isOnGrid('09:10')).toBe(false);
  });

  test('past, too soon, too far, fine', () => {
    expect(startProblem(new Date('2027-03-01T11:00:00Z'), now)).toBe(MSG.past);
    expect(startProblem(new Date('2027-03-01T12:30:00Z'), now)).toBe(MSG.tooSoon);
    expect(startProblem(new Date('2027-03-01T13:00:00Z'), now)).toBeNull();
    expect(startProblem(new Date('2027-04-30T12:00:00Z'), now)).toBeNull();
    expect(startProblem(new Date('2027-04-30T12:15:00Z'), now)).toBe(MSG.tooFar);
  });

  test('zones: IANA names only', () => {
    expect(isIanaTimeZone('Europe/Berlin')).toBe(true);
    expect(isIanaTimeZone('UTC')).toBe(true);
    expect(isIanaTimeZone('Mars/Olympus')).toBe(false);
    expect(isIanaTimeZone('+02:00')).toBe(false);
    expect(isIanaTimeZone('')).toBe(false);
  });
});

describe('how a time reads', () => {
  test('with the zone name and the offset of that day', () => {
    const start = zonedToUtc('2027-03-16', '10:00', NY) as Date;
    const end = new Date(start.getTime() + 3_600_000);
    expect(formatInterviewRange(start, end, NY)).toBe('Tue, 16 Mar 2027, 10:00 AM - 11:00 AM America/New York (GMT-4)');
    expect(formatInterviewRange(start, end, BERLIN)).toBe('Tue, 16 Mar 2027, 3:00 PM - 4:00 PM Europe/Berlin (GMT+1)');
    expect(formatZoneName(BERLIN, '2027-07-01T00:00:00Z')).toBe('Europe/Berlin (GMT+2)');
  });
});

describe('canonical time-zone names', () => {
  test('a legacy name is read as its canonical IANA name; a canonical one is kept', () => {
    expect(canonicalTimeZone('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(canonicalTimeZone('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(canonicalTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(canonicalTimeZone(BERLIN)).toBe(BERLIN);
  });

  test('the zone list offers Asia/Kolkata and no legacy name, each canonical name once and valid', () => {
    const names = timeZoneNames();
    expect(names).toContain('Asia/Kolkata');
    expect(names).not.toContain('Asia/Calcutta');
    expect(names).not.toContain('Asia/Saigon');
    expect(new Set(names).size).toBe(names.length);
    expect(names.every((n) => canonicalTimeZone(n) === n && isIanaTimeZone(n))).toBe(true);
  });

  test('a zone’s label uses its canonical name', () => {
    expect(formatZoneName('Asia/Calcutta', '2027-01-10T12:00:00Z')).toBe('Asia/Kolkata (GMT+5:30)');
  });
});
