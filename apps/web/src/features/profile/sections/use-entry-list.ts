import { useCallback, useState } from 'react';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.ts';

export type Editing = number | 'new' | null;

/** Why the last entry's Delete does nothing. spec: profile-company §4 (removal blocked when only one remains) */
export const LAST_ENTRY = 'At least one entry must remain.';

/**
 * A section's local list: add, edit, remove, the last entry kept; dirty when the list differs from
 * the saved one or an open entry form holds changes (the unsaved-changes guard follows it).
 * spec: profile-company §4 Education, work experience, certifications, portfolio
 */
export function useEntryList<T>(saved: readonly T[], signature: (items: readonly T[]) => string, saving: boolean) {
  const [items, setItems] = useState<T[]>([...saved]);
  const [editing, setEditing] = useState<Editing>(saved.length === 0 ? 'new' : null);
  const [formDirty, setFormDirty] = useState(false);
  const onFormDirty = useCallback((d: boolean) => setFormDirty(d), []);
  const listDirty = signature(items) !== signature(saved);
  useUnsavedChanges((listDirty || formDirty) && !saving);

  return {
    items,
    editing,
    listDirty,
    onFormDirty,
    startAdd: () => setEditing('new'),
    startEdit: (i: number) => setEditing(i),
    cancel: () => setEditing(null),
    add(item: T) {
      setItems((list) => [...list, item]);
      setEditing(null);
    },
    update(i: number, item: T) {
      setItems((list) => list.map((x, k) => (k === i ? item : x)));
      setEditing(null);
    },
    remove(i: number) {
      setItems((list) => (list.length <= 1 ? list : list.filter((_, k) => k !== i)));
      setEditing((ed) => (typeof ed === 'number' && ed > i ? ed - 1 : ed === i ? null : ed));
    },
    canRemove: items.length > 1,
  };
}
