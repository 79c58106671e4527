import type { ResponseOf } from '@talentloop/contract';
import type { getCompanyHome } from '@talentloop/contract/api/company';
import { cn } from '../../ui/cn.ts';

type Completion = ResponseOf<typeof getCompanyHome>['completion'];

const ROWS: Array<{ key: keyof Omit<Completion, 'overall'>; label: string }> = [
  { key: 'basics', label: 'Profile Basics' },
  { key: 'contact', label: 'Contact Information' },
  { key: 'verification', label: 'Account Verification' },
];

/** The company's completion as the server computed it from saved data. spec: profile-company §2, §4 */
export function CompletionPanel({ completion, className }: { completion: Completion | undefined; className?: string }) {
  return (
    <section
      aria-labelledby="company-completion-title"
      className={cn('rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-sm', className)}
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="company-completion-title" className="text-base font-semibold">
          Profile completion
        </h2>
        {completion ? (
          <span className="text-2xl font-bold text-brand-700">{completion.overall}%</span>
        ) : (
          <span aria-hidden="true" className="inline-block h-7 w-12 animate-pulse rounded-lg bg-line" />
        )}
      </div>
      <ul className="mt-4 space-y-3">
        {ROWS.map((row) => {
          const value = completion?.[row.key];
          return (
            <li key={row.key}>
              <div className="flex justify-between text-sm">
                <span className="text-ink">{row.label}</span>
                <span className="font-medium text-muted">{value === undefined ? '' : `${value}%`}</span>
              </div>
              <div
                role="progressbar"
                aria-label={row.label}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={value ?? 0}
                className="mt-1.5 h-2 overflow-hidden rounded-full bg-surface"
              >
                <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${value ?? 0}%` }} />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
