import { ACCOUNT_STATUS_LABELS, type AccountStatus } from '@talentloop/contract/api/operator-accounts';
import { cn } from '../../../ui/cn.ts';

/** An account's status as a badge: words and colour, never colour alone. */
export function StatusBadge({ status }: { status: AccountStatus }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        status === 'active' ? 'bg-success-soft text-success' : 'bg-danger-soft text-danger',
      )}
    >
      <span aria-hidden="true" className={cn('h-1.5 w-1.5 rounded-full', status === 'active' ? 'bg-success' : 'bg-danger')} />
      {ACCOUNT_STATUS_LABELS[status]}
    </span>
  );
}
