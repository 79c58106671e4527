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
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { inputClass } from '../../../ui/field.tsx';
import { SelectInput } from '../../../ui/select-input.tsx';
import { useAuditLog } from '../console-api.ts';
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

      <section aria-labelledby="audit-entries" aria-busy={log.isFetching} className="mt-6">
        <h2 id="audit-entries" className="sr-only">
          Entries
        </h2>
        {log.isError ? (
          <Alert>{errorMessage(log.error, { fallback: { title: 'Could not load', message: 'Please try again.' } }).message}</Alert>
        ) : log.isPending ? (
          <ul aria-hidden="true" className="space-y-2">
            {[0, 1, 2, 3].map((i) => (
              <li key={i} className="h-20 animate-pulse rounded-xl bg-white" />
            ))}
          </ul>
        ) : entries.length === 0 ? (
          <div className="flex flex-col items-center rounded-[var(--radius-card)] border border-dashed border-line bg-white px-6 py-12 text-center">
            <ScrollText className="h-8 w-8 text-muted" aria-hidden="true" />
            <p className="mt-3 font-semibold">{filtered ? 'No entries match these filters' : 'No actions yet'}</p>
            <p className="mt-1 max-w-md text-sm text-muted">
              {filtered ? 'Widen the dates or clear the filters.' : 'Decisions made in the console appear here as they happen.'}
            </p>
          </div>
        ) : (
          <>
            <AuditTable entries={entries} />
            <div className="mt-4 flex justify-center">
              {log.hasNextPage ? (
                <Button variant="secondary" pending={log.isFetchingNextPage} onClick={() => log.fetchNextPage()}>
                  Show older entries
                </Button>
              ) : (
                <p className="text-sm text-muted">That is every entry{filtered ? ' matching these filters' : ''}.</p>
              )}
            </div>
          </>
        )}
      </section>
    </ConsolePage>
  );
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <div className="overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <thead className="hidden border-b border-line bg-surface text-xs font-semibold tracking-wide text-muted uppercase md:table-header-group">
          <tr>
            <th scope="col" className="px-4 py-3">
              When
            </th>
            <th scope="col" className="px-4 py-3">
              Operator
            </th>
            <th scope="col" className="px-4 py-3">
              Action
            </th>
            <th scope="col" className="px-4 py-3">
              Record
            </th>
            <th scope="col" className="px-4 py-3">
              Change and reason
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {entries.map((entry) => {
            const changes = describeChange(entry.before, entry.after);
            return (
              <tr key={entry.id} className="grid grid-cols-1 gap-1 px-4 py-3 align-top md:table-row md:p-0">
                <td className="text-muted md:px-4 md:py-3 md:whitespace-nowrap">
                  <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                </td>
                <td className="break-all md:px-4 md:py-3">
                  <span className="sr-only md:hidden">Operator: </span>
                  {entry.operatorEmail}
                </td>
                <td className="font-medium md:px-4 md:py-3">{AUDIT_ACTION_LABELS[entry.action]}</td>
                <td className="md:px-4 md:py-3">
                  <span className="break-all">{entry.targetLabel || entry.targetId}</span>
                  <span className="block text-xs text-muted">{entry.targetType.replace('_', ' ')}</span>
                </td>
                <td className="md:px-4 md:py-3">
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
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
