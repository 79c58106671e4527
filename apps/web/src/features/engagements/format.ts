import type { Waiting } from '@talentloop/contract/api/engagements';
import { type Currency, formatMoney } from '@talentloop/contract/rules/money';

// How engagements write amounts, days and deadlines for people: amounts through the contract's
// formatMoney (integer minor units, never floats), calendar days as they are (no zone shift), and
// instants in the zone the reader works in.

export const money = (amountMinor: number, currency: Currency) => formatMoney(amountMinor, currency);

const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDayFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'Mon, Nov 23' for the calendar day '2026-11-23' (the day as written, in no zone). */
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
/** 'Nov 23, 2026' for a calendar day. */
export const formatLongDay = (day: string) => longDayFormat.format(new Date(`${day}T00:00:00Z`));

/** An instant in the given zone, with the zone's name: 'Dec 2, 2026, 11:59 PM (Asia/Kolkata)'. */
export function formatInstant(iso: string, zone?: string): string {
  const text = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: zone,
  }).format(new Date(iso));
  return zone ? `${text} (${zone})` : text;
}

/** The browser's own zone (the company's by default when it writes an offer from its desk). */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * What a wait says to its reader: a timesheet's week written as people read dates ('Week of Mon,
 * Nov 23 to approve'), never the ISO day the server's label carries; the others as the server wrote them.
 */
export function waitingLabel(w: Pick<Waiting, 'kind' | 'label' | 'weekStart'>): string {
  if (w.weekStart && w.kind === 'timesheet') return `Week of ${formatDay(w.weekStart)} to approve`;
  if (w.weekStart && w.kind === 'timesheet_query') return `Week of ${formatDay(w.weekStart)} queried`;
  return w.label;
}
