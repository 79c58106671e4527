import type { ResponseOf } from '@talentloop/contract';
import { getEducationDetails, saveEducationDetails } from '@talentloop/contract/api/profile-editor';
import { GraduationCap } from 'lucide-react';
import { EditorSection, SaveBar, StaleNotice } from '../../freelancer-profile/editor-section.tsx';
import { type EducationItem, EducationForm } from '../../freelancer-profile/entry-forms.tsx';
import { EmptyList, EntryRow, ListSection } from '../../freelancer-profile/entry-list.tsx';
import { useSectionQuery } from '../api/editor-api.ts';
import { SECTION_TEXT } from '../editor-messages.ts';
import { SectionBody } from './section-body.tsx';
import { useEditorSave } from './use-editor-save.ts';
import { LAST_ENTRY, useEntryList } from './use-entry-list.ts';

type Load = ResponseOf<typeof getEducationDetails>;
const T = SECTION_TEXT.education;
const signature = (items: readonly EducationItem[]) =>
  JSON.stringify(items.map((e) => [e.freelancerEducationId ?? null, e.degree, e.college, e.yearOfPassed]));

/** Education. spec: profile-company §3 Education, §4 Education..., §5 Education */
export function EducationSection() {
  const query = useSectionQuery('education', getEducationDetails);
  return (
    <EditorSection id="education" title="Education" description="Your degrees and diplomas.">
      <SectionBody query={query} loadFailed={T.loadFailed} rows={2}>
        {(data) => <EducationEditor key={query.dataUpdatedAt} load={data} onReload={() => query.refetch()} reloading={query.isFetching} />}
      </SectionBody>
    </EditorSection>
  );
}

function EducationEditor({ load, onReload, reloading }: { load: Load; onReload: () => void; reloading: boolean }) {
  const { save, saving, stale } = useEditorSave(
    'education',
    saveEducationDetails,
    (res): Load => ({
      status: 'success',
      competitionPercentage: res.competitionPercentage,
      version: res.version,
      educationDetails: res.educationDetails,
    }),
    T,
  );
  const list = useEntryList<EducationItem>(load.educationDetails, signature, saving);

  return (
    <div className="space-y-6">
      {stale && <StaleNotice onReload={onReload} reloading={reloading} />}
      <fieldset disabled={saving} className="min-w-0">
        <ListSection
          icon={<GraduationCap className="h-5 w-5" aria-hidden="true" />}
          title="Your education"
          description="At least one degree or diploma."
          addLabel="Add new education"
          onAdd={list.editing === null ? list.startAdd : undefined}
        >
          {list.items.length === 0 && list.editing === null && <EmptyList>No education added yet.</EmptyList>}
          <ul aria-label="Education entries" className="space-y-3 empty:hidden">
            {list.items.map((e, i) =>
              list.editing === i ? (
                <li key={e.freelancerEducationId ?? `edu-${i}`}>
                  <EducationForm
                    initial={e}
                    onDirtyChange={list.onFormDirty}
                    onSave={(item) => list.update(i, item)}
                    onCancel={list.cancel}
                  />
                </li>
              ) : (
                <EntryRow
                  key={e.freelancerEducationId ?? `edu-${i}`}
                  title={e.degree}
                  detail={`${e.college} · ${e.yearOfPassed}`}
                  onEdit={list.editing === null ? () => list.startEdit(i) : undefined}
                  onDelete={() => list.remove(i)}
                  deleteBlocked={list.canRemove ? undefined : LAST_ENTRY}
                />
              ),
            )}
          </ul>
          {list.editing === 'new' && (
            <EducationForm onDirtyChange={list.onFormDirty} onSave={list.add} onCancel={list.items.length > 0 ? list.cancel : undefined} />
          )}
        </ListSection>
      </fieldset>
      <SaveBar
        dirty={list.listDirty && list.items.length > 0}
        saving={saving}
        onSave={() =>
          save({
            educationDetails: list.items.map(({ freelancerEducationId, degree, college, yearOfPassed }) => ({
              freelancerEducationId: freelancerEducationId ?? null,
              degree,
              college,
              yearOfPassed,
            })),
            version: load.version,
          })
        }
      />
    </div>
  );
}
