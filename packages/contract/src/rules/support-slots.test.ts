import { describe, expect, test } from 'vitest';
import {
  SUPPORT_HOURS,
  SUPPORT_SLOT_LABELS as L,
  dayLabel,
  findSupportSlot,
  formatSlotTime,
  formatZoneOffset,
  isTimeZone,
  slotLabel,
  supportAvailability,
  supportDays,
  zonedDate,
} from './support-slots.ts';

const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';

describe('support days and slots', () => {
  test('the next ten weekdays from tomorrow, sixteen half-hour calls from 09:00 to 16:30 support time', () => {
    // Wednesday 4 March 2026, 11:00 in Berlin
    const days = supportDays(new Date('2026-03-04T10:00:00Z'), BERLIN);
    expect(days.map((d) => d.date)).toEqual([
      '2026-03-05',
      '2026-03-06',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-16',
      '2026-03-17',
      '2026-03-18',
    ]);
    for (const day of days) {
      expect(day.slots).toHaveLength(16);
      expect(day.slots[0]?.time).toBe('09:00');
      expect(day.slots.at(-1)?.time).toBe('16:30');
    }
  });

  test('the days are counted in the support zone: late evening in Berlin is already the next day there', () => {
    // 23:30 UTC on Thursday 5 March is 00:30 on Friday 6 March in Berlin: tomorrow is Saturday, so Monday comes first
    const days = supportDays(new Date('2026-03-05T23:30:00Z'), BERLIN);
    expect(days[0]?.date).toBe('2026-03-09');
  });

  test('a call starts at its support-zone wall-clock time: 09:00 in Berlin is 08:00 UTC in winter and 07:00 UTC in summer', () => {
    const winter = supportDays(new Date('2026-03-20T10:00:00Z'), BERLIN);
    expect(findSupportSlot(winter, '2026-03-27', '09:00')?.start).toBe('2026-03-27T08:00:00.000Z');
    // Berlin moves its clocks on Sunday 29 March 2026
    expect(findSupportSlot(winter, '2026-03-30', '09:00')?.start).toBe('2026-03-30T07:00:00.000Z');
  });

  test('no call sooner than the minimum notice', () => {
    const now = new Date('2026-03-05T22:30:00Z'); // Thursday 23:30 in Berlin
    const days = supportDays(now, BERLIN, { ...SUPPORT_HOURS, minNoticeMinutes: 12 * 60 });
    // 12 hours later is 11:30 on Friday in Berlin
    expect(days[0]?.date).toBe('2026-03-06');
    expect(days[0]?.slots[0]?.time).toBe('11:30');
    expect(days[0]?.slots).toHaveLength(11);
  });

  test('a time outside support hours, on a weekend, today or past the tenth day is not offered', () => {
    const days = supportDays(new Date('2026-03-04T10:00:00Z'), BERLIN);
    expect(findSupportSlot(days, '2026-03-05', '08:30')).toBeNull();
    expect(findSupportSlot(days, '2026-03-05', '17:00')).toBeNull();
    expect(findSupportSlot(days, '2026-03-05', '09:15')).toBeNull();
    expect(findSupportSlot(days, '2026-03-07', '10:00')).toBeNull();
    expect(findSupportSlot(days, '2026-03-04', '15:00')).toBeNull();
    expect(findSupportSlot(days, '2026-03-19', '10:00')).toBeNull();
    expect(findSupportSlot(days, '2026-03-05', '16:30')).toEqual({ date: '2026-03-05', time: '16:30', start: '2026-03-05T15:30:00.000Z' });
  });
});

