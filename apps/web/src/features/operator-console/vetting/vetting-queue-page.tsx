import type { PublicProfile } from '@talentloop/contract/api/account';
import {
  REASON_MAX,
  ReasonText,
  type TimelineEntry,
  VETTING_CANNED_REASONS,
  type VettingOutcome,
  type VettingQueueItem,
} from '@talentloop/contract/api/talent-pool';
import { PROFILE_SECTION_TEXT, PROFILE_SECTION_WEIGHTS, type ProfileSectionKey } from '@talentloop/contract/rules/completion';
import { nextSelection } from '@talentloop/contract/rules/review-queue';
import { Check, FileText, ImageIcon, PencilLine, XCircle } from 'lucide-react';
import { type ComponentType, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { Button } from '../../../ui/button.tsx';
import { CompletionBar, SectionProgress } from '../../../ui/completion-progress.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { LoadError } from '../../../ui/section-boundary.tsx';
import { ReasonDialog } from '../../../ui/reason-dialog.tsx';
import { notify } from '../../../ui/toast.ts';
import { ConsolePage, formatDateTime } from '../console-page.tsx';
import { DocumentPreview, downloadFile } from '../review/protected-file.tsx';
import { KeyboardHint, QueueEmpty, QueueList, QueueSkeleton, queueItemId, useNow, waitingLabel } from '../review/queue-parts.tsx';
import { useQueueKeys } from '../review/use-queue-keys.ts';
import { useDecideVetting } from '../api/decide-vetting.ts';
import { useVettingQueue } from '../api/get-vetting-queue.ts';

// The freelancer vetting queue (issue 21): profiles in review, oldest first; the selected one as
// companies will see it (the public profile's own view, composed in by the router), with its
// completion, timeline and portfolio files; Approve, Request changes, Decline (a reason, starting
// from an editable canned one). Keyboard: j/k or the arrows move, a/r/d decide; after a decision
// the next profile is selected and focused. Two operators on one profile: the second sees the
// contract's conflict message and the queue reloads.

export type ProfileViewComponent = ComponentType<{ profile: PublicProfile; actions?: ReactNode }>;

const KEYS: Array<[string, string]> = [
  ['j / ↓', 'Next profile'],
  ['k / ↑', 'Previous profile'],
  ['a', 'Approve'],
  ['r', 'Request changes'],
  ['d', 'Decline'],
];

const TIMELINE_TEXT: Record<TimelineEntry['kind'], string> = {
  submitted: 'Finished the profile and sent it for review',
  in_review: 'Sent the profile for review again',
  vetted: 'Approved',
  changes_requested: 'Changes requested',
  declined: 'Declined',
  shortlisted: 'Shortlisted',
  interview: 'Invited to interview',
  selected: 'Selected',
  not_selected: 'Not selected',
};

type Reasoned = Exclude<VettingOutcome, 'approve'>;
const REASON_DIALOG: Record<Reasoned, { title: string; description: string; submit: string; tone: 'primary' | 'danger' }> = {
  request_changes: {
    title: 'Request changes',
    description: 'The freelancer reads this reason by mail and on their dashboard, edits the profile and sends it back.',
    submit: 'Send request',
    tone: 'primary',
  },
  decline: {
    title: 'Decline profile',
    description: 'The freelancer reads this reason and may ask for another review after the waiting time.',
    submit: 'Decline profile',
    tone: 'danger',
  },
};

/** Companies see no link to a portfolio document (the files above are the operator's way in). */
const asCompaniesSee = (profile: PublicProfile): PublicProfile => ({
  ...profile,
  portfolio: profile.portfolio.map((p) => (p.contentType === 'DOCUMENT' ? { ...p, fileUrl: null } : p)),
});

const fullName = (item: VettingQueueItem) => `${item.profile.firstName} ${item.profile.lastName}`.trim() || item.email;

export function VettingQueuePage({ ProfileView }: { ProfileView: ProfileViewComponent }) {
  const query = useVettingQueue();
  const decide = useDecideVetting();
  const now = useNow();
  const queue = query.data?.queue;
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<VettingOutcome | null>(null);
  const focusAfter = useRef<string | null>(null);

  // The chosen profile while it is waiting; else the oldest.
  const selected = queue?.find((q) => q.freelancerId === chosenId) ?? queue?.[0] ?? null;
  const ids = useMemo(() => queue?.map((q) => q.freelancerId) ?? [], [queue]);

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
    if (!selected || ids.length === 0) return;
    const at = ids.indexOf(selected.freelancerId);
    const id = ids[Math.min(ids.length - 1, Math.max(0, at + step))] ?? null;
    setChosenId(id);
    focusItem(id);
  };

  useQueueKeys(
    {
      next: () => move(1),
      previous: () => move(-1),
      decisions: { a: () => setDialog('approve'), r: () => setDialog('request_changes'), d: () => setDialog('decline') },
    },
    !!selected && !decide.isPending,
  );

  // After the list re-renders without the decided profile, focus the one now selected.
  useEffect(() => {
    if (focusAfter.current && ids.includes(focusAfter.current)) {
      focusItem(focusAfter.current);
      focusAfter.current = null;
    }
  }, [ids, focusItem]);

  const send = (outcome: VettingOutcome, reason?: string) => {
    if (!selected) return;
    const decided = selected.freelancerId;
    decide.mutate(
      { freelancerId: decided, body: { outcome, ...(reason ? { reason } : {}) } },
      {
        onSuccess: (res) => {
          const next = nextSelection(ids, decided);
          focusAfter.current = next;
          setChosenId(next);
          setDialog(null);
          notify.success(res.responseMessage, `${fullName(selected)}: ${selected.email}`);
        },
        onError: (err) => {
          setDialog(null);
          if (err instanceof ApiError && err.status === 409) {
            // Another operator decided first: say so in the contract's words and show the queue as it is.
            const shown = errorMessage(err, { fallback: { title: 'Already decided', message: 'Reload the queue.' }, codes: [] });
            notify.error(shown.title, shown.message);
            query.refetch();
            return;
          }
          const shown = errorMessage(err, { fallback: { title: 'Could not save the decision', message: 'Please try again.' } });
          notify.error(shown.title, shown.message);
        },
      },
    );
  };

  return (
    <ConsolePage
      wide
      title="Freelancer vetting"
      description="Profiles waiting for review, oldest first. Each is shown exactly as companies will see it once approved."
    >
      {query.isError ? (
        <LoadError what="the vetting queue" onRetry={() => query.refetch()} />
      ) : !queue ? (
        <QueueSkeleton />
      ) : queue.length === 0 || !selected ? (
        <QueueEmpty title="No profiles waiting" message="Every finished profile has been reviewed. New ones appear here, oldest first." />
      ) : (
        <div className="grid gap-5 lg:grid-cols-[20rem_minmax(0,1fr)] lg:items-start">
          <div className="space-y-4 lg:sticky lg:top-4">
            <QueueList
              label="Profiles waiting for review"
              entries={queue.map((q) => ({
                id: q.freelancerId,
                title: fullName(q),
                subtitle: q.profile.occupation || q.email,
                submittedAt: q.submittedAt,
              }))}
              selectedId={selected.freelancerId}
              onSelect={setChosenId}
              now={now}
            />
            <div className="hidden lg:block">
              <KeyboardHint keys={KEYS} />
            </div>
          </div>
          <section aria-label="Selected profile" className="min-w-0 space-y-5">
            <DecisionBar item={selected} now={now} pending={decide.isPending} onDecide={setDialog} />
            <div className="grid gap-5 xl:grid-cols-2">
              <CompletionCard item={selected} />
              <TimelineCard entries={selected.timeline} />
            </div>
            <PortfolioFiles item={selected} />
            <ProfileView profile={asCompaniesSee(selected.profile)} />
            <div className="lg:hidden">
              <KeyboardHint keys={KEYS} />
            </div>
          </section>
          <Dialog
            open={dialog === 'approve'}
            onOpenChange={(open) => !open && setDialog(null)}
            title={`Approve ${fullName(selected)}?`}
            description="The profile becomes vetted: companies can find it in talent search, and the freelancer gets a mail."
            size="sm"
            closable={!decide.isPending}
            returnFocus={afterDecision}
            footer={
              <>
                <Button variant="secondary" onClick={() => setDialog(null)} disabled={decide.isPending}>
                  Cancel
                </Button>
                <Button autoFocus pending={decide.isPending} onClick={() => send('approve')}>
                  <Check className="h-4 w-4" aria-hidden="true" />
                  Approve
                </Button>
              </>
            }
          />
          {(['request_changes', 'decline'] as const).map((outcome) => (
            <ReasonDialog
              label="Reason (the recipient reads this)"
              size="lg"
              key={outcome}
              open={dialog === outcome}
              onOpenChange={(open) => !open && setDialog(null)}
              title={`${REASON_DIALOG[outcome].title}: ${fullName(selected)}`}
              description={REASON_DIALOG[outcome].description}
              canned={VETTING_CANNED_REASONS[outcome]}
              max={REASON_MAX}
              schema={ReasonText}
              submitLabel={REASON_DIALOG[outcome].submit}
              tone={REASON_DIALOG[outcome].tone}
              pending={decide.isPending}
              returnFocus={afterDecision}
              onSubmit={(reason) => send(outcome, reason)}
            />
          ))}
        </div>
      )}
    </ConsolePage>
  );
}

