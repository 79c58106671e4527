import type { SupportCallRead } from '@talentloop/contract/api/support-booking';
import { describe, expect, test } from 'vitest';
import { callTimes, groupByDay } from './group-calls.ts';

const callAt = (id: string, slotStart: string): SupportCallRead => ({
  id,
  companyId: 'c',
  companyName: 'Acme',
  bookedByEmail: 'a@acme.test',
  email: 'a@acme.test',
  reason: 'Account Verification',
  notes: '',
  slotStart,
  slotEnd: new Date(Date.parse(slotStart) + 30 * 60_000).toISOString(),
  timeZone: 'Europe/Berlin',
  status: 'booked',
  cancelledAt: null,
  cancelledBy: null,
  cancelMessage: null,
  outcome: null,
});

describe('support calls by day', () => {
  test('calls are grouped by the day they start on in the operator’s zone, in the order given', () => {
    // 07:30 Berlin on 10 March is still 9 March in Los Angeles (23:30 the evening before).
    const calls = [callAt('a', '2026-03-10T06:30:00Z'), callAt('b', '2026-03-10T09:00:00Z'), callAt('c', '2026-03-11T08:00:00Z')];
    expect(groupByDay(calls, 'Europe/Berlin').map((d) => [d.date, d.calls.map((c) => c.id)])).toEqual([
      ['2026-03-10', ['a', 'b']],
      ['2026-03-11', ['c']],
    ]);
    const la = groupByDay(calls, 'America/Los_Angeles');
    expect(la.map((d) => [d.date, d.calls.map((c) => c.id)])).toEqual([
      ['2026-03-09', ['a']],
      ['2026-03-10', ['b']],
      ['2026-03-11', ['c']],
    ]);
    expect(la[0]?.label).toBe('Monday, 9 March 2026');
  });

  test('a call reads in the operator’s zone with the support zone beside it, once when both agree', () => {
    const call = callAt('a', '2026-03-10T10:00:00Z');
    expect(callTimes(call, 'America/New_York')).toEqual({
      local: '6:00 AM – 6:30 AM',
      localOffset: 'GMT-4',
      support: '11:00 AM – 11:30 AM',
      supportZone: 'Europe/Berlin',
    });
    expect(callTimes(call, 'Europe/Berlin')).toMatchObject({ local: '11:00 AM – 11:30 AM', support: null });
  });
});
