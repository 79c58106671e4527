/** A day as the wire carries it: YYYY-MM-DD. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A real calendar day in YYYY-MM-DD ('2026-02-30', '2026-13-01' and '2025-02-29' are not). Date.parse
 * alone is not enough: it rolls 2026-02-30 over to March 2.
 */
export function isCalendarDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
