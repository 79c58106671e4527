import type { ReactNode } from 'react';
import { QueuePage } from '../../ui/queue-page.tsx';

// The frame of every console page: the shared queue page's frame with the console's eyebrow.

export function ConsolePage({
  title,
  description,
  actions,
  filters,
  children,
  wide = false,
}: {
  title: string;
  description: ReactNode;
  actions?: ReactNode;
  filters?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <QueuePage eyebrow="Operator console" title={title} description={description} actions={actions} filters={filters} wide={wide}>
      {children}
    </QueuePage>
  );
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** '3 days ago', 'in 2 hours', 'now': the largest whole unit. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const diff = new Date(iso).getTime() - now;
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return relative.format(Math.trunc(diff / ms), unit);
  }
  return 'just now';
}

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
/** A moment in the reader's own time zone. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
