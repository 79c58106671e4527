import { useUnsavedChanges } from '../../../lib/unsaved-changes.ts';
import { useEditableList } from '../../../ui/profile-form/editable-list.tsx';

/**
 * An editor section's local list (the last entry kept): dirty when the list differs from the saved
 * one or an open entry form holds changes (the unsaved-changes guard follows it).
 * spec: profile-company §4 Education, work experience, certifications
 */
export function useEntryList<T>(saved: readonly T[], signature: (items: readonly T[]) => string, saving: boolean) {
  const list = useEditableList(saved, { keepLast: true });
  const listDirty = signature(list.items) !== signature(saved);
  useUnsavedChanges((listDirty || list.formDirty) && !saving);
  return { ...list, listDirty };
}
