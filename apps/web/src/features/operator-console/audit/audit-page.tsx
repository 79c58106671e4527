import {
  AUDIT_ACTIONS,
  AUDIT_ACTION_LABELS,
  type AuditAction,
  type AuditEntry,
  type AuditQuery,
} from '@talentloop/contract/api/operator-console';
import { ScrollText } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/error-message.ts';
import { Button } from '../../../ui/button.tsx';
import { type DataColumn, DataTable } from '../../../ui/data-table.tsx';
import { inputClass } from '../../../ui/field.tsx';
import { EmptyState, QueueSection, QueueSkeleton } from '../../../ui/queue-page.tsx';
import { SelectInput } from '../../../ui/select-input.tsx';
import { useAuditLog } from '../api/get-audit-log.ts';
import { ConsolePage, formatDateTime } from '../console-page.tsx';
import { describeChange } from './describe-change.ts';
import { isCalendarDay } from '@talentloop/contract/rules/calendar-day';

// The audit log (issue 21): every operator action, newest first, filtered by operator, action and
// date (the URL holds the filters, so Back undoes one and a link shares a view). Read-only: nothing
// on this page, or anywhere, edits or deletes an entry.

const ALL = 'all';

function filtersOf(params: URLSearchParams): Omit<AuditQuery, 'before'> {
  const action = params.get('action');
  const operatorId = params.get('operator');
  const from = params.get('from');
  const to = params.get('to');
  return {
    ...(action && (AUDIT_ACTIONS as readonly string[]).includes(action) ? { action: action as AuditAction } : {}),
    ...(operatorId && /^[0-9a-f-]{36}$/i.test(operatorId) ? { operatorId } : {}),
    ...(from && isCalendarDay(from) ? { from } : {}),
    ...(to && isCalendarDay(to) ? { to } : {}),
  };
}

export function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const log = useAuditLog(filters);
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  const operators = log.data?.pages[0]?.operators ?? [];

  const setFilter = (key: 'action' | 'operator' | 'from' | 'to', value: string) => {
    const next = new URLSearchParams(params);
    if (!value || value === ALL) next.delete(key);
    else next.set(key, value);
    setParams(next);
  };
  const filtered = Object.keys(filters).length > 0;

  return (
    <ConsolePage
      wide
      title="Audit log"
      description="Every decision made in the console: who, what, which record, when, and why. Entries can never be edited or deleted."
    >
      <form
        aria-label="Filter the audit log"
        className="grid gap-3 rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-end"
        onSubmit={(e) => e.preventDefault()}
      >
        <div>
          <label htmlFor="audit-operator" className="mb-1.5 block text-sm font-medium">
            Operator
          </label>
          <SelectInput
            id="audit-operator"
            value={filters.operatorId ?? ALL}
            onChange={(v) => setFilter('operator', v)}
            placeholder="All operators"
            options={[{ value: ALL, label: 'All operators' }, ...operators.map((o) => ({ value: o.id, label: o.email }))]}
          />
        </div>
        <div>
          <label htmlFor="audit-action" className="mb-1.5 block text-sm font-medium">
            Action
          </label>
          <SelectInput
            id="audit-action"
            value={filters.action ?? ALL}
            onChange={(v) => setFilter('action', v)}
            placeholder="All actions"
            options={[{ value: ALL, label: 'All actions' }, ...AUDIT_ACTIONS.map((a) => ({ value: a, label: AUDIT_ACTION_LABELS[a] }))]}
          />
        </div>
        <div>
          <label htmlFor="audit-from" className="mb-1.5 block text-sm font-medium">
            From
          </label>
          <input
            id="audit-from"
            type="date"
            className={inputClass()}
            value={filters.from ?? ''}
            max={filters.to}
            onChange={(e) => setFilter('from', e.target.value)}
          />
        </div>
        <div>
          <label htmlFor="audit-to" className="mb-1.5 block text-sm font-medium">
            To
          </label>
          <input
            id="audit-to"
            type="date"
            className={inputClass()}
            value={filters.to ?? ''}
            min={filters.from}
            onChange={(e) => setFilter('to', e.target.value)}
          />
        </div>
        <Button type="button" variant="secondary" disabled={!filtered} onClick={() => setParams(new URLSearchParams())}>
          Clear filters
        </Button>
      </form>

      <QueueSection
        className="mt-6"
        label="Entries"
        labelId="audit-entries"
        fetching={log.isFetching}
        error={
          log.isError ? errorMessage(log.error, { fallback: { title: 'Could not load', message: 'Please try again.' } }).message : null
        }
        onRetry={() => log.refetch()}
        loading={log.isPending}
        skeleton={<QueueSkeleton rows={4} className="h-20" />}
        empty={
          entries.length === 0 ? (
            <EmptyState
              icon={ScrollText}
              title={filtered ? 'No entries match these filters' : 'No actions yet'}
              message={filtered ? 'Widen the dates or clear the filters.' : 'Decisions made in the console appear here as they happen.'}
            />
          ) : undefined
        }
        more={{
          hasMore: log.hasNextPage,
          pending: log.isFetchingNextPage,
          onMore: () => log.fetchNextPage(),
          label: 'Show older entries',
          end: `That is every entry${filtered ? ' matching these filters' : ''}.`,
        }}
      >
        <AuditTable entries={entries} />
      </QueueSection>
    </ConsolePage>
  );
}

const AUDIT_COLUMNS: DataColumn<AuditEntry>[] = [
  {
    key: 'when',
    header: 'When',
    className: 'text-muted',
    tableClassName: 'whitespace-nowrap',
    cell: (entry) => <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>,
  },
  { key: 'operator', header: 'Operator', className: 'break-all', cardLabel: 'sr', cell: (entry) => entry.operatorEmail },
  { key: 'action', header: 'Action', className: 'font-medium', cell: (entry) => AUDIT_ACTION_LABELS[entry.action] },
  {
    key: 'record',
    header: 'Record',
    cell: (entry) => (
      <>
        <span className="break-all">{entry.targetLabel || entry.targetId}</span>
        <span className="block text-xs text-muted">{entry.targetType.replace('_', ' ')}</span>
      </>
    ),
  },
  {
    key: 'change',
    header: 'Change and reason',
    cell: (entry) => {
      const changes = describeChange(entry.before, entry.after);
      return (
        <>
          {changes.length > 0 && (
            <ul className="space-y-0.5">
              {changes.map((line) => (
                <li key={line} className="break-words">
                  {line}
                </li>
              ))}
            </ul>
          )}
          {entry.reason && (
            <p className="mt-1 break-words text-muted">
              <span className="font-medium text-ink">Reason:</span> {entry.reason}
            </p>
          )}
        </>
      );
    },
  },
];

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return <DataTable rows={entries} columns={AUDIT_COLUMNS} rowKey={(entry) => entry.id} />;
}
