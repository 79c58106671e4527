import {
  MESSAGE_MESSAGES,
  MESSAGE_REPORT_REASON_MAX,
  type OperatorThreadMessage,
  ReportReason,
  type ReportedMessage,
} from '@talentloop/contract/api/messages';
import { ChevronDown, EyeOff, Flag, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/error-message.ts';
import { cn } from '../../../ui/cn.ts';
import { EmptyState, QueueSection, QueueSkeleton } from '../../../ui/queue-page.tsx';
import { ReasonDialog } from '../../../ui/reason-dialog.tsx';
import { LoadError } from '../../../ui/section-boundary.tsx';
import { notify } from '../../../ui/toast.ts';
import { useMessageReports } from '../api/get-message-reports.ts';
import { useReportedThread } from '../api/get-reported-thread.ts';
import { useHideMessage } from '../api/hide-message.ts';
import { ConsolePage, formatDateTime } from '../console-page.tsx';

// Reported messages (issue 36): what companies and freelancers reported, with the reasons, unhidden
// first. An operator opens the surrounding thread (only a reported conversation can be opened, and
// each opening is in the audit log) and hides a message that breaks the rules, with a reason; both
// sides then see it hidden. Suspending an account is the Accounts page, as for anything else.

const SIDE = { company: 'Company', freelancer: 'Freelancer' } as const;

export function MessageReportsPage() {
  const list = useMessageReports();
  const reports = list.data?.reports ?? [];
  const waiting = reports.filter((r) => !r.hidden).length;
  return (
    <ConsolePage
      title="Reported messages"
      description="Messages a company or a freelancer reported, with their reasons. Open the conversation around one, and hide a message that breaks the rules; both sides then see it hidden. Opening a conversation is recorded in the audit log."
    >
      <QueueSection
        label="Reported messages"
        labelId="message-reports"
        fetching={list.isFetching}
        error={list.isError ? 'Failed to get the reported messages. Please try again.' : null}
        onRetry={() => list.refetch()}
        loading={list.isPending}
        skeleton={
          <>
            <span className="sr-only">Loading the reported messages</span>
            <QueueSkeleton rows={3} grid="space-y-3" className="h-32 rounded-[var(--radius-card)] border border-line" />
          </>
        }
        empty={
          reports.length === 0 ? (
            <EmptyState icon={Flag} title="Nothing reported" message="When someone reports a message, it appears here with their reason." />
          ) : undefined
        }
        above={
          reports.length > 0 && (
            <p className="mb-3 text-sm text-muted">
              {reports.length} {reports.length === 1 ? 'reported message' : 'reported messages'}, {waiting} not hidden
            </p>
          )
        }
      >
        <ul className="space-y-3">
          {reports.map((r) => (
            <ReportRow key={r.messageId} report={r} />
          ))}
        </ul>
      </QueueSection>
    </ConsolePage>
  );
}

function ReportRow({ report }: { report: ReportedMessage }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const threadId = useId();
  return (
    <li aria-labelledby={titleId} className="rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold break-words text-ink">
            {report.side === 'company' ? report.companyName : report.freelancerName} to{' '}
            {report.side === 'company' ? report.freelancerName : report.companyName}
          </h3>
          <p className="mt-0.5 text-sm text-muted">
            {SIDE[report.side]}’s message · first reported {formatDateTime(report.firstReportedAt)}
          </p>
        </div>
        {report.hidden && (
          <span className="inline-flex shrink-0 items-center gap-1 self-start rounded-full bg-danger-soft px-2.5 py-1 text-xs font-semibold text-danger">
            <EyeOff className="h-3.5 w-3.5" aria-hidden="true" />
            Hidden
          </span>
        )}
      </div>
      <blockquote className="mt-3 rounded-xl border-l-4 border-warning bg-warning-soft px-3.5 py-2.5 text-sm break-words whitespace-pre-wrap text-ink">
        {report.text || <span className="italic text-muted">(a file without text)</span>}
      </blockquote>
      <ul className="mt-3 space-y-1.5 text-sm">
        {report.reports.map((x) => (
          <li key={`${x.side}-${x.at}`} className="flex items-start gap-2">
            <Flag className="mt-0.5 h-4 w-4 shrink-0 text-danger" aria-hidden="true" />
            <span className="min-w-0 break-words">
              <span className="font-medium text-ink">Reported by the {x.side}</span>{' '}
              <span className="text-muted">({formatDateTime(x.at)})</span>: {x.reason}
            </span>
          </li>
        ))}
      </ul>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={threadId}
        onClick={() => setOpen((o) => !o)}
        className="mt-3 inline-flex min-h-11 items-center gap-1.5 rounded-xl px-1 text-sm font-semibold text-brand-700 hover:text-brand-800"
      >
        <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
        {open ? 'Hide the conversation' : 'Show the conversation'}
      </button>
      <div id={threadId} hidden={!open}>
        {open && <ReportedThread conversationId={report.conversationId} />}
      </div>
    </li>
  );
}

function ReportedThread({ conversationId }: { conversationId: string }) {
  const thread = useReportedThread(conversationId, true);
  if (thread.isPending) return <p className="py-4 text-sm text-muted">Loading the conversation…</p>;
  if (thread.isError || !thread.data) return <LoadError what="the conversation" onRetry={() => thread.refetch()} />;
  const { companyName, freelancerName, messages } = thread.data;
  const author = (m: OperatorThreadMessage) =>
    m.side === 'company' ? companyName : m.side === 'freelancer' ? freelancerName : 'Talentloop';
  return (
    <ol aria-label={`Conversation between ${companyName} and ${freelancerName}`} className="mt-2 space-y-2 rounded-xl bg-surface p-3">
      {messages.map((m) => (
        <ThreadLine key={m.id} message={m} author={author(m)} conversationId={conversationId} />
      ))}
    </ol>
  );
}

function ThreadLine({ message: m, author, conversationId }: { message: OperatorThreadMessage; author: string; conversationId: string }) {
  const [hiding, setHiding] = useState(false);
  const hideRef = useRef<HTMLButtonElement>(null);
  if (m.kind === 'system') {
    return (
      <li className="px-2 py-1 text-center text-xs text-muted">
        {m.text || m.systemEvent?.replaceAll('_', ' ')} · {formatDateTime(m.createdAt)}
      </li>
    );
  }
  return (
    <li className={cn('rounded-xl border bg-white px-3 py-2.5 text-sm', m.reported ? 'border-warning ring-1 ring-warning' : 'border-line')}>
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
          <span className="font-semibold text-ink">{author}</span>
          <span>{formatDateTime(m.createdAt)}</span>
          {m.reported && <span className="font-semibold text-warning">Reported</span>}
          {m.editedAt && <span>{MESSAGE_MESSAGES.editedMark}</span>}
          {m.deletedAt && (
            <span className="inline-flex items-center gap-1">
              <Trash2 className="h-3 w-3" aria-hidden="true" />
              Deleted by its author
            </span>
          )}
          {m.hidden && (
            <span className="inline-flex items-center gap-1 font-semibold text-danger">
              <EyeOff className="h-3 w-3" aria-hidden="true" />
              Hidden
            </span>
          )}
        </div>
        {!m.hidden && (
          <button
            ref={hideRef}
            type="button"
            onClick={() => setHiding(true)}
            className="-my-1.5 inline-flex min-h-9 shrink-0 items-center gap-1.5 rounded-lg px-2.5 text-xs font-semibold text-muted hover:bg-danger-soft hover:text-danger"
          >
            <EyeOff className="h-3.5 w-3.5" aria-hidden="true" />
            Hide message
          </button>
        )}
      </div>
      <p className="mt-1 break-words whitespace-pre-wrap text-ink">{m.text || (m.file ? `File: ${m.file.name}` : '')}</p>
      {hiding && (
        <HideDialog conversationId={conversationId} message={m} author={author} returnFocus={hideRef} onClose={() => setHiding(false)} />
      )}
    </li>
  );
}

function HideDialog({
  conversationId,
  message,
  author,
  returnFocus,
  onClose,
}: {
  conversationId: string;
  message: OperatorThreadMessage;
  author: string;
  returnFocus: React.RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}) {
  const hide = useHideMessage();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <ReasonDialog
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={`Hide ${author}’s message?`}
      description={`Both sides then see “${MESSAGE_MESSAGES.hiddenMark}” in its place. The reason is kept in the audit log.`}
      max={MESSAGE_REPORT_REASON_MAX}
      schema={ReportReason}
      requiredMessage={MESSAGE_MESSAGES.reasonRequired}
      placeholder="e.g. Asks for payment outside Talentloop."
      submitLabel="Hide message"
      tone="danger"
      returnFocus={returnFocus}
      pending={hide.isPending}
      error={failure}
      onSubmit={async (reason) => {
        setFailure(null);
        try {
          const res = await hide.mutateAsync({ conversationId, messageId: message.id, reason });
          notify.success(res.responseMessage || MESSAGE_MESSAGES.hidden);
          onClose();
        } catch (err) {
          setFailure(errorMessage(err, { fallback: { title: 'Could not hide', message: 'Please try again.' }, codes: 'all' }).message);
        }
      }}
    />
  );
}
