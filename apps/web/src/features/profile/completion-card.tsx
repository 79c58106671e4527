import { CircleCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '../../ui/cn.ts';
import { useCompletion } from './api/editor-api.ts';

/** The card shows a skeleton for its first second. spec: profile-company §2, §9 */
export const COMPLETION_SKELETON_MS = 1_000;

/**
 * The profile's completion (competitionPercentage, computed by the server from saved data; every
 * section load and save updates it). spec: profile-company §1, §2 Freelancer profile editor
 */
export function CompletionCard() {
  const completion = useCompletion();
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), COMPLETION_SKELETON_MS);
    return () => clearTimeout(timer);
  }, []);
  const value = completion.data;
  const loading = !waited || value === undefined;

  return (
    <section aria-labelledby="completion-heading" className="rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="completion-heading" className="text-sm font-semibold text-muted">
          Profile completion
        </h2>
        {!loading && (
          <p className="flex items-baseline gap-1.5">
            <span className="text-2xl font-bold tracking-tight text-ink tabular-nums" data-testid="completion-value">
              {value}%
            </span>
            <span className="text-sm text-muted">complete</span>
          </p>
        )}
      </div>
      {loading ? (
        <div aria-hidden="true" className="mt-3 animate-pulse space-y-3" data-testid="completion-skeleton">
          <div className="h-2.5 rounded-full bg-line" />
          <div className="h-3 w-2/3 rounded bg-line" />
        </div>
      ) : (
        <>
          <div
            role="progressbar"
            aria-label="Profile completion"
            aria-valuenow={value}
            aria-valuemin={0}
            aria-valuemax={100}
            className="mt-3 h-2.5 overflow-hidden rounded-full bg-brand-50"
          >
            <div
              className={cn('h-full rounded-full transition-[width] duration-500', value === 100 ? 'bg-success' : 'bg-brand-600')}
              style={{ width: `${value}%` }}
            />
          </div>
          <p className="mt-3 flex items-center gap-1.5 text-xs text-muted">
            {value === 100 ? (
              <>
                <CircleCheck className="h-4 w-4 shrink-0 text-success" aria-hidden="true" />
                Every section is complete.
              </>
            ) : (
              'Complete every section to stand out to companies.'
            )}
          </p>
        </>
      )}
      {completion.isError && !loading && <p className="mt-2 text-xs text-danger">Failed to load your completion.</p>}
    </section>
  );
}
