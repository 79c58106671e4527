import type { ComponentType, ReactNode, Ref } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { cn } from './cn.ts';

// The page of a list someone works through (decision 189): the operator console's screens, the
// company's shortlists and interviews. `QueuePage` is the frame (an eyebrow, the title that takes
// focus after navigation, one sentence of what the page is for, actions on the right, filters under
// it); `QueueSection` is the list's region in its states (could not load with Try again, loading,
// empty, the rows) with 'Show more' while the server has more; `EmptyState` says why a list is empty.

export function QueuePage({
  eyebrow,
  title,
  description,
  actions,
  filters,
  wide = false,
  headingRef,
  children,
}: {
  eyebrow: string;
  title: string;
  description: ReactNode;
  actions?: ReactNode;
  /** Above the list (a search box, status tabs, date fields). */
  filters?: ReactNode;
  wide?: boolean;
  /** The title, for a page that moves focus to it (after the item that had focus is gone). */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <main className={cn('mx-auto w-full px-4 pt-6 pb-16 sm:px-6 sm:pt-8', wide ? 'max-w-7xl' : 'max-w-6xl')}>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold text-brand-700">{eyebrow}</p>
          <h1 ref={headingRef} tabIndex={-1} className="mt-1 text-2xl font-bold tracking-tight outline-none sm:text-3xl">
            {title}
          </h1>
          <p className="mt-2 text-muted">{description}</p>
        </div>
        {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
      </header>
      <div className="mt-6">
        {filters}
        {children}
      </div>
    </main>
  );
}

/** A list with nothing in it: what it holds and why it is empty (or what to do next). */
export function EmptyState({
  icon: Icon,
  title,
  message,
  children,
  padding = 'py-12',
  className,
}: {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  title?: string;
  message?: ReactNode;
  children?: ReactNode;
  /** Its height ('py-12'; the review queues' larger 'py-16'). */
  padding?: string;
  /** Its place (a margin). */
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center rounded-[var(--radius-card)] border border-dashed border-line bg-white px-6 text-center',
        padding,
        className,
      )}
    >
      <Icon className="h-8 w-8 text-muted" aria-hidden="true" />
      {title && <p className="mt-3 font-semibold text-ink">{title}</p>}
      {message && <p className={cn(title ? 'mt-1' : 'mt-3', 'max-w-md text-sm text-muted')}>{message}</p>}
      {children}
    </div>
  );
}

/** Grey blocks the size of the rows while the list loads (hidden from screen readers; the region is busy). */
export function QueueSkeleton({ rows = 5, className = 'h-16', grid }: { rows?: number; className?: string; grid?: string }) {
  return (
    <ul aria-hidden="true" className={grid ?? 'space-y-2'}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i} className={cn('animate-pulse rounded-xl bg-white', className)} />
      ))}
    </ul>
  );
}

export type QueueMore = {
  /** The server has more rows. */
  hasMore: boolean;
  pending: boolean;
  onMore: () => void;
  /** The button's text ('Show older requests'). */
  label: string;
  /** Said under the last row when there is no more ('That is every entry.'). */
  end?: ReactNode;
};

/**
 * The list's region: named by a heading (screen readers only), busy while it loads, and in one state
 * at a time: could not load (with Try again), loading, empty, or the rows with Show more.
 */
export function QueueSection({
  label,
  labelId,
  fetching = false,
  error,
  onRetry,
  loading,
  skeleton,
  empty,
  above,
  more,
  after,
  className,
  children,
}: {
  /** The region's name (a heading only screen readers see). */
  label: string;
  labelId: string;
  /** Reloading in the background (the region says it is busy). */
  fetching?: boolean;
  /** Why the list could not load; shown instead of it. */
  error?: string | null;
  onRetry?: () => void;
  /** Nothing to show yet. */
  loading: boolean;
  skeleton?: ReactNode;
  /** The empty state, shown when given (the page decides when the list is empty). */
  empty?: ReactNode;
  /** Shown above the rows or the empty state once loaded (a polite count, a summary). */
  above?: ReactNode;
  more?: QueueMore;
  /** Shown after the rows or the empty state once loaded (a second list). */
  after?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={labelId} aria-busy={fetching || loading} className={className}>
      <h2 id={labelId} className="sr-only">
        {label}
      </h2>
      {error ? (
        <div className="space-y-3">
          <Alert>{error}</Alert>
          {onRetry && (
            <Button variant="secondary" onClick={onRetry}>
              Try again
            </Button>
          )}
        </div>
      ) : loading ? (
        (skeleton ?? <QueueSkeleton />)
      ) : (
        <>
          {above}
          {empty ?? (
            <>
              {children}
              {more && (
                <div className="mt-4 flex justify-center">
                  {more.hasMore ? (
                    <Button variant="secondary" pending={more.pending} onClick={more.onMore}>
                      {more.label}
                    </Button>
                  ) : (
                    more.end && <p className="text-sm text-muted">{more.end}</p>
                  )}
                </div>
              )}
            </>
          )}
          {after}
        </>
      )}
    </section>
  );
}
