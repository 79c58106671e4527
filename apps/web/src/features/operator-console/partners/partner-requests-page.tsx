import {
  PARTNER_CONSOLE_MESSAGES,
  PARTNER_NOTE_MAX,
  PARTNER_REQUEST_STATUSES,
  PARTNER_REQUEST_STATUS_LABELS,
  type PartnerRequestRead,
  type PartnerRequestStatus,
  type PartnerRequestUpdateBody,
} from '@talentloop/contract/api/partners';
import { Download, Handshake, Mail, PencilLine } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/error-message.ts';
import { Button } from '../../../ui/button.tsx';
import { cn } from '../../../ui/cn.ts';
import { CountedTextarea } from '../../../ui/counted-textarea.tsx';
import { LoadError } from '../../../ui/section-boundary.tsx';
import { SelectInput } from '../../../ui/select-input.tsx';
import { notify } from '../../../ui/toast.ts';
import { ConsolePage, formatDateTime, relativeTime } from '../console-page.tsx';
import { downloadPartnerRequestsCsv, usePartnerRequests, useUpdatePartnerRequest } from './partners-api.ts';
import { countLabel } from '../../../lib/plural.ts';

// Partner requests (issue 21): companies that asked to hire talent on the landing page. Filter by
// status (in the URL, so Back undoes it and a link shares it), set each request's status, keep a
// note, export what is shown as CSV. A change made from an older version is refused by the server
// (another operator saved first): the list reloads and says so.

const STATUS_PARAM = 'status';

function statusOf(params: URLSearchParams): PartnerRequestStatus | undefined {
  const value = params.get(STATUS_PARAM);
  return value && (PARTNER_REQUEST_STATUSES as readonly string[]).includes(value) ? (value as PartnerRequestStatus) : undefined;
}

/** The dot beside a request's status (the select names it; the dot only helps the eye scan). */
const STATUS_DOT: Record<PartnerRequestStatus, string> = {
  new: 'bg-brand-600 ring-brand-100',
  contacted: 'bg-warning ring-warning-soft',
  closed: 'bg-muted/50 ring-surface',
};

const failure = (err: unknown) =>
  errorMessage(err, { fallback: { title: 'Could not save', message: 'Please try again.' }, codes: ['TL_CORE_14121_E', 'TL_CORE_14120_E'] });

export function PartnerRequestsPage() {
  const [params] = useSearchParams();
  const status = statusOf(params);
  const list = usePartnerRequests(status);
  const requests = list.data?.pages.flatMap((p) => p.requests) ?? [];
  const counts = list.data?.pages[0]?.counts;
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadPartnerRequestsCsv(status);
    } catch (err) {
      const shown = errorMessage(err, { fallback: { title: 'Export failed', message: 'The file could not be made. Please try again.' } });
      notify.error(shown.title, shown.message);
    } finally {
      setExporting(false);
    }
  };

  return (
    <ConsolePage
      wide
      title="Partner requests"
      description="Companies that asked to hire talent from the landing page. Mark who has been contacted, keep a note, export the list."
      actions={
        <Button variant="secondary" pending={exporting} onClick={exportCsv}>
          {!exporting && <Download className="h-4 w-4" aria-hidden="true" />}
          Export CSV{status ? ` (${PARTNER_REQUEST_STATUS_LABELS[status]})` : ''}
        </Button>
      }
    >
      <StatusFilter current={status} counts={counts} />

      <section aria-labelledby="partner-requests-list" aria-busy={list.isFetching} className="mt-4">
        <h2 id="partner-requests-list" className="sr-only">
          {status ? `${PARTNER_REQUEST_STATUS_LABELS[status]} requests` : 'All requests'}
        </h2>
        {list.isError ? (
          <LoadError
            message={
              errorMessage(list.error, {
                fallback: { title: 'Could not load', message: 'Could not load the partner requests. Please try again.' },
              }).message
            }
            onRetry={() => list.refetch()}
          />
        ) : list.isPending ? (
          <ListSkeleton />
        ) : requests.length === 0 ? (
          <div className="flex flex-col items-center rounded-[var(--radius-card)] border border-dashed border-line bg-white px-6 py-12 text-center">
            <Handshake className="h-8 w-8 text-muted" aria-hidden="true" />
            <p className="mt-3 font-semibold">
              {status ? `No ${PARTNER_REQUEST_STATUS_LABELS[status].toLowerCase()} requests` : 'No partner requests yet'}
            </p>
            <p className="mt-1 max-w-md text-sm text-muted">
              {status
                ? 'Requests move here when their status is set. Choose another status above.'
                : 'When a company uses Hire Talents on the landing page, its request appears here.'}
            </p>
          </div>
        ) : (
          <>
            <RequestsTable requests={requests} />
            <div className="mt-4 flex justify-center">
              {list.hasNextPage ? (
                <Button variant="secondary" pending={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
                  Show older requests
                </Button>
              ) : (
                <p className="text-sm text-muted">
                  {requests.length === 1 ? 'That is the only request' : `That is all ${countLabel(requests.length, 'request')}`}
                  {status ? ` marked ${PARTNER_REQUEST_STATUS_LABELS[status]}` : ''}.
                </p>
              )}
            </div>
          </>
        )}
      </section>
    </ConsolePage>
  );
}

