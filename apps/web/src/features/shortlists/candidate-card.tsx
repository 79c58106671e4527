import { ERRORS, companyTalentPath, paths } from '@talentloop/contract';
import {
  AFTER_SELECTED,
  type Candidate,
  INTERVIEWABLE_STAGES,
  SHORTLIST_MESSAGES,
  SHORTLIST_NOTE_MAX,
  SHORTLIST_STAGES,
  SHORTLIST_STAGE_LABELS,
  type ShortlistStage,
} from '@talentloop/contract/api/shortlists';
import { REASON_MAX, ReasonText } from '@talentloop/contract/api/talent-pool';
import { FlaskConical, LoaderCircle, MessageSquareQuote, Pencil, UserMinus } from 'lucide-react';
import { type ComponentType, type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorCode, errorMessage } from '../../lib/error-message.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button, buttonClass } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { CountedTextarea } from '../../ui/counted-textarea.tsx';
import { Dialog, type ReturnFocus } from '../../ui/dialog.tsx';
import { FieldError } from '../../ui/form-field.tsx';
import { ReasonDialog } from '../../ui/reason-dialog.tsx';
import { notify } from '../../ui/toast.ts';
import { useReloadShortlist } from './api/keys.ts';
import { useRemoveCandidate } from './api/remove-candidate.ts';
import { useUpdateCandidate } from './api/update-candidate.ts';

// One candidate on a shortlist (issue 20): the stage (Not selected asks for the reason the freelancer
// will see), the company's private notes (saved explicitly), and Remove (quietly, or with a reason).
// Every save carries the candidate's version; a stale one (409 TL_CORE_10110_E) shows the contract's
// message under the control and reloads the candidate instead of overwriting what was saved elsewhere.

/** What a stale save shows: the catalogue's message, and that the saved version is on screen now. */
export const STALE_RELOADED = `${ERRORS.TL_CORE_10110_E.message} We have reloaded it for you.`;
const FALLBACK = { title: 'Could not save', message: 'Please try again.' };
const shown = (err: unknown) =>
  errorCode(err) === 'TL_CORE_10110_E' ? STALE_RELOADED : errorMessage(err, { fallback: FALLBACK, codes: 'all' }).message;
const isStale = (err: unknown) => errorCode(err) === 'TL_CORE_10110_E';