describe('time zones across a daylight-saving change', () => {
  test('in the weeks when only New York has moved its clocks, Berlin 09:00 is 04:00 in New York, not 03:00', () => {
    const days = supportDays(new Date('2026-02-27T10:00:00Z'), BERLIN);
    const before = findSupportSlot(days, '2026-03-06', '09:00'); // both on standard time
    const between = findSupportSlot(days, '2026-03-09', '09:00'); // New York on summer time since 8 March
    expect(before && formatSlotTime(before.start, NEW_YORK)).toBe('3:00 AM');
    expect(between && formatSlotTime(between.start, NEW_YORK)).toBe('4:00 AM');
    expect(between && formatSlotTime(between.start, BERLIN)).toBe('9:00 AM');
    expect(between && formatZoneOffset(between.start, BERLIN)).toBe('GMT+1');
    expect(between && formatZoneOffset(between.start, NEW_YORK)).toBe('GMT-4');
  });

  test('in the autumn week when only Berlin has moved back, Berlin 09:00 is 04:00 in New York until New York moves too', () => {
    const days = supportDays(new Date('2026-10-22T10:00:00Z'), BERLIN);
    const between = findSupportSlot(days, '2026-10-26', '09:00'); // Berlin back on 25 October
    const after = findSupportSlot(days, '2026-11-02', '09:00'); // New York back on 1 November
    expect(between?.start).toBe('2026-10-26T08:00:00.000Z');
    expect(between && formatSlotTime(between.start, NEW_YORK)).toBe('4:00 AM');
    expect(after && formatSlotTime(after.start, NEW_YORK)).toBe('3:00 AM');
    expect(after && formatZoneOffset(after.start, NEW_YORK)).toBe('GMT-5');
  });

  test('a support day whose hours straddle the spring change skips the hour that does not exist', () => {
    // Support in New York on Sundays 01:00-04:00; clocks jump from 02:00 to 03:00 on 8 March 2026.
    const hours = { ...SUPPORT_HOURS, weekdays: [0], startMinutes: 60, endMinutes: 240, days: 1 };
    const [day] = supportDays(new Date('2026-03-06T12:00:00Z'), NEW_YORK, hours);
    expect(day?.date).toBe('2026-03-08');
    expect(day?.slots.map((s) => s.time)).toEqual(['01:00', '01:30', '03:00', '03:30']);
    // consecutive half hours in real time
    expect(day?.slots.map((s) => s.start)).toEqual([
      '2026-03-08T06:00:00.000Z',
      '2026-03-08T06:30:00.000Z',
      '2026-03-08T07:00:00.000Z',
      '2026-03-08T07:30:00.000Z',
    ]);
    expect(day?.slots.map((s) => formatSlotTime(s.start, BERLIN))).toEqual(['7:00 AM', '7:30 AM', '8:00 AM', '8:30 AM']);
  });

  test('a support day whose hours straddle the autumn change offers the repeated hour once, at its first occurrence', () => {
    // Clocks go back from 02:00 to 01:00 in New York on 1 November 2026.
    const hours = { ...SUPPORT_HOURS, weekdays: [0], startMinutes: 0, endMinutes: 180, days: 1 };
    const [day] = supportDays(new Date('2026-10-30T12:00:00Z'), NEW_YORK, hours);
    expect(day?.slots.map((s) => s.time)).toEqual(['00:00', '00:30', '01:00', '01:30', '02:00', '02:30']);
    expect(day?.slots.map((s) => s.start)).toEqual([
      '2026-11-01T04:00:00.000Z',
      '2026-11-01T04:30:00.000Z',
      '2026-11-01T05:00:00.000Z',
      '2026-11-01T05:30:00.000Z',
      '2026-11-01T07:00:00.000Z',
      '2026-11-01T07:30:00.000Z',
    ]);
  });

  test('the calendar day of an instant depends on the zone', () => {
    expect(zonedDate('2026-03-09T02:00:00Z', BERLIN)).toBe('2026-03-09');
    expect(zonedDate('2026-03-09T02:00:00Z', NEW_YORK)).toBe('2026-03-08');
  });

  test('only IANA zones are time zones', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('labels from bookings', () => {
  test('a slot is Available while more than half its seats are left, Limited Slot down to the last, then No available slot', () => {
    expect(slotLabel(3, 3)).toBe(L.available);
    expect(slotLabel(2, 3)).toBe(L.available);
    expect(slotLabel(1, 3)).toBe(L.limited);
    expect(slotLabel(0, 3)).toBe(L.none);
    expect(slotLabel(2, 4)).toBe(L.limited);
    // one seat: free or taken
    expect(slotLabel(1, 1)).toBe(L.available);
    expect(slotLabel(0, 1)).toBe(L.none);
  });

  test('a day is labelled from the seats left in all its slots; a day with no slot left, or none offered, has none', () => {
    expect(dayLabel([3, 3, 1, 0], 3)).toBe(L.available);
    expect(dayLabel([3, 3, 0, 0], 3)).toBe(L.limited);
    expect(dayLabel([3, 0, 0, 0], 3)).toBe(L.limited);
    expect(dayLabel([0, 0, 0, 0], 3)).toBe(L.none);
    expect(dayLabel([], 3)).toBe(L.none);
  });

  test('availability counts the seats booked per slot start', () => {
    const days = supportDays(new Date('2026-03-04T10:00:00Z'), BERLIN).slice(0, 1);
    const first = days[0]?.slots[0]?.start ?? '';
    const second = days[0]?.slots[1]?.start ?? '';
    const [day] = supportAvailability(
      days,
      new Map([
        [first, 3],
        [second, 2],
      ]),
      3,
    );
    expect(day?.slots[0]).toMatchObject({ time: '09:00', remaining: 0, label: L.none });
    expect(day?.slots[1]).toMatchObject({ time: '09:30', remaining: 1, label: L.limited });
    expect(day?.slots[2]).toMatchObject({ time: '10:00', remaining: 3, label: L.available });
    expect(day?.label).toBe(L.available);
  });
});
