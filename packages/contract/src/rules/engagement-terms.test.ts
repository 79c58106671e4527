import { describe, expect, it } from 'vitest';
import {
  TERMS_MESSAGES,
  businessDaysDeadline,
  currentWeekStart,
  dayStartsAt,
  dueDateProblem,
  feeOf,
  formatQuarterHours,
  isLastDayOfWeek,
  localDay,
  milestoneAutoApproveAt,
  startDateProblem,
  timesheetAutoApproveAt,
  timesheetProblem,
  weekAmount,
  weekDays,
  weekEndsAt,
  weekStartOf,
} from './engagement-terms.ts';

const HOUR = 3_600_000;

describe('weeks in the engagement zone', () => {
  it('names a week by its Monday, for every day of it', () => {
    for (const day of weekDays('2026-11-23')) expect(weekStartOf(day)).toBe('2026-11-23');
    expect(weekStartOf('2026-11-30')).toBe('2026-11-30');
    expect(weekStartOf('2027-01-03')).toBe('2026-12-28'); // across the year
  });

  it('a week in Europe/Berlin with the spring change lasts 167 hours, with the autumn change 169', () => {
    // 2026-03-29: clocks go forward in Berlin; 2026-10-25: back.
    const spring = '2026-03-23';
    const autumn = '2026-10-19';
    expect(weekEndsAt(spring, 'Europe/Berlin').getTime() - dayStartsAt(spring, 'Europe/Berlin').getTime()).toBe(167 * HOUR);
    expect(weekEndsAt(autumn, 'Europe/Berlin').getTime() - dayStartsAt(autumn, 'Europe/Berlin').getTime()).toBe(169 * HOUR);
    expect(dayStartsAt('2026-03-30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(dayStartsAt('2026-03-23', 'Europe/Berlin').toISOString()).toBe('2026-03-22T23:00:00.000Z');
  });

  it('a week in America/New_York across both changes (March 8 and November 1, 2026)', () => {
    const spring = '2026-03-02';
    const autumn = '2026-10-26';
    expect(weekEndsAt(spring, 'America/New_York').getTime() - dayStartsAt(spring, 'America/New_York').getTime()).toBe(167 * HOUR);
    expect(weekEndsAt(autumn, 'America/New_York').getTime() - dayStartsAt(autumn, 'America/New_York').getTime()).toBe(169 * HOUR);
    // Sunday 23:30 local after the autumn change is still that week, Monday 00:00 local is the next.
    expect(currentWeekStart(new Date('2026-11-02T04:30:00Z'), 'America/New_York')).toBe('2026-10-26');
    expect(currentWeekStart(new Date('2026-11-02T05:00:00Z'), 'America/New_York')).toBe('2026-11-02');
    // The same instant is a different week in Kolkata.
    expect(currentWeekStart(new Date('2026-11-02T04:30:00Z'), 'Asia/Kolkata')).toBe('2026-11-02');
  });

  it('a day whose midnight is skipped (clocks go forward at 00:00) starts at the first minute that exists', () => {
    // Havana, 8 March 2026: 00:00 CST becomes 01:00 CDT; Santiago, 6 September 2026: 00:00 -04 becomes 01:00 -03.
    expect(dayStartsAt('2026-03-08', 'America/Havana').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(localDay(dayStartsAt('2026-03-08', 'America/Havana'), 'America/Havana')).toBe('2026-03-08');
    expect(dayStartsAt('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(weekEndsAt('2026-08-31', 'America/Santiago').toISOString()).toBe('2026-09-07T03:00:00.000Z');
  });

  it('the local day and the reminder day (Sunday) follow the zone, not UTC', () => {
    const at = new Date('2026-11-29T23:30:00Z'); // Sunday in UTC, Monday in Kolkata, Sunday in New York
    expect(localDay(at, 'Asia/Kolkata')).toBe('2026-11-30');
    expect(isLastDayOfWeek(at, 'Asia/Kolkata')).toBe(false);
    expect(isLastDayOfWeek(at, 'America/New_York')).toBe(true);
  });
});

describe('business-day deadlines', () => {
  it('3 business days after a Friday submission end on Wednesday night, in the company zone', () => {
    const friday = new Date('2026-11-27T14:00:00Z');
    expect(businessDaysDeadline(friday, 3, 'Europe/Berlin').toISOString()).toBe('2026-12-02T23:00:00.000Z');
    expect(timesheetAutoApproveAt(friday, 'Asia/Kolkata').toISOString()).toBe('2026-12-02T18:30:00.000Z');
  });

  it('a Monday submission ends on Thursday night; a Saturday one on Wednesday night', () => {
    expect(businessDaysDeadline(new Date('2026-11-23T09:00:00Z'), 3, 'UTC').toISOString()).toBe('2026-11-27T00:00:00.000Z');
    expect(businessDaysDeadline(new Date('2026-11-28T09:00:00Z'), 3, 'UTC').toISOString()).toBe('2026-12-03T00:00:00.000Z');
  });

  it('counts local days across a DST change (Berlin, autumn 2026)', () => {
    // Friday 23 October 2026, 18:00 Berlin; business days Mon 26, Tue 27, Wed 28 (after the change: UTC+1).
    const at = new Date('2026-10-23T16:00:00Z');
    expect(businessDaysDeadline(at, 3, 'Europe/Berlin').toISOString()).toBe('2026-10-28T23:00:00.000Z');
    // New York, spring: Friday 6 March 2026 -> Wed 11 ends at Thu 12 00:00 EDT (UTC-4).
    expect(businessDaysDeadline(new Date('2026-03-06T20:00:00Z'), 3, 'America/New_York').toISOString()).toBe('2026-03-12T04:00:00.000Z');
  });

  it('a submission late on Friday in the zone counts from Friday even when it is Saturday in UTC', () => {
    const at = new Date('2026-11-28T02:00:00Z'); // Friday 21:00 in New York
    expect(businessDaysDeadline(at, 3, 'America/New_York').toISOString()).toBe('2026-12-03T05:00:00.000Z');
  });

  it('a milestone submission is approved automatically 7 days later', () => {
    expect(milestoneAutoApproveAt(new Date('2026-11-28T10:00:00Z')).toISOString()).toBe('2026-12-05T10:00:00.000Z');
  });
});

describe('timesheet lines', () => {
  const ctx = { weekStart: '2026-11-23', startDate: '2026-11-24', endDate: null, today: '2026-11-27', weeklyCapHours: 10 };
  const line = (day: string, quarterHours: number) => ({ day, quarterHours, description: 'Work' });

  it('accepts quarter hours within the day, the week, the dates and the cap', () => {
    expect(timesheetProblem([line('2026-11-24', 16), line('2026-11-27', 24)], ctx)).toBeUndefined();
  });

  it('refuses more than 24 hours a day, zero hours, the cap, days outside the week or the engagement, and the future', () => {
    expect(timesheetProblem([line('2026-11-24', 97)], { ...ctx, weeklyCapHours: 80 })?.message).toBe(TERMS_MESSAGES.hours);
    expect(timesheetProblem([line('2026-11-24', 0)], ctx)?.message).toBe(TERMS_MESSAGES.hours);
    expect(timesheetProblem([line('2026-11-24', 24), line('2026-11-25', 17)], ctx)?.message).toBe(TERMS_MESSAGES.overCap(10));
    expect(timesheetProblem([line('2026-11-23', 4)], ctx)?.message).toBe(TERMS_MESSAGES.dayOutsideEngagement);
    expect(timesheetProblem([line('2026-11-30', 4)], ctx)?.message).toBe(TERMS_MESSAGES.dayOutsideWeek);
    expect(timesheetProblem([line('2026-11-28', 4)], ctx)?.message).toBe(TERMS_MESSAGES.dayInFuture);
    expect(timesheetProblem([line('2026-11-26', 4)], { ...ctx, endDate: '2026-11-25' })?.message).toBe(TERMS_MESSAGES.dayOutsideEngagement);
    expect(timesheetProblem([line('2026-11-24', 4), line('2026-11-24', 4)], ctx)?.message).toBe(TERMS_MESSAGES.dayTwice);
    expect(timesheetProblem([line('2026-02-30', 4)], ctx)?.message).toBe(TERMS_MESSAGES.day);
  });

  it('a week amount is the sum of rounded lines; hours are written in quarters', () => {
    // 7.25 h x 33.33 = 241.6425 -> 241.64; 0.25 h x 33.33 = 8.3325 -> 8.33
    expect(weekAmount([{ quarterHours: 29 }, { quarterHours: 1 }], 3333, 'USD')).toBe(24164 + 833);
    expect(formatQuarterHours(30)).toBe('7.5');
    expect(formatQuarterHours(29)).toBe('7.25');
    expect(formatQuarterHours(32)).toBe('8');
  });
});

describe('terms', () => {
  it('the start date may be up to 30 days back and a year ahead, in the zone', () => {
    const now = new Date('2026-11-28T10:00:00Z');
    expect(startDateProblem('2026-10-29', now, 'UTC')).toBeUndefined();
    expect(startDateProblem('2026-10-28', now, 'UTC')).toBe(TERMS_MESSAGES.startTooEarly);
    expect(startDateProblem('2027-11-28', now, 'UTC')).toBeUndefined();
    expect(startDateProblem('2027-11-29', now, 'UTC')).toBe(TERMS_MESSAGES.startTooLate);
    expect(startDateProblem('2026-02-29', now, 'UTC')).toBe(TERMS_MESSAGES.day);
  });

  it('a milestone is due on or after the start date', () => {
    expect(dueDateProblem('2026-12-01', '2026-12-01')).toBeUndefined();
    expect(dueDateProblem('2026-11-30', '2026-12-01')).toBe(TERMS_MESSAGES.dueBeforeStart);
    expect(dueDateProblem('2026-13-01', '2026-12-01')).toBe(TERMS_MESSAGES.day);
  });

  it('shows the 15% fee and the net by the money rule', () => {
    expect(feeOf(10_000, 'USD')).toEqual({ grossMinor: 10_000, feeMinor: 1_500, netMinor: 8_500 });
    expect(feeOf(3_333, 'INR')).toEqual({ grossMinor: 3_333, feeMinor: 500, netMinor: 2_833 });
  });
});