/** The reason's own rule (required, length) with the contract's messages; undefined when it passes. */
export function reasonProblem(text: string): string | undefined {
  if (!text.trim()) return SHORTLIST_MESSAGES.reasonRequired;
  const parsed = ReasonText.safeParse(text);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

const STAGE_ACTIVE: Record<ShortlistStage, string> = {
  shortlisted: 'border-brand-600 bg-brand-50 text-brand-800',
  interview: 'border-warning bg-amber-50 text-warning',
  selected: 'border-success bg-success-soft text-success',
  not_selected: 'border-muted bg-surface text-ink',
};

/** The interviews feature's panel for one candidate (issue 22), handed in by the router (features do not import each other). */
export type CandidateInterviewsComponent = ComponentType<{ candidateId: string; slug: string; name: string; canSchedule: boolean }>;
/** The messages feature's 'Message' for one candidate (issue 36), handed in by the router. */
export type CandidateMessageComponent = ComponentType<{ candidateId: string; name: string }>;

export function CandidateCard({
  shortlistId,
  candidate,
  onMoved,
  onRemoved,
  Interviews,
  Message,
}: {
  shortlistId: string;
  candidate: Candidate;
  /** 'Message' (the candidate's conversation); absent, not shown. */
  Message?: CandidateMessageComponent;
  /** Schedule Interview and the candidate's interviews; absent, none are shown. */
  Interviews?: CandidateInterviewsComponent;
  /** Before a stage move is saved (the page keeps the card in view). */
  onMoved?: () => void;
  onRemoved: () => void;
}) {
  const update = useUpdateCandidate();
  const reload = useReloadShortlist();
  const uid = useId();
  const nameId = `${uid}-name`;
  const stageLabelId = `${uid}-stage`;
  const fullName = `${candidate.firstName} ${candidate.lastName}`.trim();
  const notSelectedRef = useRef<HTMLButtonElement>(null);
  const reasonEditRef = useRef<HTMLButtonElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  const [dialog, setDialog] = useState<{ kind: 'reason'; returnFocus: ReturnFocus } | { kind: 'remove' } | null>(null);
  const [stageError, setStageError] = useState<string>();
  const [pendingStage, setPendingStage] = useState<ShortlistStage | null>(null);

  // The note being written; it follows the saved note unless the user has changed it.
  const [draft, setDraft] = useState(candidate.note);
  const [base, setBase] = useState(candidate.note);
  const [noteError, setNoteError] = useState<string>();
  const [lostDraft, setLostDraft] = useState<string | null>(null);
  const [takeServerNote, setTakeServerNote] = useState(false);
  const [seenVersion, setSeenVersion] = useState(candidate.version);
  const dirty = draft !== base;
  // A newly saved candidate (this tab's save, or a reload) moves an unchanged draft along.
  if (seenVersion !== candidate.version) {
    setSeenVersion(candidate.version);
    if (takeServerNote || !dirty) {
      setTakeServerNote(false);
      setDraft(candidate.note);
      setBase(candidate.note);
    }
  }

  async function save(body: { stage: ShortlistStage; reason: string | null; note: string }) {
    return update.mutateAsync({ shortlistId, candidateId: candidate.id, version: candidate.version, ...body });
  }

  async function moveTo(stage: ShortlistStage) {
    if (stage === candidate.stage || update.isPending) return;
    setStageError(undefined);
    if (stage === 'not_selected') {
      setDialog({ kind: 'reason', returnFocus: notSelectedRef });
      return;
    }
    setPendingStage(stage);
    onMoved?.();
    try {
      // A stage move keeps the saved note (an unsaved draft is saved only by its own button).
      const res = await save({ stage, reason: null, note: candidate.note });
      notify.success(res.responseMessage || SHORTLIST_MESSAGES.moved, `${fullName}: ${SHORTLIST_STAGE_LABELS[stage]}.`);
    } catch (err) {
      setStageError(shown(err));
      if (isStale(err)) void reload(shortlistId);
    } finally {
      setPendingStage(null);
    }
  }

  async function saveNote(e: FormEvent) {
    e.preventDefault();
    if (!dirty || update.isPending) return;
    setNoteError(undefined);
    setLostDraft(null);
    if (draft.length > SHORTLIST_NOTE_MAX) return setNoteError(SHORTLIST_MESSAGES.noteTooLong);
    try {
      await save({ stage: candidate.stage, reason: candidate.reason, note: draft });
      setBase(draft);
      notify.success('Notes saved', `Only your company sees notes on ${fullName}.`);
    } catch (err) {
      setNoteError(shown(err));
      if (isStale(err)) {
        // Show what was saved elsewhere; what was typed here can be put back and saved on purpose.
        setLostDraft(draft);
        setTakeServerNote(true);
        void reload(shortlistId);
      }
    }
  }

  const stagePending = pendingStage !== null;
  const noteSaving = update.isPending && !stagePending && !dialog;
  return (
    <li aria-labelledby={nameId} className="rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-start gap-3 sm:gap-4">
        <CandidatePhoto candidate={candidate} />
        <div className="min-w-0 flex-1">
          <h3 id={nameId} className="text-base font-semibold break-words">
            <Link to={companyTalentPath(candidate.slug)} className="text-ink hover:text-brand-700 hover:underline">
              {fullName}
            </Link>
          </h3>
          {candidate.occupation && <p className="text-sm text-muted">{candidate.occupation}</p>}
          {candidate.demo && (
            <span className="mt-1 inline-flex items-center gap-1 rounded-full bg-warning-soft px-2 py-0.5 text-xs font-semibold text-warning">
              <FlaskConical className="h-3.5 w-3.5" aria-hidden="true" />
              Demo profile
            </span>
          )}
        </div>
        <Button
          ref={removeRef}
          variant="ghost"
          className="shrink-0 px-3 text-muted hover:bg-danger-soft hover:text-danger"
          onClick={() => setDialog({ kind: 'remove' })}
          aria-label={`Remove ${fullName}`}
        >
          <UserMinus className="h-4 w-4" aria-hidden="true" />
          <span className="hidden sm:inline">Remove</span>
        </Button>
      </div>

      <div className="mt-4 space-y-1.5">
        <span id={stageLabelId} className="block text-sm font-medium text-ink">
          Stage
        </span>
        <fieldset
          aria-labelledby={stageLabelId}
          aria-describedby={stageError ? `${stageLabelId}-error` : undefined}
          className="grid min-w-0 grid-cols-2 gap-2 sm:flex sm:flex-wrap"
        >
          {SHORTLIST_STAGES.map((stage) => {
            const active = candidate.stage === stage;
            return (
              <button
                key={stage}
                ref={stage === 'not_selected' ? notSelectedRef : undefined}
                type="button"
                aria-pressed={active}
                aria-busy={pendingStage === stage || undefined}
                // Not `disabled` while a move is saved: the pressed button keeps focus (moveTo ignores clicks meanwhile).
                aria-disabled={(stagePending && pendingStage !== stage && !active) || undefined}
                onClick={() => moveTo(stage)}
                className={cn(
                  'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-xl border px-3.5 text-sm font-medium transition-colors aria-disabled:cursor-not-allowed aria-disabled:opacity-60',
                  active ? cn(STAGE_ACTIVE[stage], 'font-semibold') : 'border-line bg-white text-ink hover:bg-surface',
                )}
              >
                {pendingStage === stage && <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />}
                {SHORTLIST_STAGE_LABELS[stage]}
              </button>
            );
          })}
        </fieldset>
        <FieldError id={`${stageLabelId}-error`}>{stageError}</FieldError>
      </div>

      {Message && (
        <div className="mt-4 flex flex-wrap gap-2">
          <Message candidateId={candidate.id} name={fullName} />
        </div>
      )}

      {Interviews && (
        <Interviews
          candidateId={candidate.id}
          slug={candidate.slug}
          name={fullName}
          canSchedule={(INTERVIEWABLE_STAGES as readonly string[]).includes(candidate.stage)}
        />
      )}

      {candidate.stage === 'selected' && (
        <p className="mt-4 rounded-xl bg-success-soft px-3.5 py-3 text-sm text-ink">
          {AFTER_SELECTED.company(candidate.firstName)}{' '}
          <Link to={paths.company.projects} className="font-medium text-brand-700 underline underline-offset-2">
            Open Projects
          </Link>
        </p>
      )}

      {candidate.reason && (
        <div className="mt-4 flex items-start gap-2 rounded-xl bg-surface px-3.5 py-3 text-sm">
          <MessageSquareQuote className="mt-0.5 h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="font-medium text-ink">Reason the freelancer sees</p>
            <p className="mt-0.5 break-words text-muted">{candidate.reason}</p>
          </div>
          {candidate.stage === 'not_selected' && (
            <button
              ref={reasonEditRef}
              type="button"
              onClick={() => setDialog({ kind: 'reason', returnFocus: reasonEditRef })}
              aria-label="Edit reason"
              className="-my-2 -mr-2 flex h-11 w-11 shrink-0 items-center justify-center rounded-xl text-muted hover:bg-white hover:text-ink"
            >
              <Pencil className="h-4 w-4" aria-hidden="true" />
            </button>
          )}
        </div>
      )}

      <form onSubmit={saveNote} noValidate className="mt-4 space-y-2">
        <CountedTextarea
          label="Private notes"
          hint="Only your company sees these notes."
          max={SHORTLIST_NOTE_MAX}
          value={draft}
          error={noteError}
          rows={3}
          onChange={(e) => {
            setDraft(e.target.value);
            setNoteError(undefined);
          }}
        />
        <div className="flex flex-wrap items-center justify-end gap-2">
          {lostDraft !== null && lostDraft !== draft && (
            <Button
              variant="ghost"
              onClick={() => {
                setDraft(lostDraft);
                setLostDraft(null);
              }}
            >
              Put back my text
            </Button>
          )}
          {/* aria-disabled, not disabled: the button keeps focus through the save (saveNote ignores it meanwhile). */}
          <button
            type="submit"
            aria-disabled={!dirty || noteSaving || undefined}
            aria-busy={noteSaving || undefined}
            className={buttonClass('secondary', 'aria-disabled:cursor-not-allowed aria-disabled:text-muted aria-disabled:hover:bg-white')}
          >
            {noteSaving && <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />}
            Save notes
          </button>
        </div>
      </form>

      {dialog?.kind === 'reason' && (
        <NotSelectedDialog
          fullName={fullName}
          initial={candidate.stage === 'not_selected' ? (candidate.reason ?? '') : ''}
          returnFocus={dialog.returnFocus}
          onClose={() => setDialog(null)}
          onSubmit={async (reason) => {
            onMoved?.();
            const res = await save({ stage: 'not_selected', reason, note: candidate.note });
            notify.success(res.responseMessage || SHORTLIST_MESSAGES.moved, `${fullName}: ${SHORTLIST_STAGE_LABELS.not_selected}.`);
          }}
          onStale={() => reload(shortlistId)}
        />
      )}
      {dialog?.kind === 'remove' && (
        <RemoveDialog
          shortlistId={shortlistId}
          candidate={candidate}
          fullName={fullName}
          returnFocus={removeRef}
          onClose={() => setDialog(null)}
          onRemoved={onRemoved}
        />
      )}
    </li>
  );
}

/** Not selected needs the reason the freelancer will read (the shared reason dialog). */
function NotSelectedDialog({
  fullName,
  initial,
  returnFocus,
  onClose,
  onSubmit,
  onStale,
}: {
  fullName: string;
  initial: string;
  returnFocus: ReturnFocus;
  onClose: () => void;
  onSubmit: (reason: string) => Promise<void>;
  onStale: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(reason: string) {
    setFailure(null);
    setPending(true);
    try {
      await onSubmit(reason);
      onClose();
    } catch (err) {
      setFailure(shown(err));
      if (isStale(err)) onStale();
    } finally {
      setPending(false);
    }
  }

  return (
    <ReasonDialog
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={`Not selected: ${fullName}`}
      description="Tell them why. They see this reason on their status page and in the mail we send."
      returnFocus={returnFocus}
      initial={initial}
      max={REASON_MAX}
      schema={ReasonText}
      requiredMessage={SHORTLIST_MESSAGES.reasonRequired}
      placeholder="e.g. We went with someone with more hands-on Kubernetes experience."
      submitLabel="Mark not selected"
      pending={pending}
      error={failure}
      onSubmit={submit}
    />
  );
}

/** Remove quietly, or with a reason the freelancer sees as Not selected. */
function RemoveDialog({
  shortlistId,
  candidate,
  fullName,
  returnFocus,
  onClose,
  onRemoved,
}: {
  shortlistId: string;
  candidate: Candidate;
  fullName: string;
  returnFocus: ReturnFocus;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const remove = useRemoveCandidate();
  const reload = useReloadShortlist();
  const group = useId();
  const [tell, setTell] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [error, setError] = useState<string>();
  const removed = useRef(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    if (tell) {
      const problem = reasonProblem(reason);
      if (problem) return setReasonError(problem);
    }
    try {
      const res = await remove.mutateAsync({
        shortlistId,
        candidateId: candidate.id,
        version: candidate.version,
        reason: tell ? reason.trim() : null,
      });
      removed.current = true;
      notify.success(
        res.responseMessage || SHORTLIST_MESSAGES.removed,
        tell ? `${fullName} will see the reason.` : `${fullName} is not told.`,
      );
      onClose();
      onRemoved();
    } catch (err) {
      setError(shown(err));
      if (isStale(err)) void reload(shortlistId);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={`Remove ${fullName}?`}
      description="They leave this list. Choose whether they are told."
      // After a remove the card is gone; the page moves focus itself.
      returnFocus={() => (removed.current ? undefined : typeof returnFocus === 'function' ? returnFocus() : returnFocus.current?.focus())}
      closable={!remove.isPending}
      role="alertdialog"
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <fieldset className="min-w-0 space-y-2">
          <legend className="sr-only">How to remove</legend>
          <RemoveOption name={group} checked={!tell} onPick={() => setTell(false)} title="Remove quietly">
            They are not told; the list simply no longer shows them.
          </RemoveOption>
          <RemoveOption name={group} checked={tell} onPick={() => setTell(true)} title="Tell them they were not selected">
            They see Not selected and your reason, and get a mail.
          </RemoveOption>
        </fieldset>
        {tell && (
          <CountedTextarea
            label="Reason"
            max={REASON_MAX}
            value={reason}
            error={reasonError}
            onChange={(e) => {
              setReason(e.target.value);
              setReasonError(undefined);
            }}
          />
        )}
        {error && <Alert>{error}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" pending={remove.isPending}>
            Remove
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function RemoveOption({
  name,
  checked,
  onPick,
  title,
  children,
}: {
  name: string;
  checked: boolean;
  onPick: () => void;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-xl border px-3.5 py-3 text-sm transition-colors',
        checked ? 'border-brand-600 bg-brand-50' : 'border-line hover:bg-surface',
      )}
    >
      <input type="radio" name={name} checked={checked} onChange={onPick} className="mt-0.5 h-4 w-4 accent-brand-700" />
      <span>
        <span className="block font-medium text-ink">{title}</span>
        <span className="block text-muted">{children}</span>
      </span>
    </label>
  );
}

/** The candidate's photo, or their initials when there is none (or it fails to load). */
function CandidatePhoto({ candidate }: { candidate: Candidate }) {
  const [failed, setFailed] = useState<string | null>(null);
  const initials = `${candidate.firstName.trim()[0] ?? ''}${candidate.lastName.trim()[0] ?? ''}`.toUpperCase() || '?';
  const base = 'h-12 w-12 shrink-0 rounded-full';
  if (candidate.photoUrl && failed !== candidate.photoUrl) {
    return (
      <img
        src={candidate.photoUrl}
        alt=""
        width={48}
        height={48}
        className={cn(base, 'object-cover ring-1 ring-line')}
        onError={() => setFailed(candidate.photoUrl)}
      />
    );
  }
  return (
    <span aria-hidden="true" className={cn(base, 'flex items-center justify-center bg-brand-100 text-base font-semibold text-brand-800')}>
      {initials}
    </span>
  );
}
