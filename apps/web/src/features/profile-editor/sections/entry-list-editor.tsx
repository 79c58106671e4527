import type { Endpoint, RequestOf, ResponseOf } from '@talentloop/contract';
import type { ReactNode } from 'react';
import type { Shown } from '../../../lib/error-message.ts';
import { EditableEntryList, type EntryFormProps, type ListLook } from '../../../ui/profile-form/editable-list.tsx';
import { SaveBar, StaleNotice } from '../../../ui/profile-form/editor-section.tsx';
import { LoadedSection, type Reload } from './section-body.tsx';
import { answerAsLoad, useEditorSave } from './use-editor-save.ts';
import { useEntryList } from './use-entry-list.ts';

type SectionProps<G extends Endpoint, S extends Endpoint, T> = ListLook<T> & {
  name: string;
  endpoint: G;
  saveEndpoint: S;
  /** The load a save's answer stands for (default: the answer as it is). */
  toLoad?: (res: ResponseOf<S>) => unknown;
  sectionTitle: string;
  sectionDescription: string;
  text: { saved: Shown; failed: Shown; loadFailed: string };
  items: (load: ResponseOf<G>) => readonly T[];
  signature: (items: readonly T[]) => string;
  toBody: (items: readonly T[], load: ResponseOf<G>) => RequestOf<S>;
  form: (props: EntryFormProps<T>, items: readonly T[]) => ReactNode;
  /** Shown above the entries, from the saved load (e.g. the level companies see from work experience). */
  header?: (load: ResponseOf<G>) => ReactNode;
};

/**
 * A list section of the editor read from `endpoint` and saved whole to `saveEndpoint`: the card with
 * its skeleton and load error, then the stale-save notice, the entries edited in place (the last one
 * kept) and the Save bar. `items` picks the list from a load, `signature` says when it changed,
 * `toBody` makes the save's body; `form` also gets the list (e.g. to refuse a name already in it).
 * spec: profile-company §4 Education, work experience, certifications (add, edit, remove locally; save all at once)
 */
export function EntryListSection<G extends Endpoint, S extends Endpoint, T>(props: SectionProps<G, S, T>) {
  return (
    <LoadedSection
      name={props.name}
      endpoint={props.endpoint}
      title={props.sectionTitle}
      description={props.sectionDescription}
      loadFailed={props.text.loadFailed}
      rows={2}
    >
      {(load, reload) => <LoadedList section={props} load={load} reload={reload} />}
    </LoadedSection>
  );
}

function LoadedList<G extends Endpoint, S extends Endpoint, T>({
  section: { name, saveEndpoint, toLoad = (res) => answerAsLoad(res as object), text, items, signature, toBody, form, header, ...look },
  load,
  reload,
}: {
  section: SectionProps<G, S, T>;
  load: ResponseOf<G>;
  reload: Reload;
}) {
  const { save, saving, stale } = useEditorSave(name, saveEndpoint, toLoad, text);
  const list = useEntryList<T>(items(load), signature, saving);
  return (
    <div className="space-y-6">
      {stale && <StaleNotice onReload={reload.onReload} reloading={reload.reloading} />}
      {header?.(load)}
      <fieldset disabled={saving} className="min-w-0">
        <EditableEntryList {...look} list={list} form={(props) => form(props, list.items)} />
      </fieldset>
      <SaveBar dirty={list.listDirty && list.items.length > 0} saving={saving} onSave={() => save(toBody(list.items, load))} />
    </div>
  );
}
