import { TZDate, tz } from '@date-fns/tz';
import { format } from 'date-fns';

// Support booking: which 30-minute support calls exist, and how full they are (spec:
// profile-company §2 Support booking, §9 support slots; issue 11; docs/decisions.md "Support
// booking"). Pure rules shared by the server (the authority on slots and seats) and the web app
// (which only renders what the server answers). Every zone conversion goes through @date-fns/tz
// (IANA time zone data via Intl): no offset is ever added by hand.

export const SUPPORT_SLOT_LABELS = {
  available: 'Available',
  limited: 'Limited Slot',
  none: 'No available slot',
} as const;
export type SupportSlotLabel = (typeof SUPPORT_SLOT_LABELS)[keyof typeof SUPPORT_SLOT_LABELS];

/**
 * A slot or a day is 'Limited Slot' when at most this share of its seats is left (and at least
 * one): with 3 seats a slot is Available at 3 or 2 left, Limited at 1, 'No available slot' at 0.
 */
export const SUPPORT_LIMITED_SHARE = 0.5;

/** When support takes calls, in the support time zone (the zone itself is server configuration). */
export type SupportHours = {
  /** Days of the week with calls, 0 = Sunday ... 6 = Saturday. */
  weekdays: readonly number[];
  /** First call starts at this many minutes after midnight. */
  startMinutes: number;
  /** Last call ends by this many minutes after midnight. */
  endMinutes: number;
  slotMinutes: number;
  /** How many days with calls are offered, counted from tomorrow. */
  days: number;
  /** No call starts sooner than this after now. */
  minNoticeMinutes: number;
};

/** Mon-Fri 09:00-17:00 support time, 30-minute calls, the next 10 such days from tomorrow, 2 hours' notice. */
export const SUPPORT_HOURS: SupportHours = {
  weekdays: [1, 2, 3, 4, 5],
  startMinutes: 9 * 60,
  endMinutes: 17 * 60,
  slotMinutes: 30,
  days: 10,
  minNoticeMinutes: 120,
};

/** One upcoming call per company (docs/decisions.md). */
export const SUPPORT_BOOKINGS_PER_COMPANY = 1;
/** The default seats of one slot when the server's configuration names none. */
export const SUPPORT_DEFAULT_CAPACITY = 3;
export const SUPPORT_DEFAULT_TIME_ZONE = 'Europe/Berlin';

export type SupportSlot = {
  /** The call's start, an ISO instant in UTC. */
  start: string;
  /** Its wall-clock start in the support zone, 'HH:mm'. */
  time: string;
};
export type SupportDay = {
  /** The day in the support zone, 'yyyy-MM-dd'. */
  date: string;
  slots: SupportSlot[];
};

const pad = (n: number) => String(n).padStart(2, '0');

/** True when `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  if (!zone || !/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The support days offered at `now`: the next `hours.days` days with calls, from tomorrow in the
 * support zone, each with its calls at wall-clock times from `startMinutes` (calls must end by
 * `endMinutes`). A wall-clock time that does not exist that day (the hour skipped when clocks go
 * forward) has no call; one that exists twice (clocks go back) has one call, at its first
 * occurrence. Calls sooner than the minimum notice are left out; a day may then have none.
 */
export function supportDays(now: Date, timeZone: string, hours: SupportHours = SUPPORT_HOURS): SupportDay[] {
  const today = new TZDate(now.getTime(), timeZone);
  const earliest = now.getTime() + hours.minNoticeMinutes * 60_000;
  const days: SupportDay[] = [];
  // Bounded: a week holds at least one listed weekday unless the list is empty.
  for (let offset = 1; days.length < hours.days && offset <= hours.days * 7; offset++) {
    const noon = new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + offset, 12, 0, timeZone);
    if (!hours.weekdays.includes(noon.getDay())) continue;
    const [year, month, day] = [noon.getFullYear(), noon.getMonth(), noon.getDate()];
    const slots: SupportSlot[] = [];
    for (let m = hours.startMinutes; m + hours.slotMinutes <= hours.endMinutes; m += hours.slotMinutes) {
      const [h, min] = [Math.floor(m / 60), m % 60];
      const at = new TZDate(year, month, day, h, min, timeZone);
      // A time in the gap is moved forward by the zone rules: it does not exist, so no call.
      if (at.getHours() !== h || at.getMinutes() !== min || at.getDate() !== day) continue;
      if (at.getTime() < earliest) continue;
      slots.push({ start: new Date(at.getTime()).toISOString(), time: `${pad(h)}:${pad(min)}` });
    }
    days.push({ date: `${year}-${pad(month + 1)}-${pad(day)}`, slots });
  }
  return days;
}

