import type { PastSubmission, VerificationHistoryEvent, VerificationSubmissionReview } from '@talentloop/contract/api/company-verification';
import { COMPANY_SIZES, documentTypeLabel } from '@talentloop/contract/lists/company';
import { COUNTRIES } from '@talentloop/contract/lists/countries';
import { nextSelection } from '@talentloop/contract/rules/review-queue';
import { REJECTION_REASON_MAX, RejectVerificationBody } from '@talentloop/contract/validation/company-verification';
import { Check, XCircle } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { Button } from '../../../ui/button.tsx';
import { cn } from '../../../ui/cn.ts';
import { Dialog } from '../../../ui/dialog.tsx';
import { LoadError } from '../../../ui/section-boundary.tsx';
import { ReasonDialog } from '../../../ui/reason-dialog.tsx';
import { notify } from '../../../ui/toast.ts';
import { ConsolePage, formatDateTime } from '../console-page.tsx';
import { DocumentPreview } from '../review/protected-file.tsx';
import { KeyboardHint, QueueEmpty, QueueList, QueueSkeleton, queueItemId, useNow, waitingLabel } from '../review/queue-parts.tsx';
import { useQueueKeys } from '../review/use-queue-keys.ts';
import { useDecideSubmission } from '../api/decide-submission.ts';
import { usePendingSubmissions } from '../api/get-pending-submissions.ts';
import { useSubmission } from '../api/get-submission.ts';

// The company documents queue (issue 21): submissions waiting for review, oldest first; the
// selected one with the company's details, its verification history and the document itself
// (a PDF or picture previewed from a safe copy, anything else downloaded); Approve, or Reject with
// the reason the company is mailed. The same keys as the vetting queue: j/k move, a approves,
// r rejects. A submission another operator decided first shows the contract's message and reloads.

const KEYS: Array<[string, string]> = [
  ['j / ↓', 'Next submission'],
  ['k / ↑', 'Previous submission'],
  ['a', 'Approve'],
  ['r', 'Reject'],
];

const countryName = (code: string | null) => (code ? (COUNTRIES.find((c) => c.code === code)?.name ?? code) : null);
const sizeLabel = (code: string | null) => (code ? (COMPANY_SIZES.find((s) => s.code === code)?.label ?? code) : null);

const EVENT_TEXT: Record<VerificationHistoryEvent['outcome'], string> = {
  pending: 'Documents submitted',
  verified: 'Verified',
  rejected: 'Documents rejected',
  revoked: 'Verification withdrawn',
};
const METHOD_TEXT: Record<VerificationHistoryEvent['method'], string> = {
  instant: 'instant check',
  documents: 'documents',
  support: 'support call',
};
const STATUS_LABEL = { unverified: 'Unverified', pending: 'Pending review', verified: 'Verified' } as const;
const STATUS_TONE: Record<PastSubmission['status'], string> = {
  pending: 'bg-warning-soft text-warning',
  approved: 'bg-success-soft text-success',
  rejected: 'bg-danger-soft text-danger',
};

