import type { ReactNode } from 'react';
import { cn } from '../../ui/cn.ts';

// The frame of every console page: an eyebrow, the title (focus target after navigation), one
// sentence of what the page is for, and actions on the right.

export function ConsolePage({
  title,
  description,
  actions,
  children,
  wide = false,
}: {
  title: string;
  description: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <main className={cn('mx-auto w-full px-4 pt-6 pb-16 sm:px-6 sm:pt-8', wide ? 'max-w-7xl' : 'max-w-6xl')}>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold text-brand-700">Operator console</p>
          <h1 tabIndex={-1} className="mt-1 text-2xl font-bold tracking-tight outline-none sm:text-3xl">
            {title}
          </h1>
          <p className="mt-2 text-muted">{description}</p>
        </div>
        {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
      </header>
      <div className="mt-6">{children}</div>
    </main>
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
