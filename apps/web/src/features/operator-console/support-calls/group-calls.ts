import type { SupportCallRead } from '@talentloop/contract/api/support-booking';
import { formatSlotTime, formatSupportDate, formatZoneOffset, zonedDate } from '@talentloop/contract/rules/support-slots';

// Support calls by day, in the operator's own time zone (the browser's), with each call's times in
// that zone and in the support zone it was offered in. Pure: the zone is passed in.

export type CallTimes = {
  /** '11:00 AM – 11:30 AM' in the operator's zone, and that zone's offset ('GMT+1'). */
  local: string;
  localOffset: string;
  /** The same in the support zone; null when both zones read the same wall-clock time. */
  support: string | null;
  supportZone: string;
};

export type CallDay = { date: string; label: string; calls: SupportCallRead[] };

/** Calls grouped by their start's calendar day in `timeZone`, in the order given. */
export function groupByDay(calls: readonly SupportCallRead[], timeZone: string): CallDay[] {
  const days: CallDay[] = [];
  for (const c of calls) {
    const date = zonedDate(c.slotStart, timeZone);
    let day = days.find((d) => d.date === date);
    if (!day) {
      day = { date, label: formatSupportDate(date), calls: [] };
      days.push(day);
    }
    day.calls.push(c);
  }
  return days;
}

export function callTimes(c: Pick<SupportCallRead, 'slotStart' | 'slotEnd' | 'timeZone'>, timeZone: string): CallTimes {
  const range = (zone: string) => `${formatSlotTime(c.slotStart, zone)} – ${formatSlotTime(c.slotEnd, zone)}`;
  const local = range(timeZone);
  const support = range(c.timeZone);
  const sameClock = local === support && formatZoneOffset(c.slotStart, timeZone) === formatZoneOffset(c.slotStart, c.timeZone);
  return {
    local,
    localOffset: formatZoneOffset(c.slotStart, timeZone),
    support: sameClock ? null : support,
    supportZone: c.timeZone,
  };
}