export function DocumentsQueuePage() {
  const query = usePendingSubmissions();
  const decide = useDecideSubmission();
  const now = useNow();
  const queue = query.data?.submissions;
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const focusAfter = useRef<string | null>(null);

  const selected = queue?.find((s) => s.id === chosenId) ?? queue?.[0] ?? null;
  const ids = useMemo(() => queue?.map((s) => s.id) ?? [], [queue]);

  const focusItem = useCallback((id: string | null) => {
    if (id) document.getElementById(queueItemId(id))?.focus();
  }, []);
  // A dialog closed by a decision focuses the next item; closed without one (Escape, Cancel), the
  // button or key that opened it has focus again (the dialog's default).
  const afterDecision = () => {
    if (!focusAfter.current) return false;
    focusItem(focusAfter.current);
  };
  const move = (step: 1 | -1) => {
    if (!selected) return;
    const at = ids.indexOf(selected.id);
    const id = ids[Math.min(ids.length - 1, Math.max(0, at + step))] ?? null;
    setChosenId(id);
    focusItem(id);
  };
  useQueueKeys(
    {
      next: () => move(1),
      previous: () => move(-1),
      decisions: { a: () => setDialog('approve'), r: () => setDialog('reject') },
    },
    !!selected && !decide.isPending,
  );
  useEffect(() => {
    if (focusAfter.current && ids.includes(focusAfter.current)) {
      focusItem(focusAfter.current);
      focusAfter.current = null;
    }
  }, [ids, focusItem]);

  const send = (reason?: string) => {
    if (!selected) return;
    const decided = selected;
    decide.mutate(
      { id: decided.id, ...(reason === undefined ? {} : { reason }) },
      {
        onSuccess: (res) => {
          const next = nextSelection(ids, decided.id);
          focusAfter.current = next;
          setChosenId(next);
          setDialog(null);
          notify.success(res.responseMessage, `${decided.companyName}: the company has been mailed.`);
        },
        onError: (err) => {
          setDialog(null);
          const shown = errorMessage(err, { fallback: { title: 'Could not save the decision', message: 'Please try again.' } });
          notify.error(shown.title, shown.message);
          if (err instanceof ApiError && err.status === 409) query.refetch();
        },
      },
    );
  };

  return (
    <ConsolePage
      wide
      title="Company documents"
      description="Verification documents waiting for review, oldest first. We promise companies a decision within 24 hours."
    >
      {query.isError ? (
        <LoadError what="the documents queue" onRetry={() => query.refetch()} />
      ) : !queue ? (
        <QueueSkeleton />
      ) : queue.length === 0 || !selected ? (
        <QueueEmpty title="No documents waiting" message="Every submission has been reviewed. New ones appear here, oldest first." />
      ) : (
        <div className="grid gap-5 lg:grid-cols-[20rem_minmax(0,1fr)] lg:items-start">
          <div className="space-y-4 lg:sticky lg:top-4">
            <QueueList
              label="Submissions waiting for review"
              entries={queue.map((s) => ({
                id: s.id,
                title: s.companyName || 'Unnamed company',
                subtitle: documentTypeLabel(s.documentType),
                submittedAt: s.submittedAt,
              }))}
              selectedId={selected.id}
              onSelect={setChosenId}
              now={now}
            />
            <div className="hidden lg:block">
              <KeyboardHint keys={KEYS} />
            </div>
          </div>
          <section aria-label="Selected submission" className="min-w-0 space-y-5">
            <DecisionBar submission={selected} now={now} pending={decide.isPending} onDecide={setDialog} />
            <SubmissionDetail submission={selected} />
            <div className="lg:hidden">
              <KeyboardHint keys={KEYS} />
            </div>
          </section>
          <Dialog
            open={dialog === 'approve'}
            onOpenChange={(open) => !open && setDialog(null)}
            title={`Approve ${selected.companyName || 'this company'}?`}
            description="The company becomes verified by documents and can shortlist talent. It gets a mail."
            size="sm"
            closable={!decide.isPending}
            returnFocus={afterDecision}
            footer={
              <>
                <Button variant="secondary" onClick={() => setDialog(null)} disabled={decide.isPending}>
                  Cancel
                </Button>
                <Button autoFocus pending={decide.isPending} onClick={() => send()}>
                  <Check className="h-4 w-4" aria-hidden="true" />
                  Approve
                </Button>
              </>
            }
          />
          <ReasonDialog
            label="Reason (the recipient reads this)"
            size="lg"
            open={dialog === 'reject'}
            onOpenChange={(open) => !open && setDialog(null)}
            title={`Reject documents: ${selected.companyName || 'this company'}`}
            description="The company is mailed this reason and can submit new documents."
            max={REJECTION_REASON_MAX}
            schema={RejectVerificationBody.shape.reason}
            submitLabel="Reject documents"
            tone="danger"
            pending={decide.isPending}
            returnFocus={afterDecision}
            onSubmit={(reason) => send(reason)}
          />
        </div>
      )}
    </ConsolePage>
  );
}

function DecisionBar({
  submission,
  now,
  pending,
  onDecide,
}: {
  submission: VerificationSubmissionReview;
  now: Date;
  pending: boolean;
  onDecide: (d: 'approve' | 'reject') => void;
}) {
  return (
    <div className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-sm sm:p-5 xl:flex-row xl:items-center xl:justify-between">
      <div className="min-w-0">
        <h2 id="documents-selected" className="truncate text-lg font-bold">
          {submission.companyName || 'Unnamed company'}
        </h2>
        <p className="text-sm text-muted">
          {documentTypeLabel(submission.documentType)} · registration number{' '}
          <span className="font-mono text-ink">{submission.businessRegistrationNumber}</span> ({countryName(submission.country)})
        </p>
        <p className="mt-1 text-sm text-muted">
          {waitingLabel(submission.submittedAt, now)} · submitted{' '}
          <time dateTime={submission.submittedAt}>{formatDateTime(submission.submittedAt)}</time>
        </p>
      </div>
      <fieldset className="grid grid-cols-1 gap-2 sm:grid-cols-2 xl:flex xl:shrink-0 min-w-0">
        <legend className="sr-only">Decision</legend>
        <Button onClick={() => onDecide('approve')} disabled={pending} aria-keyshortcuts="a">
          <Check className="h-4 w-4" aria-hidden="true" />
          Approve
          <span aria-hidden="true" className="ml-1 rounded bg-white/20 px-1.5 font-mono text-xs">
            a
          </span>
        </Button>
        <Button variant="secondary" onClick={() => onDecide('reject')} disabled={pending} aria-keyshortcuts="r" className="text-danger">
          <XCircle className="h-4 w-4" aria-hidden="true" />
          Reject
          <span aria-hidden="true" className="ml-1 rounded bg-surface px-1.5 font-mono text-xs text-muted">
            r
          </span>
        </Button>
      </fieldset>
    </div>
  );
}

