import { companyVerificationPath } from '@talentloop/contract';
import { SHORTLIST_MESSAGES, SHORTLIST_NAME_MAX, SHORTLIST_STAGE_LABELS, type ShortlistStage } from '@talentloop/contract/api/shortlists';
import type { ShortlistMembership } from '@talentloop/contract/api/talent-search';
import { BookmarkPlus, ShieldAlert } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorCode, errorMessage } from '../../lib/error-message.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { TextField } from '../../ui/field.tsx';
import { notify } from '../../ui/toast.ts';
import { useAddCandidate } from './api/add-candidate.ts';
import { useCreateShortlist } from './api/create-shortlist.ts';
import { useShortlists } from './api/get-shortlists.ts';
import { countLabel } from '../../lib/plural.ts';

// 'Shortlist' on a freelancer's card or profile (issue 20): pick one of the company's lists, or name
// a new one for the role, and add the freelancer to it. An unverified company sees why it cannot,
// and where to verify. The lists already holding the freelancer are named under the button.

type Membership = ShortlistMembership;

/** Where a company proves it is legitimate (profile setup's Account Verification tab). */
export const VERIFY_COMPANY_PATH = companyVerificationPath;
export const VERIFY_TO_SHORTLIST = 'Verify your company to shortlist talent.';

const NEW = '__new__';

export const stageLabel = (stage: string) => SHORTLIST_STAGE_LABELS[stage as ShortlistStage] ?? stage;

/** 'On: Frontend lead (Interview), Backend (Shortlisted)'. */
export function MembershipLine({ memberships, className }: { memberships: readonly Membership[]; className?: string }) {
  if (memberships.length === 0) return null;
  return (
    <p className={cn('text-sm text-muted', className)}>
      <span className="font-medium text-ink">On: </span>
      {memberships.map((m, i) => (
        <span key={m.candidateId}>
          {i > 0 && ', '}
          {m.shortlistName} ({stageLabel(m.stage)})
        </span>
      ))}
    </p>
  );
}

export function ShortlistButton({
  slug,
  memberships,
  canShortlist,
  name,
  onAdded,
}: {
  slug: string;
  memberships: ShortlistMembership[];
  canShortlist: boolean;
  /** The freelancer's name, for the dialog's title (else 'this freelancer'). */
  name?: string;
  /** Called after an add (e.g. to reload the profile's memberships). */
  onAdded?: (membership: Membership) => void;
}) {
  const explanationId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  // Adds made here show at once, before the page's own data reloads.
  const [added, setAdded] = useState<Membership[]>([]);
  const shown = [...memberships, ...added.filter((a) => !memberships.some((m) => m.shortlistId === a.shortlistId))];

  if (!canShortlist) {
    return (
      <div className="space-y-2">
        <button
          type="button"
          aria-disabled="true"
          aria-describedby={explanationId}
          onClick={(e) => e.preventDefault()}
          className="inline-flex min-h-11 cursor-not-allowed items-center justify-center gap-2 rounded-xl border border-line bg-surface px-5 text-sm font-semibold text-muted"
        >
          <BookmarkPlus className="h-4 w-4" aria-hidden="true" />
          Shortlist
        </button>
        <p id={explanationId} className="flex items-start gap-1.5 text-sm text-muted">
          <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0 text-warning" aria-hidden="true" />
          <span>
            {VERIFY_TO_SHORTLIST}{' '}
            <Link to={VERIFY_COMPANY_PATH} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
              Verify your company
            </Link>
          </span>
        </p>
        <MembershipLine memberships={shown} />
      </div>
    );
  }

  return (
    <div className="space-y-2">
      <Button ref={triggerRef} onClick={() => setOpen(true)} aria-haspopup="dialog">
        <BookmarkPlus className="h-4 w-4" aria-hidden="true" />
        Shortlist
      </Button>
      <MembershipLine memberships={shown} />
      {open && (
        <ShortlistPicker
          slug={slug}
          name={name}
          memberships={shown}
          returnFocus={triggerRef}
          onClose={() => setOpen(false)}
          onAdded={(m) => {
            setAdded((old) => [...old, m]);
            onAdded?.(m);
          }}
        />
      )}
    </div>
  );
}