function DecisionBar({
  item,
  now,
  pending,
  onDecide,
}: {
  item: VettingQueueItem;
  now: Date;
  pending: boolean;
  onDecide: (outcome: VettingOutcome) => void;
}) {
  return (
    <div className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-sm sm:p-5 xl:flex-row xl:items-center xl:justify-between">
      <div className="min-w-0">
        <h2 id="vetting-selected" className="truncate text-lg font-bold">
          {fullName(item)}
        </h2>
        <p className="truncate text-sm text-muted">{item.email}</p>
        <p className="mt-1 text-sm text-muted">
          {waitingLabel(item.submittedAt, now)} · in review since{' '}
          <time dateTime={item.submittedAt}>{formatDateTime(item.submittedAt)}</time>
        </p>
      </div>
      <fieldset className="grid grid-cols-1 gap-2 sm:grid-cols-3 xl:flex xl:shrink-0 min-w-0">
        <legend className="sr-only">Decision</legend>
        <Button onClick={() => onDecide('approve')} disabled={pending} aria-keyshortcuts="a">
          <Check className="h-4 w-4" aria-hidden="true" />
          Approve
          <span aria-hidden="true" className="ml-1 rounded bg-white/20 px-1.5 font-mono text-xs">
            a
          </span>
        </Button>
        <Button variant="secondary" onClick={() => onDecide('request_changes')} disabled={pending} aria-keyshortcuts="r">
          <PencilLine className="h-4 w-4" aria-hidden="true" />
          Request changes
          <span aria-hidden="true" className="ml-1 rounded bg-surface px-1.5 font-mono text-xs text-muted">
            r
          </span>
        </Button>
        <Button variant="secondary" onClick={() => onDecide('decline')} disabled={pending} aria-keyshortcuts="d" className="text-danger">
          <XCircle className="h-4 w-4" aria-hidden="true" />
          Decline
          <span aria-hidden="true" className="ml-1 rounded bg-surface px-1.5 font-mono text-xs text-muted">
            d
          </span>
        </Button>
      </fieldset>
    </div>
  );
}

