import { Pencil, Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Button } from '../button.tsx';

/** A titled list of entries with an 'Add new' action. */
export function ListSection({
  icon,
  title,
  description,
  addLabel,
  onAdd,
  headingLevel = 3,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  addLabel: string;
  onAdd?: () => void;
  headingLevel?: 2 | 3;
  children: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // When an entry form closes (saved or cancelled) its focused button is gone and focus would fall to
  // the page body: it goes to the Add button that comes back instead (issue 12, keyboard users).
  const addButton = useRef<HTMLButtonElement>(null);
  const canAdd = Boolean(onAdd);
  const couldAdd = useRef(canAdd);
  useEffect(() => {
    const active = document.activeElement;
    if (canAdd && !couldAdd.current && (!active || active === document.body)) addButton.current?.focus();
    couldAdd.current = canAdd;
  }, [canAdd]);
  return (
    <section className="space-y-4">
      <div className="flex items-start justify-between gap-4">
        <div className="flex items-start gap-3">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">{icon}</span>
          <div>
            <Heading className="text-base font-semibold text-ink">{title}</Heading>
            <p className="text-sm text-muted">{description}</p>
          </div>
        </div>
        {onAdd && (
          <Button ref={addButton} variant="ghost" onClick={onAdd} className="shrink-0 px-3">
            <Plus className="h-4 w-4" aria-hidden="true" />
            <span className="hidden sm:inline">{addLabel}</span>
            <span className="sm:hidden">
              Add<span className="sr-only">{addLabel.replace(/^Add/, '')}</span>
            </span>
          </Button>
        )}
      </div>
      {children}
    </section>
  );
}

export function EmptyList({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed border-line px-4 py-6 text-center text-sm text-muted">{children}</p>;
}

/**
 * One entry with Edit and Delete. `deleteBlocked` explains why it cannot be deleted (the last entry
 * of a list that needs one); the button stays focusable and says why.
 */
export function EntryRow({
  title,
  detail,
  extra,
  onEdit,
  onDelete,
  deleteBlocked,
}: {
  title: string;
  detail: string;
  extra?: ReactNode;
  onEdit?: () => void;
  onDelete: () => void;
  deleteBlocked?: string;
}) {
  return (
    <li className="flex items-center gap-3 rounded-xl border border-line bg-white p-3.5 pl-4 sm:gap-4">
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words text-ink">{title}</p>
        <p className="text-sm break-words text-muted">{detail}</p>
        {extra}
      </div>
      <div className="flex shrink-0 items-center gap-1">
        <button
          type="button"
          onClick={onEdit}
          disabled={!onEdit}
          aria-label={`Edit ${title}`}
          className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-muted hover:bg-surface hover:text-ink disabled:opacity-40"
        >
          <Pencil className="h-4 w-4" aria-hidden="true" />
        </button>
        <button
          type="button"
          onClick={deleteBlocked ? undefined : onDelete}
          aria-disabled={deleteBlocked ? true : undefined}
          title={deleteBlocked}
          aria-label={`Delete ${title}`}
          aria-description={deleteBlocked}
          className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-muted hover:bg-danger-soft hover:text-danger aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent aria-disabled:hover:text-muted"
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </li>
  );
}