function StatusFilter({ current, counts }: { current: PartnerRequestStatus | undefined; counts?: Record<PartnerRequestStatus, number> }) {
  const total = counts ? counts.new + counts.contacted + counts.closed : undefined;
  const items: { status: PartnerRequestStatus | undefined; label: string; count?: number }[] = [
    { status: undefined, label: 'All', count: total },
    ...PARTNER_REQUEST_STATUSES.map((s) => ({ status: s, label: PARTNER_REQUEST_STATUS_LABELS[s], count: counts?.[s] })),
  ];
  return (
    <nav aria-label="Filter by status">
      <ul className="grid grid-cols-2 gap-1 rounded-xl border border-line bg-white p-1 shadow-sm sm:inline-flex">
        {items.map((item) => {
          const active = item.status === current;
          return (
            <li key={item.label}>
              <Link
                to={item.status ? `?${STATUS_PARAM}=${item.status}` : '?'}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex min-h-10 items-center justify-center gap-2 rounded-lg px-3.5 text-sm font-semibold transition-colors',
                  active ? 'bg-brand-700 text-white' : 'text-ink hover:bg-surface',
                )}
              >
                {item.label}
                {item.count !== undefined && (
                  <span
                    className={cn(
                      'rounded-full px-2 py-0.5 text-xs tabular-nums',
                      active ? 'bg-white/20 text-white' : 'bg-surface text-muted',
                    )}
                  >
                    {item.count}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function ListSkeleton() {
  return (
    <ul aria-hidden="true" className="space-y-2">
      {[0, 1, 2, 3, 4].map((i) => (
        <li key={i} className="h-16 animate-pulse rounded-xl bg-white" />
      ))}
    </ul>
  );
}

function RequestsTable({ requests }: { requests: PartnerRequestRead[] }) {
  return (
    <div className="overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <thead className="hidden border-b border-line bg-surface text-xs font-semibold tracking-wide text-muted uppercase md:table-header-group">
          <tr>
            <th scope="col" className="px-4 py-3">
              Company
            </th>
            <th scope="col" className="px-4 py-3">
              Received
            </th>
            <th scope="col" className="w-44 px-4 py-3">
              Status
            </th>
            <th scope="col" className="px-4 py-3">
              Note
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {requests.map((r) => (
            <RequestRow key={r.id} request={r} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RequestRow({ request }: { request: PartnerRequestRead }) {
  const update = useUpdatePartnerRequest();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(request.note);
  const [error, setError] = useState<string | undefined>();
  const editButton = useRef<HTMLButtonElement>(null);
  const statusId = useId();

  const save = (body: Omit<PartnerRequestUpdateBody, 'version'>, after?: () => void) =>
    update.mutate(
      { id: request.id, body: { ...body, version: request.version } },
      {
        onSuccess: () => {
          notify.success(PARTNER_CONSOLE_MESSAGES.saved, request.companyName);
          after?.();
        },
        onError: (err) => {
          const shown = failure(err);
          if (body.note !== undefined) setError(shown.message);
          notify.error(shown.title, shown.message);
        },
      },
    );

  const closeEditor = () => {
    setEditing(false);
    setError(undefined);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  return (
    <tr className="grid grid-cols-1 gap-2 px-4 py-4 align-top md:table-row md:p-0">
      <td className="md:px-4 md:py-3">
        <p className="font-semibold break-words text-ink">{request.companyName}</p>
        <a
          href={`mailto:${request.companyEmail}`}
          className="mt-0.5 inline-flex items-center gap-1.5 break-all text-brand-700 underline-offset-2 hover:underline md:break-normal"
        >
          <Mail className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
          {request.companyEmail}
        </a>
      </td>
      <td className="text-muted md:px-4 md:py-3 md:whitespace-nowrap">
        <span className="sr-only md:hidden">Received </span>
        <time dateTime={request.createdAt} title={formatDateTime(request.createdAt)}>
          {formatDateTime(request.createdAt)}
        </time>
        <span className="block text-xs">{relativeTime(request.createdAt)}</span>
      </td>
      <td className="md:px-4 md:py-3">
        <label htmlFor={statusId} className="sr-only">
          Status of {request.companyName}
        </label>
        <div className="flex items-center gap-2">
          <span aria-hidden="true" className={cn('h-2.5 w-2.5 shrink-0 rounded-full ring-4', STATUS_DOT[request.status])} />
          <SelectInput
            id={statusId}
            className="w-full md:w-36"
            value={request.status}
            disabled={update.isPending}
            onChange={(value) => {
              if (value !== request.status) save({ status: value as PartnerRequestStatus });
            }}
            placeholder="Status"
            options={PARTNER_REQUEST_STATUSES.map((s) => ({ value: s, label: PARTNER_REQUEST_STATUS_LABELS[s] }))}
          />
        </div>
      </td>
      <td className="md:px-4 md:py-3">
        {editing ? (
          <form
            aria-label={`Note on ${request.companyName}`}
            onSubmit={(e) => {
              e.preventDefault();
              save({ note: draft }, closeEditor);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                setDraft(request.note);
                closeEditor();
              }
            }}
          >
            <fieldset disabled={update.isPending} className="space-y-2">
              <CountedTextarea
                label="Note"
                value={draft}
                max={PARTNER_NOTE_MAX}
                rows={3}
                error={error}
                autoFocus
                onChange={(e) => {
                  setDraft(e.target.value);
                  setError(undefined);
                }}
              />
              <div className="flex gap-2">
                <Button type="submit" pending={update.isPending} className="min-h-10 px-4">
                  Save note
                </Button>
                <Button
                  variant="secondary"
                  className="min-h-10 px-4"
                  onClick={() => {
                    setDraft(request.note);
                    closeEditor();
                  }}
                >
                  Cancel
                </Button>
              </div>
            </fieldset>
          </form>
        ) : (
          <div className="flex items-start justify-between gap-3">
            <p className={cn('min-w-0 break-words whitespace-pre-line', request.note ? 'text-ink' : 'text-muted')}>
              {request.note || 'No note yet'}
            </p>
            <Button
              ref={editButton}
              variant="ghost"
              className="min-h-10 shrink-0 px-3"
              onClick={() => {
                setDraft(request.note);
                setEditing(true);
              }}
            >
              <PencilLine className="h-4 w-4" aria-hidden="true" />
              {request.note ? 'Edit' : 'Add note'}
              <span className="sr-only">
                {request.note ? ' note' : ''} on {request.companyName}
              </span>
            </Button>
          </div>
        )}
      </td>
    </tr>
  );
}