function ShortlistPicker({
  slug,
  name,
  memberships,
  returnFocus,
  onClose,
  onAdded,
}: {
  slug: string;
  name?: string;
  memberships: readonly Membership[];
  returnFocus: React.RefObject<HTMLButtonElement | null>;
  onClose: () => void;
  onAdded: (m: Membership) => void;
}) {
  const lists = useShortlists();
  const create = useCreateShortlist();
  const add = useAddCandidate();
  const groupId = useId();
  const on = new Set(memberships.map((m) => m.shortlistId));
  const available = (lists.data?.shortlists ?? []).filter((s) => !on.has(s.id));
  const [picked, setPicked] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [error, setError] = useState<string>();
  const choice = picked ?? (lists.data ? (available[0]?.id ?? NEW) : null);
  const pending = create.isPending || add.isPending;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    setNameError(undefined);
    if (!choice) return;
    let target: { id: string; name: string };
    if (choice === NEW) {
      const trimmed = newName.trim();
      if (!trimmed) return setNameError(SHORTLIST_MESSAGES.nameRequired);
      try {
        const res = await create.mutateAsync({ name: trimmed });
        target = { id: res.shortlist.id, name: res.shortlist.name };
      } catch (err) {
        const shown = errorMessage(err, { fallback: { title: 'Could not create the list', message: 'Please try again.' }, codes: 'all' });
        // A name in use belongs under the name; anything else (not verified, too many lists) above the buttons.
        if (errorCode(err) === 'TL_CORE_13011_E') setNameError(shown.message);
        else setError(shown.message);
        return;
      }
    } else {
      const list = available.find((s) => s.id === choice);
      if (!list) return;
      target = { id: list.id, name: list.name };
    }
    try {
      const res = await add.mutateAsync({ shortlistId: target.id, slug });
      notify.success(res.responseMessage || SHORTLIST_MESSAGES.added, `On ${target.name}.`);
      onAdded({ shortlistId: target.id, shortlistName: target.name, candidateId: res.candidate.id, stage: res.candidate.stage });
      onClose();
    } catch (err) {
      // A list made just now stays selected, so a retry does not create it twice.
      if (choice === NEW) {
        setPicked(target.id);
        setNewName('');
      }
      setError(errorMessage(err, { fallback: { title: 'Could not add', message: 'Please try again.' }, codes: 'all' }).message);
    }
  }

  const who = name || 'this freelancer';
  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={`Shortlist ${who}`}
      description="Pick the role you are considering them for, or start a new list."
      returnFocus={returnFocus}
      closable={!pending}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {memberships.length > 0 && <MembershipLine memberships={memberships} />}
        {lists.isError ? (
          <div className="space-y-3">
            <Alert>Failed to get your shortlists. Please try again.</Alert>
            <Button variant="secondary" onClick={() => lists.refetch()}>
              Try again
            </Button>
          </div>
        ) : !lists.data ? (
          <div className="space-y-2" aria-busy="true">
            <span className="sr-only">Loading your shortlists</span>
            <div className="h-11 animate-pulse rounded-xl bg-surface" />
            <div className="h-11 animate-pulse rounded-xl bg-surface" />
          </div>
        ) : (
          <fieldset className="min-w-0 space-y-2">
            <legend id={groupId} className="mb-2 text-sm font-medium text-ink">
              Shortlist
            </legend>
            {available.map((s) => (
              <ListOption key={s.id} value={s.id} checked={choice === s.id} onPick={setPicked} name={groupId}>
                <span className="min-w-0 flex-1 truncate font-medium text-ink">{s.name}</span>
                <span className="shrink-0 text-xs text-muted">
                  {countLabel(
                    Object.values(s.counts).reduce((a, b) => a + b, 0),
                    'candidate',
                  )}
                </span>
              </ListOption>
            ))}
            <ListOption value={NEW} checked={choice === NEW} onPick={setPicked} name={groupId}>
              <span className="font-medium text-ink">New list for a role</span>
            </ListOption>
            {choice === NEW && (
              <div className="pt-1 pl-1">
                <TextField
                  label="Role"
                  placeholder="e.g. Frontend lead"
                  value={newName}
                  maxLength={SHORTLIST_NAME_MAX}
                  error={nameError}
                  onChange={(e) => setNewName(e.target.value)}
                  autoComplete="off"
                />
              </div>
            )}
          </fieldset>
        )}
        {error && <Alert>{error}</Alert>}
        <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" pending={pending} disabled={!lists.data}>
            Add to shortlist
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function ListOption({
  value,
  checked,
  onPick,
  name,
  children,
}: {
  value: string;
  checked: boolean;
  onPick: (v: string) => void;
  name: string;
  children: React.ReactNode;
}) {
  return (
    <label
      className={cn(
        'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-3.5 py-2 text-sm transition-colors',
        checked ? 'border-brand-600 bg-brand-50' : 'border-line hover:bg-surface',
      )}
    >
      <input type="radio" name={name} value={value} checked={checked} onChange={() => onPick(value)} className="h-4 w-4 accent-brand-700" />
      {children}
    </label>
  );
}