const SECTION_KEYS = Object.keys(PROFILE_SECTION_WEIGHTS) as ProfileSectionKey[];

function CompletionCard({ item }: { item: VettingQueueItem }) {
  const { percentage, sections } = item.completion;
  return (
    <section aria-labelledby="vetting-completion" className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-sm">
      <div className="flex items-baseline justify-between gap-3">
        <h3 id="vetting-completion" className="font-semibold">
          Profile completion
        </h3>
        <span className="text-2xl font-bold tabular-nums">{percentage}%</span>
      </div>
      <CompletionBar value={percentage} label="Profile completion" size="lg" />
      <ul className="mt-4 space-y-3">
        {SECTION_KEYS.map((key) => {
          const value = Math.round(sections[key] * 100);
          return (
            <SectionProgress
              key={key}
              inline
              label={PROFILE_SECTION_TEXT[key].label}
              value={value}
              aside={value === 100 ? 'Complete' : `${value}%`}
            />
          );
        })}
      </ul>
    </section>
  );
}

function TimelineCard({ entries }: { entries: TimelineEntry[] }) {
  return (
    <section aria-labelledby="vetting-timeline" className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-sm">
      <h3 id="vetting-timeline" className="font-semibold">
        Timeline so far
      </h3>
      <p className="text-xs text-muted">Newest first, as the freelancer sees it.</p>
      {entries.length === 0 ? (
        <p className="mt-3 text-sm text-muted">No steps recorded yet.</p>
      ) : (
        <ol className="mt-3 space-y-3 border-l border-line pl-4">
          {entries.map((e) => (
            <li key={e.id} className="relative">
              <span aria-hidden="true" className="absolute top-1.5 -left-[1.3rem] h-2 w-2 rounded-full bg-brand-600" />
              <p className="text-sm font-medium">
                {TIMELINE_TEXT[e.kind]}
                {e.companyName ? ` by ${e.companyName}` : ''}
                {e.role ? ` (${e.role})` : ''}
              </p>
              <p className="text-xs text-muted">
                <time dateTime={e.at}>{formatDateTime(e.at)}</time>
              </p>
              {e.reason && <p className="mt-1 rounded-lg bg-surface px-3 py-2 text-sm break-words">{e.reason}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The portfolio's uploaded files, opened safely: previewed from memory, or downloaded. */
function PortfolioFiles({ item }: { item: VettingQueueItem }) {
  const withFiles = item.profile.portfolio.filter((p) => p.contentType !== 'LINK' && p.fileUrl);
  const [open, setOpen] = useState<string | null>(null);
  if (withFiles.length === 0) return null;
  return (
    <section aria-labelledby="vetting-files" className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-sm">
      <h3 id="vetting-files" className="font-semibold">
        Portfolio files
      </h3>
      <p className="mt-1 text-sm text-muted">Previewed here from a safe copy; other types download.</p>
      <ul className="mt-3 space-y-3">
        {withFiles.map((p) => {
          const url = p.fileUrl as string;
          const Icon = p.contentType === 'IMAGE' ? ImageIcon : FileText;
          const shown = open === p.freelancerPortfolioId;
          return (
            <li key={p.freelancerPortfolioId} className="rounded-xl border border-line p-3">
              <div className="flex flex-wrap items-center gap-3">
                <Icon className="h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
                <span className="min-w-0 flex-1 truncate font-medium">{p.portfolioTitle}</span>
                <Button variant="ghost" aria-expanded={shown} onClick={() => setOpen(shown ? null : p.freelancerPortfolioId)}>
                  {shown ? 'Hide preview' : 'Preview'}
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => downloadFile(url, p.fileMime, `portfolio-${p.freelancerPortfolioId.slice(0, 8)}`)}
                >
                  Download
                </Button>
              </div>
              {shown && (
                <DocumentPreview
                  className="mt-3"
                  url={url}
                  mime={p.fileMime}
                  title={`${p.portfolioTitle} (portfolio file)`}
                  name={`portfolio-${p.freelancerPortfolioId.slice(0, 8)}`}
                  showDownload={false}
                />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
