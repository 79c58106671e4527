import { QUEUE_OVERDUE_MS, waitingAge } from '@talentloop/contract/rules/review-queue';
import { Inbox, Keyboard } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { cn } from '../../../ui/cn.ts';
import { EmptyState } from '../../../ui/queue-page.tsx';

// Parts both review queues share (issue 21): the list of waiting items (oldest first, each with how
// long it has waited), the keyboard hint, and the empty and loading states. The reason dialog
// with editable starting texts is the shared one (ui/reason-dialog.tsx).

export type QueueEntry = { id: string; title: string; subtitle: string; submittedAt: string };

/** 'Waiting 3 d 4 h', or 'Just arrived'. */
export function waitingLabel(since: string, now: Date): string {
  const age = waitingAge(since, now);
  return age === 'just now' ? 'Just arrived' : `Waiting ${age}`;
}

/** The DOM id of an entry's button, so focus can move to it after a decision. */
export const queueItemId = (id: string) => `queue-item-${id}`;

/** The current time, ticking every minute (the ages in the list follow it). */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function QueueList({
  label,
  entries,
  selectedId,
  onSelect,
  now,
}: {
  label: string;
  entries: QueueEntry[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  now: Date;
}) {
  return (
    <nav aria-label={label} className="overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-sm">
      <p className="border-b border-line bg-surface px-4 py-2.5 text-xs font-semibold tracking-wide text-muted uppercase">
        {entries.length} waiting · oldest first
      </p>
      <ol className="max-h-[32rem] divide-y divide-line overflow-y-auto lg:max-h-[calc(100dvh-16rem)]">
        {entries.map((entry, index) => {
          const selected = entry.id === selectedId;
          const overdue = now.getTime() - new Date(entry.submittedAt).getTime() > QUEUE_OVERDUE_MS;
          return (
            <li key={entry.id}>
              <button
                type="button"
                id={queueItemId(entry.id)}
                aria-current={selected ? 'true' : undefined}
                onClick={() => onSelect(entry.id)}
                className={cn(
                  'flex w-full items-start gap-3 px-4 py-3 text-left transition-colors hover:bg-surface focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700',
                  selected && 'bg-brand-50 hover:bg-brand-50',
                )}
              >
                <span aria-hidden="true" className="mt-0.5 w-5 shrink-0 text-right text-xs tabular-nums text-muted">
                  {index + 1}
                </span>
                <span className="min-w-0 flex-1">
                  <span className={cn('block truncate font-medium', selected ? 'text-brand-800' : 'text-ink')}>{entry.title}</span>
                  <span className="block truncate text-sm text-muted">{entry.subtitle}</span>
                </span>
                <span
                  className={cn(
                    'shrink-0 rounded-full px-2 py-0.5 text-xs font-medium tabular-nums',
                    overdue ? 'bg-danger-soft text-danger' : 'bg-surface text-muted',
                  )}
                >
                  <span className="sr-only">waiting </span>
                  {waitingAge(entry.submittedAt, now)}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The page's visible list of shortcuts (pages place it twice, for wide and narrow screens: its id is its own). */
export function KeyboardHint({ keys }: { keys: Array<[string, string]> }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-[var(--radius-card)] border border-line bg-white p-4 text-sm shadow-sm">
      <h2 id={titleId} className="flex items-center gap-2 font-semibold">
        <Keyboard className="h-4 w-4 text-muted" aria-hidden="true" />
        Keyboard shortcuts
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5">
        {keys.map(([key, what]) => (
          <div key={key} className="contents">
            <dt>
              {key.split(' / ').map((k, i) => (
                <span key={k}>
                  {i > 0 && <span className="px-1 text-muted">or</span>}
                  <kbd className="rounded-md border border-line bg-surface px-1.5 py-0.5 font-mono text-xs">{k}</kbd>
                </span>
              ))}
            </dt>
            <dd className="text-muted">{what}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-muted">Shortcuts pause while you type in a field or a dialog is open.</p>
    </section>
  );
}

export function QueueEmpty({ title, message }: { title: string; message: string }) {
  return <EmptyState icon={Inbox} title={title} message={message} padding="py-16" />;
}

export function QueueSkeleton() {
  return (
    <div aria-hidden="true" className="grid gap-5 lg:grid-cols-[20rem_minmax(0,1fr)]">
      <div className="space-y-2">
        {[0, 1, 2, 3, 4].map((i) => (
          <div key={i} className="h-16 animate-pulse rounded-xl bg-white" />
        ))}
      </div>
      <div className="space-y-4">
        <div className="h-16 animate-pulse rounded-xl bg-white" />
        <div className="h-72 animate-pulse rounded-xl bg-white" />
      </div>
    </div>
  );
}