function SubmissionDetail({ submission }: { submission: VerificationSubmissionReview }) {
  const detail = useSubmission(submission.id);
  const data = detail.data;
  return (
    <div className="grid gap-5 xl:grid-cols-[minmax(0,1fr)_22rem] xl:items-start">
      <section aria-labelledby="documents-file" className="min-w-0 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-sm">
        <h3 id="documents-file" className="mb-3 font-semibold">
          Submitted document
        </h3>
        {submission.fileUrl ? (
          <DocumentPreview
            url={submission.fileUrl}
            mime={submission.fileMime}
            title={`${documentTypeLabel(submission.documentType)} from ${submission.companyName}`}
            name={`${submission.documentType}-${submission.id.slice(0, 8)}`}
          />
        ) : (
          <p className="text-sm text-muted">The file is no longer stored.</p>
        )}
      </section>
      <div className="min-w-0 space-y-5">
        {detail.isError ? (
          <LoadError what="the company's details" onRetry={() => detail.refetch()} />
        ) : !data ? (
          <div aria-hidden="true" className="space-y-3">
            <div className="h-56 animate-pulse rounded-xl bg-white" />
            <div className="h-40 animate-pulse rounded-xl bg-white" />
          </div>
        ) : (
          <>
            <section aria-labelledby="documents-company" className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-sm">
              <h3 id="documents-company" className="font-semibold">
                Company
              </h3>
              <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
                <Detail term="Name" value={data.company.name} />
                <Detail term="Country" value={countryName(data.company.country)} />
                <Detail
                  term="Website"
                  value={
                    data.company.websiteUrl && (
                      <a
                        href={data.company.websiteUrl}
                        target="_blank"
                        rel="noopener noreferrer nofollow"
                        className="text-brand-700 underline"
                      >
                        {data.company.websiteUrl}
                      </a>
                    )
                  }
                />
                <Detail term="Industry" value={data.company.industry} />
                <Detail term="Size" value={sizeLabel(data.company.companySize)} />
                <Detail
                  term="Contact email"
                  value={
                    data.company.contactEmail &&
                    `${data.company.contactEmail}${data.company.verifiedEmail === data.company.contactEmail ? ' (verified)' : ''}`
                  }
                />
                <Detail term="Owner" value={data.company.ownerEmail} />
                <Detail term="Status" value={STATUS_LABEL[data.company.verificationStatus]} />
                <Detail term="Joined" value={formatDateTime(data.company.createdAt)} />
              </dl>
            </section>
            <History events={data.events} submissions={data.submissions} currentId={submission.id} />
          </>
        )}
      </div>
    </div>
  );
}

function Detail({ term, value }: { term: string; value: ReactNode }) {
  return (
    <>
      <dt className="text-muted">{term}</dt>
      <dd className="min-w-0 break-words">{value || <span className="text-muted">Not given</span>}</dd>
    </>
  );
}

function History({
  events,
  submissions,
  currentId,
}: {
  events: VerificationHistoryEvent[];
  submissions: PastSubmission[];
  currentId: string;
}) {
  const past = submissions.filter((s) => s.id !== currentId);
  return (
    <section aria-labelledby="documents-history" className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-sm">
      <h3 id="documents-history" className="font-semibold">
        Verification history
      </h3>
      <h4 className="mt-3 text-xs font-semibold tracking-wide text-muted uppercase">Earlier submissions</h4>
      {past.length === 0 ? (
        <p className="mt-1 text-sm text-muted">This is the company's first submission.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {past.map((s) => (
            <li key={s.id} className="rounded-xl border border-line p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{documentTypeLabel(s.documentType)}</span>
                <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold capitalize', STATUS_TONE[s.status])}>{s.status}</span>
              </div>
              <p className="text-xs text-muted">
                Submitted <time dateTime={s.submittedAt}>{formatDateTime(s.submittedAt)}</time>
                {s.decidedAt && (
                  <>
                    {' '}
                    · decided <time dateTime={s.decidedAt}>{formatDateTime(s.decidedAt)}</time>
                    {s.decidedByEmail && ` by ${s.decidedByEmail}`}
                  </>
                )}
              </p>
              {s.reason && <p className="mt-1 rounded-lg bg-surface px-3 py-2 break-words">{s.reason}</p>}
            </li>
          ))}
        </ul>
      )}
      <h4 className="mt-4 text-xs font-semibold tracking-wide text-muted uppercase">Events, newest first</h4>
      {events.length === 0 ? (
        <p className="mt-1 text-sm text-muted">No events yet.</p>
      ) : (
        <ol className="mt-2 space-y-2 border-l border-line pl-4 text-sm">
          {events.map((e) => (
            <li key={e.id}>
              <p className="font-medium">
                {EVENT_TEXT[e.outcome]} <span className="font-normal text-muted">({METHOD_TEXT[e.method]})</span>
              </p>
              <p className="text-xs text-muted">
                <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                {e.actorEmail && ` · ${e.actorEmail}`}
              </p>
              {e.reason && <p className="mt-1 break-words text-muted">{e.reason}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
