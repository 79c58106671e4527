import { type ReleaseDue, daysUntil } from '@talentloop/contract/api/receipts';
import { formatMoney } from '@talentloop/contract/rules/money';
import { CalendarClock } from 'lucide-react';
import { errorMessage } from '../../../lib/error-message.ts';
import { cn } from '../../../ui/cn.ts';
import { type DataColumn, DataTable } from '../../../ui/data-table.tsx';
import { EmptyState, QueueSection } from '../../../ui/queue-page.tsx';
import { useReleasesDue } from '../api/receipts.ts';
import { ConsolePage } from '../console-page.tsx';

// Releases due (issue 35): money received for approved work that has not reached the freelancer's
// payable yet, oldest deadline first. Most are released within a minute by the release job; what
// stays here is held (a dispute, missing payout details) and threatens the 7-day promise.

const todayUtc = () => new Date().toISOString().slice(0, 10);

function deadlineText(deadline: string): string {
  const left = daysUntil(deadline, todayUtc());
  if (left < 0) return `${deadline}: ${-left} day${left === -1 ? '' : 's'} overdue`;
  if (left === 0) return `${deadline}: today`;
  return `${deadline}: in ${left} day${left === 1 ? '' : 's'}`;
}

const COLUMNS: readonly DataColumn<ReleaseDue>[] = [
  {
    key: 'deadline',
    header: 'Deadline',
    cell: (r) => (
      <span className={cn('font-medium', daysUntil(r.deadline, todayUtc()) <= 1 && 'text-danger')}>{deadlineText(r.deadline)}</span>
    ),
    cardLabel: 'visible',
    tableClassName: 'whitespace-nowrap',
  },
  { key: 'invoice', header: 'Invoice', cell: (r) => r.number, cardLabel: 'visible' },
  { key: 'to', header: 'Freelancer', cell: (r) => r.freelancerName, cardLabel: 'visible' },
  { key: 'from', header: 'Company', cell: (r) => r.companyName, cardLabel: 'visible' },
  {
    key: 'net',
    header: 'Net to release',
    cell: (r) => <span className="tabular-nums">{formatMoney(r.netMinor, r.currency)}</span>,
    cardLabel: 'visible',
  },
  { key: 'received', header: 'Received', cell: (r) => r.receivedOn, cardLabel: 'visible' },
  {
    key: 'state',
    header: 'State',
    cell: (r) =>
      r.holdReason ? (
        <span className="text-sm">
          <span className="font-medium">Suspended:</span> {r.holdReason}
        </span>
      ) : (
        <span className="text-sm text-muted">Releasing within a minute</span>
      ),
    className: 'col-span-2',
  },
];

export function ReleasesDuePage() {
  const list = useReleasesDue();
  const releases = list.data?.releases ?? [];
  return (
    <ConsolePage
      wide
      title="Releases due"
      description="Money received for approved work that has not reached the freelancer yet, oldest deadline first. The terms promise release within 7 days of receipt."
    >
      <QueueSection
        label="Releases due"
        labelId="releases-due-list"
        loading={list.isPending}
        fetching={list.isFetching}
        error={
          list.isError ? errorMessage(list.error, { fallback: { title: 'Could not load', message: 'Please try again.' } }).message : null
        }
        onRetry={() => list.refetch()}
        empty={
          releases.length === 0 ? (
            <EmptyState icon={CalendarClock} title="Nothing waiting" message="Every amount received for approved work has been released." />
          ) : undefined
        }
      >
        <DataTable
          rows={releases}
          columns={COLUMNS}
          rowKey={(r) => r.invoiceId}
          caption="Releases due, oldest deadline first"
          cardColumns={2}
        />
      </QueueSection>
    </ConsolePage>
  );
}
