import { paths, shortlistPath } from '@talentloop/contract';
import {
  SHORTLIST_MESSAGES,
  SHORTLIST_NAME_MAX,
  SHORTLIST_STAGES,
  SHORTLIST_STAGE_LABELS,
  type ShortlistSummary,
} from '@talentloop/contract/api/shortlists';
import { ListChecks, Pencil, Search, ShieldAlert, Trash2 } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorCode, errorMessage } from '../../lib/error-message.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button, buttonClass } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { ConfirmDialog, Dialog } from '../../ui/dialog.tsx';
import { TextField } from '../../ui/field.tsx';
import { EmptyState, QueuePage, QueueSection, QueueSkeleton } from '../../ui/queue-page.tsx';
import { notify } from '../../ui/toast.ts';
import { useCreateShortlist } from './api/create-shortlist.ts';
import { useDeleteShortlist } from './api/delete-shortlist.ts';
import { useCompanyVerified } from './api/get-company-verified.ts';
import { useShortlists } from './api/get-shortlists.ts';
import { useReloadShortlists } from './api/keys.ts';
import { useRenameShortlist } from './api/rename-shortlist.ts';
import { VERIFY_COMPANY_PATH } from './shortlist-button.tsx';
import { countLabel } from '../../lib/plural.ts';

// The company's shortlists (issue 20): one named list per role it hires for, with how many candidates
// sit at each stage. A verified company creates, renames and deletes lists; an unverified one reads
// the lists it has and sees why it cannot make new ones. Renames and deletes carry the version.

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));

const FALLBACK = { title: 'Something went wrong', message: 'Please try again.' };
const shownError = (err: unknown) => errorMessage(err, { fallback: FALLBACK, codes: 'all' }).message;

export const STAGE_BADGE: Record<(typeof SHORTLIST_STAGES)[number], string> = {
  shortlisted: 'bg-brand-50 text-brand-800',
  interview: 'bg-amber-50 text-warning',
  selected: 'bg-success-soft text-success',
  not_selected: 'bg-surface text-muted',
};

export function ShortlistsPage() {
  const home = useCompanyVerified();
  const lists = useShortlists();
  const verified = home.data?.verificationStatus === 'verified';
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A deleted list's buttons are gone: focus goes to the page's heading.
  const focusHeading = () => requestAnimationFrame(() => headingRef.current?.focus());

  return (
    <QueuePage
      eyebrow="Hiring"
      title="Shortlists"
      headingRef={headingRef}
      description="One list per role you hire for. Move each candidate through your stages; they see where they stand."
      actions={
        <Link to={paths.company.talent} className={buttonClass('secondary', 'shrink-0')}>
          <Search className="h-4 w-4" aria-hidden="true" />
          Find talent
        </Link>
      }
    >
      <div className="space-y-6">
        {home.data && !verified ? (
          <section
            aria-labelledby="verify-title"
            className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="flex items-start gap-3">
              <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0 text-warning" aria-hidden="true" />
              <div>
                <h2 id="verify-title" className="text-base font-semibold">
                  Verify your company to create shortlists
                </h2>
                <p className="mt-1 text-sm text-muted">
                  {home.data.verificationStatus === 'pending'
                    ? 'Your verification is under review. Once it is approved you can create lists and shortlist talent.'
                    : 'Only verified companies can shortlist talent, so freelancers know who is considering them.'}
                </p>
              </div>
            </div>
            <Link to={VERIFY_COMPANY_PATH} className={buttonClass('primary', 'shrink-0')}>
              Verify your company
            </Link>
          </section>
        ) : verified ? (
          <CreateListForm />
        ) : null}

        <QueueSection
          label="Your lists"
          labelId="lists-title"
          error={lists.isError ? 'Failed to get your shortlists. Please try again.' : null}
          onRetry={() => lists.refetch()}
          loading={!lists.data}
          skeleton={
            <>
              <span className="sr-only">Loading your shortlists</span>
              <QueueSkeleton rows={4} grid="grid gap-4 md:grid-cols-2" className="h-36 rounded-[var(--radius-card)] border border-line" />
            </>
          }
          empty={
            lists.data?.shortlists.length === 0 ? (
              <EmptyState
                icon={ListChecks}
                title="No shortlists yet"
                message={
                  verified
                    ? 'Create a list for a role above, or shortlist someone straight from talent search.'
                    : 'Once your company is verified, your lists will show here.'
                }
              />
            ) : undefined
          }
        >
          <ul className="grid gap-4 md:grid-cols-2">
            {lists.data?.shortlists.map((s) => (
              <ListCard key={s.id} list={s} onDeleted={focusHeading} />
            ))}
          </ul>
        </QueueSection>
      </div>
    </QueuePage>
  );
}

function CreateListForm() {
  const create = useCreateShortlist();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  // The button is disabled while saving, so focus comes back to the field (for the next list, or the error).
  const inputRef = useRef<HTMLInputElement>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    const trimmed = name.trim();
    if (!trimmed) return setError(SHORTLIST_MESSAGES.nameRequired);
    try {
      const res = await create.mutateAsync({ name: trimmed });
      notify.success(res.responseMessage || SHORTLIST_MESSAGES.created);
      setName('');
    } catch (err) {
      setError(shownError(err));
    }
    inputRef.current?.focus();
  }

  return (
    <section aria-labelledby="create-title" className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-sm">
      <h2 id="create-title" className="text-base font-semibold">
        New list
      </h2>
      <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <TextField
            ref={inputRef}
            label="Role"
            placeholder="e.g. Frontend lead"
            value={name}
            maxLength={SHORTLIST_NAME_MAX}
            error={error}
            onChange={(e) => setName(e.target.value)}
            autoComplete="off"
          />
        </div>
        <Button type="submit" pending={create.isPending} className="sm:mt-[1.625rem]">
          Create list
        </Button>
      </form>
    </section>
  );
}

