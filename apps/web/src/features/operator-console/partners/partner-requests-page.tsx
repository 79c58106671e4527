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
import { type DataColumn, DataTable } from '../../../ui/data-table.tsx';
import { EmptyState, QueueSection } from '../../../ui/queue-page.tsx';
import { CountedTextarea } from '../../../ui/counted-textarea.tsx';
import { SelectInput } from '../../../ui/select-input.tsx';
import { notify } from '../../../ui/toast.ts';
import { ConsolePage, formatDateTime, relativeTime } from '../console-page.tsx';
import { downloadPartnerRequestsCsv } from '../api/export-partner-requests.ts';
import { usePartnerRequests } from '../api/get-partner-requests.ts';
import { useSavingPartnerRequest, useUpdatePartnerRequest } from '../api/update-partner-request.ts';
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
      filters={<StatusFilter current={status} counts={counts} />}
    >
      <QueueSection
        className="mt-4"
        label={status ? `${PARTNER_REQUEST_STATUS_LABELS[status]} requests` : 'All requests'}
        labelId="partner-requests-list"
        fetching={list.isFetching}
        error={
          list.isError
            ? errorMessage(list.error, {
                fallback: { title: 'Could not load', message: 'Could not load the partner requests. Please try again.' },
              }).message
            : null
        }
        onRetry={() => list.refetch()}
        loading={list.isPending}
        empty={
          requests.length === 0 ? (
            <EmptyState
              icon={Handshake}
              title={status ? `No ${PARTNER_REQUEST_STATUS_LABELS[status].toLowerCase()} requests` : 'No partner requests yet'}
              message={
                status
                  ? 'Requests move here when their status is set. Choose another status above.'
                  : 'When a company uses Hire Talents on the landing page, its request appears here.'
              }
            />
          ) : undefined
        }
        more={{
          hasMore: list.hasNextPage,
          pending: list.isFetchingNextPage,
          onMore: () => list.fetchNextPage(),
          label: 'Show older requests',
          end: `${requests.length === 1 ? 'That is the only request' : `That is all ${countLabel(requests.length, 'request')}`}${
            status ? ` marked ${PARTNER_REQUEST_STATUS_LABELS[status]}` : ''
          }.`,
        }}
      >
        <RequestsTable requests={requests} />
      </QueueSection>
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

const REQUEST_COLUMNS: DataColumn<PartnerRequestRead>[] = [
  { key: 'company', header: 'Company', cell: (r) => <RequestCompany request={r} /> },
  {
    key: 'received',
    header: 'Received',
    className: 'text-muted',
    tableClassName: 'whitespace-nowrap',
    cardLabel: 'sr',
    cell: (r) => (
      <>
        <time dateTime={r.createdAt} title={formatDateTime(r.createdAt)}>
          {formatDateTime(r.createdAt)}
        </time>
        <span className="block text-xs">{relativeTime(r.createdAt)}</span>
      </>
    ),
  },
  { key: 'status', header: 'Status', headerClassName: 'w-44', cell: (r) => <RequestStatus request={r} /> },
  { key: 'note', header: 'Note', cell: (r) => <RequestNote request={r} /> },
];

function RequestsTable({ requests }: { requests: PartnerRequestRead[] }) {
  return <DataTable rows={requests} columns={REQUEST_COLUMNS} rowKey={(r) => r.id} rowClassName={() => 'gap-y-2 py-4'} />;
}

function RequestCompany({ request }: { request: PartnerRequestRead }) {
  return (
    <>
      <p className="font-semibold break-words text-ink">{request.companyName}</p>
      <a
        href={`mailto:${request.companyEmail}`}
        className="mt-0.5 inline-flex items-center gap-1.5 break-all text-brand-700 underline-offset-2 hover:underline md:break-normal"
      >
        <Mail className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
        {request.companyEmail}
      </a>
    </>
  );
}

/** Saves one change of a request from the version on screen; a failure is said in a toast (and returned for the note). */
function useSaveRequest(request: PartnerRequestRead) {
  const update = useUpdatePartnerRequest(request.id);
  const save = (
    body: Omit<PartnerRequestUpdateBody, 'version'>,
    handlers: { onSuccess?: () => void; onError?: (message: string) => void } = {},
  ) =>
    update.mutate(
      { ...body, version: request.version },
      {
        onSuccess: () => {
          notify.success(PARTNER_CONSOLE_MESSAGES.saved, request.companyName);
          handlers.onSuccess?.();
        },
        onError: (err) => {
          const shown = failure(err);
          handlers.onError?.(shown.message);
          notify.error(shown.title, shown.message);
        },
      },
    );
  return { save, pending: update.isPending };
}

function RequestStatus({ request }: { request: PartnerRequestRead }) {
  const { save } = useSaveRequest(request);
  // A note's save of the same request holds the status too (both carry the version seen).
  const saving = useSavingPartnerRequest(request.id);
  const statusId = useId();
  return (
    <>
      <label htmlFor={statusId} className="sr-only">
        Status of {request.companyName}
      </label>
      <div className="flex items-center gap-2">
        <span aria-hidden="true" className={cn('h-2.5 w-2.5 shrink-0 rounded-full ring-4', STATUS_DOT[request.status])} />
        <SelectInput
          id={statusId}
          className="w-full md:w-36"
          value={request.status}
          disabled={saving}
          onChange={(value) => {
            if (value !== request.status) save({ status: value as PartnerRequestStatus });
          }}
          placeholder="Status"
          options={PARTNER_REQUEST_STATUSES.map((s) => ({ value: s, label: PARTNER_REQUEST_STATUS_LABELS[s] }))}
        />
      </div>
    </>
  );
}

function RequestNote({ request }: { request: PartnerRequestRead }) {
  const { save, pending } = useSaveRequest(request);
  const saving = useSavingPartnerRequest(request.id);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(request.note);
  const [error, setError] = useState<string | undefined>();
  const editButton = useRef<HTMLButtonElement>(null);

  const closeEditor = () => {
    setEditing(false);
    setError(undefined);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  return editing ? (
    <form
      aria-label={`Note on ${request.companyName}`}
      onSubmit={(e) => {
        e.preventDefault();
        save({ note: draft }, { onSuccess: closeEditor, onError: setError });
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          setDraft(request.note);
          closeEditor();
        }
      }}
    >
      <fieldset disabled={saving} className="space-y-2">
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
          <Button type="submit" pending={pending} className="min-h-10 px-4">
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
  );
}
