import type { ReactNode } from 'react';
import { SaveBar, StaleNotice } from '../../freelancer-profile/editor-section.tsx';
import { EmptyList, EntryRow, ListSection } from '../../freelancer-profile/entry-list.tsx';
import type { Reload } from './section-body.tsx';
import { LAST_ENTRY, type useEntryList } from './use-entry-list.ts';

export type EntryFormProps<T> = {
  initial?: T;
  onSave: (item: T) => void;
  onCancel?: () => void;
  onDirtyChange: (dirty: boolean) => void;
};

/**
 * A list section of the editor: the entries with Edit and Delete (the last one kept), an inline form
 * to add or edit one, the stale-save notice and the Save bar.
 * spec: profile-company §4 Education, work experience, certifications (add, edit, remove locally; save all at once)
 */
export function EntryListEditor<T>({
  list,
  reload,
  stale,
  saving,
  onSave,
  icon,
  title,
  description,
  noun,
  emptyText,
  keyOf,
  row,
  form,
}: {
  list: ReturnType<typeof useEntryList<T>>;
  reload: Reload;
  stale: boolean;
  saving: boolean;
  onSave: () => void;
  icon: ReactNode;
  title: string;
  description: string;
  /** 'education' gives 'Add new education' and the list 'Education entries'. */
  noun: { add: string; list: string };
  emptyText: string;
  keyOf: (item: T, index: number) => string;
  row: (item: T) => { title: string; detail: string; extra?: ReactNode };
  form: (props: EntryFormProps<T>) => ReactNode;
}) {
  return (
    <div className="space-y-6">
      {stale && <StaleNotice onReload={reload.onReload} reloading={reload.reloading} />}
      <fieldset disabled={saving} className="min-w-0">
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
                    {form({
                      initial: item,
                      onDirtyChange: list.onFormDirty,
                      onSave: (next) => list.update(i, next),
                      onCancel: list.cancel,
                    })}
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
            form({ onDirtyChange: list.onFormDirty, onSave: list.add, onCancel: list.items.length > 0 ? list.cancel : undefined })}
        </ListSection>
      </fieldset>
      <SaveBar dirty={list.listDirty && list.items.length > 0} saving={saving} onSave={onSave} />
    </div>
  );
}
