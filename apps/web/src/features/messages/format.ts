// Times and sizes as the conversation shows them (issue 36), in the reader's own zone and in English.

const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
const dayFmt = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long' });
const dayYearFmt = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
const shortDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });
const full = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short' });

const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;

/** '14:05' */
export const messageClock = (iso: string) => clock.format(new Date(iso));
/** 'Saturday 28 November 2026 at 14:05' (a tooltip and the screen reader's full time). */
export const messageFullTime = (iso: string) => full.format(new Date(iso));

/** The day line above a day's messages: 'Today', 'Yesterday', 'Friday 27 November', or with the year when not this year. */
export function dayLabel(iso: string, now = new Date()): string {
  const d = new Date(iso);
  if (dayKey(d) === dayKey(now)) return 'Today';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (dayKey(d) === dayKey(yesterday)) return 'Yesterday';
  return d.getFullYear() === now.getFullYear() ? dayFmt.format(d) : dayYearFmt.format(d);
}

/** True when two times fall on different days in the reader's zone (a day line goes between them). */
export const newDay = (a: string | undefined, b: string) => !a || dayKey(new Date(a)) !== dayKey(new Date(b));

/** A conversation card's time: the clock today, else the day ('27 Nov'). */
export function listTime(iso: string, now = new Date()): string {
  const d = new Date(iso);
  return dayKey(d) === dayKey(now) ? clock.format(d) : shortDay.format(d);
}

/** '820 KB', '2.4 MB' */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