/** The call offered at `date` 'yyyy-MM-dd' and `time` 'HH:mm' (support zone), or null when none is. */
export function findSupportSlot(days: readonly SupportDay[], date: string, time: string): (SupportSlot & { date: string }) | null {
  const slot = days.find((d) => d.date === date)?.slots.find((s) => s.time === time);
  return slot ? { ...slot, date } : null;
}

/** The label of a slot with `remaining` of `capacity` seats left. */
export function slotLabel(remaining: number, capacity: number): SupportSlotLabel {
  if (remaining <= 0) return SUPPORT_SLOT_LABELS.none;
  if (capacity > 1 && remaining <= capacity * SUPPORT_LIMITED_SHARE) return SUPPORT_SLOT_LABELS.limited;
  return SUPPORT_SLOT_LABELS.available;
}

/** The label of a day from the seats left in its offered slots (a day with no slot left has none). */
export function dayLabel(remaining: readonly number[], capacity: number): SupportSlotLabel {
  const left = remaining.reduce((sum, r) => sum + Math.max(0, r), 0);
  return slotLabel(left, remaining.length * capacity);
}

export type SupportSlotAvailability = SupportSlot & { remaining: number; label: SupportSlotLabel };
export type SupportDayAvailability = { date: string; label: SupportSlotLabel; slots: SupportSlotAvailability[] };

/** The offered days with seats left and labels, from the seats booked per slot start (ISO instant). */
export function supportAvailability(
  days: readonly SupportDay[],
  booked: ReadonlyMap<string, number>,
  capacity: number,
): SupportDayAvailability[] {
  return days.map((day) => {
    const slots = day.slots.map((slot) => {
      const remaining = Math.max(0, capacity - (booked.get(slot.start) ?? 0));
      return { ...slot, remaining, label: slotLabel(remaining, capacity) };
    });
    return {
      date: day.date,
      label: dayLabel(
        slots.map((s) => s.remaining),
        capacity,
      ),
      slots,
    };
  });
}

// ---- how a time reads ---------------------------------------------------------------------------

/** '9:00 AM': the instant's wall-clock time in `timeZone`. */
export function formatSlotTime(start: string | Date, timeZone: string): string {
  return format(new Date(start), 'h:mm a', { in: tz(timeZone) });
}

/** 'Mon, 9 Mar': the instant's day in `timeZone`. */
export function formatSlotDay(start: string | Date, timeZone: string): string {
  return format(new Date(start), 'EEE, d MMM', { in: tz(timeZone) });
}

/** 'Monday, 9 March 2026' for a support day 'yyyy-MM-dd' (a calendar day, no zone involved). */
export function formatSupportDate(date: string, pattern = 'EEEE, d MMMM yyyy'): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return format(new Date(y, m - 1, d, 12), pattern);
}

/** 'GMT+1' / 'GMT-4': the zone's offset at that instant (it changes with daylight saving). */
export function formatZoneOffset(at: string | Date, timeZone: string): string {
  return format(new Date(at), 'O', { in: tz(timeZone) });
}

/** '2026-03-09': the instant's calendar day in `timeZone`. */
export function zonedDate(at: string | Date, timeZone: string): string {
  return format(new Date(at), 'yyyy-MM-dd', { in: tz(timeZone) });
}

/** '09:00': the instant's wall-clock time in `timeZone`, as the booking form sends it. */
export function zonedTime(at: string | Date, timeZone: string): string {
  return format(new Date(at), 'HH:mm', { in: tz(timeZone) });
}
