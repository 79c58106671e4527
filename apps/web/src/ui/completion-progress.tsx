import { CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn.ts';

// The parts of a completion card, shared by the wizard's card (each section's bar) and the profile
// editor's (the sections left, issue 19).

/** A completion bar, green when full. */
export function CompletionBar({ value, label, size = 'sm' }: { value: number; label: string; size?: 'sm' | 'lg' }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
      className={cn('mt-2 overflow-hidden rounded-full bg-brand-50', size === 'lg' ? 'h-2.5' : 'h-1.5')}
    >
      <div
        className={cn('h-full rounded-full transition-[width] duration-500', value === 100 ? 'bg-success' : 'bg-brand-600')}
        style={{ width: `${value}%` }}
      />
    </div>
  );
}

/**
 * One section of a completion card, as a list item: its name (a check when complete; `short`
 * replaces it on phones), a figure beside it (`aside`), its bar, then anything more (`children`).
 */
export function SectionProgress({
  label,
  name = label,
  short,
  value,
  aside,
  inline = false,
  children,
}: {
  /** The bar's accessible name, '<label> completion'. */
  label: string;
  /** What the row shows as the name (a link, say); `label` by default. */
  name?: ReactNode;
  short?: string;
  value: number;
  aside: ReactNode;
  /** Name and figure on one line at every width (else stacked below the desktop layout). */
  inline?: boolean;
  children?: ReactNode;
}) {
  return (
    <li className="min-w-0">
      <div
        className={cn(
          'flex text-xs sm:text-sm',
          inline ? 'items-center justify-between gap-3' : 'flex-col gap-0.5 lg:flex-row lg:items-center lg:justify-between lg:gap-3',
        )}
      >
        <span className="flex min-w-0 items-center gap-1.5 font-medium text-ink">
          {value === 100 && <CircleCheck className="h-4 w-4 shrink-0 text-success" aria-hidden="true" />}
          {short ? (
            <>
              <span className="truncate sm:hidden">{short}</span>
              <span className="hidden truncate sm:inline">{name}</span>
            </>
          ) : (
            <span className="truncate">{name}</span>
          )}
        </span>
        <span className="shrink-0 tabular-nums text-muted">{aside}</span>
      </div>
      <CompletionBar value={value} label={`${label} completion`} />
      {children}
    </li>
  );
}