function ListCard({ list, onDeleted }: { list: ShortlistSummary; onDeleted: () => void }) {
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const renameRef = useRef<HTMLButtonElement>(null);
  const total = SHORTLIST_STAGES.reduce((n, s) => n + (list.counts[s] ?? 0), 0);
  const headingId = `list-${list.id}`;

  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="text-lg font-semibold break-words">
            <Link to={shortlistPath(list.id)} className="text-ink hover:text-brand-700 hover:underline">
              {list.name}
            </Link>
          </h3>
          <p className="mt-0.5 text-sm text-muted">
            {countLabel(total, 'candidate')} · Created {formatDate(list.createdAt)}
          </p>
        </div>
        <div className="flex shrink-0 gap-1">
          <button
            ref={renameRef}
            type="button"
            onClick={() => setDialog('rename')}
            aria-label={`Rename ${list.name}`}
            className="flex h-11 w-11 items-center justify-center rounded-xl text-muted hover:bg-surface hover:text-ink"
          >
            <Pencil className="h-4 w-4" aria-hidden="true" />
          </button>
          <button
            type="button"
            onClick={() => setDialog('delete')}
            aria-label={`Delete ${list.name}`}
            className="flex h-11 w-11 items-center justify-center rounded-xl text-muted hover:bg-danger-soft hover:text-danger"
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {SHORTLIST_STAGES.map((stage) => (
          <div key={stage} className={cn('rounded-xl px-3 py-2', STAGE_BADGE[stage])}>
            <dt className="text-xs font-medium">{SHORTLIST_STAGE_LABELS[stage]}</dt>
            <dd className="text-lg font-bold tabular-nums">{list.counts[stage] ?? 0}</dd>
          </div>
        ))}
      </dl>
      <Link to={shortlistPath(list.id)} className={buttonClass('ghost', 'mt-3 self-start px-3')}>
        Open list<span className="sr-only">: {list.name}</span>
      </Link>
      {dialog === 'rename' && <RenameDialog list={list} onClose={() => setDialog(null)} returnFocus={renameRef} />}
      {dialog === 'delete' && <DeleteDialog list={list} onClose={() => setDialog(null)} onDeleted={onDeleted} />}
    </li>
  );
}

function RenameDialog({
  list,
  onClose,
  returnFocus,
}: {
  list: ShortlistSummary;
  onClose: () => void;
  returnFocus: React.RefObject<HTMLButtonElement | null>;
}) {
  const rename = useRenameShortlist();
  const reloadLists = useReloadShortlists();
  const [name, setName] = useState(list.name);
  const [error, setError] = useState<string>();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    const trimmed = name.trim();
    if (!trimmed) return setError(SHORTLIST_MESSAGES.nameRequired);
    if (trimmed === list.name) return onClose();
    try {
      const res = await rename.mutateAsync({ shortlistId: list.id, name: trimmed, version: list.version });
      notify.success(res.responseMessage || SHORTLIST_MESSAGES.renamed);
      onClose();
    } catch (err) {
      setError(shownError(err));
      // Changed elsewhere: the lists reload, so the next try starts from the saved version.
      if (errorCode(err) === 'TL_CORE_10110_E') void reloadLists();
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title="Rename list"
      returnFocus={returnFocus}
      closable={!rename.isPending}
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        <TextField
          label="Role"
          value={name}
          maxLength={SHORTLIST_NAME_MAX}
          error={error}
          onChange={(e) => setName(e.target.value)}
          autoComplete="off"
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={rename.isPending}>
            Cancel
          </Button>
          <Button type="submit" pending={rename.isPending}>
            Save name
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function DeleteDialog({ list, onClose, onDeleted }: { list: ShortlistSummary; onClose: () => void; onDeleted: () => void }) {
  const remove = useDeleteShortlist();
  const reloadLists = useReloadShortlists();
  const [error, setError] = useState<string>();

  async function confirm() {
    setError(undefined);
    try {
      const res = await remove.mutateAsync({ shortlistId: list.id, version: list.version });
      notify.success(res.responseMessage || SHORTLIST_MESSAGES.deleted);
      onClose();
      onDeleted();
    } catch (err) {
      setError(shownError(err));
      if (errorCode(err) === 'TL_CORE_10110_E') void reloadLists();
    }
  }

  // Mounted only while open: closing unmounts it, and Radix gives focus back to the Delete button.
  return (
    <ConfirmDialog
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={`Delete ${list.name}?`}
      description="The list and its notes are deleted. Candidates still open on it are not told; they simply leave the list."
      confirmLabel="Delete list"
      tone="danger"
      pending={remove.isPending}
      onConfirm={confirm}
    >
      {error && <Alert>{error}</Alert>}
    </ConfirmDialog>
  );
}
