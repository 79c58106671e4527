import { type ReactNode, useCallback, useState } from 'react';
import { EmptyList, EntryRow, ListSection } from './entry-list.tsx';

// A list of entries edited in place (education, work experience, certifications): the wizard's step 2
// and the editor's list sections. spec: auth-onboarding §5 Wizard: education and work; profile-company
// §4 Education, work experience, certifications (add, edit, remove locally; save all at once)

/** Which entry's form is open: an index, a new entry, or none. */
export type Editing = number | 'new' | null;

/** Why the last entry's Delete does nothing. spec: profile-company §4 (removal blocked when only one remains) */
export const LAST_ENTRY = 'At least one entry must remain.';

/**
 * A local copy of a list: add, edit, remove. `keepLast` keeps one entry; `openWhenEmpty` opens the
 * new-entry form at once when there is nothing else to do first. `touched` once anything changed;
 * `formDirty` while an open entry form holds changes.
 */
export function useEditableList<T>(saved: readonly T[], { keepLast = false, openWhenEmpty = true } = {}) {
  const [items, setItems] = useState<T[]>([...saved]);
  const [editing, setEditing] = useState<Editing>(openWhenEmpty && saved.length === 0 ? 'new' : null);
  const [touched, setTouched] = useState(false);
  const [formDirty, setFormDirty] = useState(false);
  const onFormDirty = useCallback((d: boolean) => setFormDirty(d), []);
  const change = (next: (list: T[]) => T[]) => {
    setTouched(true);
    setItems(next);
    setEditing(null);
  };
  const canRemove = !keepLast || items.length > 1;

  return {
    items,
    editing,
    touched,
    formDirty,
    onFormDirty,
    canRemove,
    startAdd: () => setEditing('new'),
    startEdit: (i: number) => setEditing(i),
    cancel: () => setEditing(null),
    add: (item: T) => change((list) => [...list, item]),
    update: (i: number, item: T) => change((list) => list.map((x, k) => (k === i ? item : x))),
    remove(i: number) {
      if (!canRemove) return;
      setTouched(true);
      setItems((list) => list.filter((_, k) => k !== i));
      setEditing((ed) => (typeof ed === 'number' && ed > i ? ed - 1 : ed === i ? null : ed));
    },
  };
}

export type EditableList<T> = ReturnType<typeof useEditableList<T>>;

export type EntryFormProps<T> = {
  initial?: T;
  onSave: (item: T) => void;
  onCancel?: () => void;
  onDirtyChange: (dirty: boolean) => void;
};

/** How a list shows its entries: the heading, its texts, each row and the entry form. */
export type ListLook<T> = {
  icon: ReactNode;
  title: string;
  description: string;
  /** 'education' gives 'Add new education' and the list 'Education entries'. */
  noun: { add: string; list: string };
  emptyText: string;
  keyOf: (item: T, index: number) => string;
  row: (item: T) => { title: string; detail: string; extra?: ReactNode };
};

/**
 * The entries with Edit and Delete (Delete says why when the last one is kept), an inline form to add
 * or edit one; a new entry's form has Cancel only when the list has entries, unless `alwaysCancel`.
 * `children` follow the list (e.g. an error about it).
 */
export function EditableEntryList<T>({
  list,
  form,
  alwaysCancel = false,
  onAdded,
  icon,
  title,
  description,
  noun,
  emptyText,
  keyOf,
  row,
  children,
}: ListLook<T> & {
  list: EditableList<T>;
  form: (props: EntryFormProps<T>) => ReactNode;
  alwaysCancel?: boolean;
  onAdded?: () => void;
  children?: ReactNode;
}) {
  return (
    <ListSection
      icon={icon}
      title={title}
      description={description}
      addLabel={noun.add}
      onAdd={list.editing === null ? list.startAdd : undefined}
    >
      {list.items.length === 0 && list.editing === null && <EmptyList>{emptyText}</EmptyList>}
      <ul aria-label={noun.list} className="space-y-3 empty:hidden">
        {list.items.map((item, i) => {
          const key = keyOf(item, i);
          if (list.editing === i)
            return (
              <li key={key}>
                {form({ initial: item, onDirtyChange: list.onFormDirty, onSave: (next) => list.update(i, next), onCancel: list.cancel })}
              </li>
            );
          const shown = row(item);
          return (
            <EntryRow
              key={key}
              title={shown.title}
              detail={shown.detail}
              extra={shown.extra}
              onEdit={list.editing === null ? () => list.startEdit(i) : undefined}
              onDelete={() => list.remove(i)}
              deleteBlocked={list.canRemove ? undefined : LAST_ENTRY}
            />
          );
        })}
      </ul>
      {list.editing === 'new' &&
        form({
          onDirtyChange: list.onFormDirty,
          onSave: (item) => {
            list.add(item);
            onAdded?.();
          },
          onCancel: alwaysCancel || list.items.length > 0 ? list.cancel : undefined,
        })}
      {children}
    </ListSection>
  );
}
