import type { ResponseOf } from '@talentloop/contract';
import { getExperienceDetails, saveExperienceDetails } from '@talentloop/contract/api/profile-editor';
import { BriefcaseBusiness } from 'lucide-react';
import { EditorSection, SaveBar, StaleNotice } from '../../freelancer-profile/editor-section.tsx';
import { type WorkItem, WorkForm } from '../../freelancer-profile/entry-forms.tsx';
import { EmptyList, EntryRow, ListSection } from '../../freelancer-profile/entry-list.tsx';
import { formatMonth } from '../../freelancer-profile/month-year-input.tsx';
import { useSectionQuery } from '../api/editor-api.ts';
import { SECTION_TEXT } from '../editor-messages.ts';
import { SectionBody } from './section-body.tsx';
import { useEditorSave } from './use-editor-save.ts';
import { LAST_ENTRY, useEntryList } from './use-entry-list.ts';

type Load = ResponseOf<typeof getExperienceDetails>;
const T = SECTION_TEXT.experience;
const signature = (items: readonly WorkItem[]) =>
  JSON.stringify(
    items.map((w) => [w.freelancerWorkExpId ?? null, w.title, w.company, w.startDate.slice(0, 7), w.endDate?.slice(0, 7) ?? null]),
  );

/** Work experience. spec: profile-company §3 Work experience, §4 (I currently work here), §5 Work experience */
export function ExperienceSection() {
  const query = useSectionQuery('experience', getExperienceDetails);
  return (
    <EditorSection id="experience" title="Work Experience" description="Roles you have held, most recent first.">
      <SectionBody query={query} loadFailed={T.loadFailed} rows={2}>
        {(data) => <ExperienceEditor key={query.dataUpdatedAt} load={data} onReload={() => query.refetch()} reloading={query.isFetching} />}
      </SectionBody>
    </EditorSection>
  );
}

function ExperienceEditor({ load, onReload, reloading }: { load: Load; onReload: () => void; reloading: boolean }) {
  const { save, saving, stale } = useEditorSave(
    'experience',
    saveExperienceDetails,
    (res): Load => ({
      status: 'success',
      competitionPercentage: res.competitionPercentage,
      version: res.version,
      workExperience: res.workExperience,
    }),
    T,
  );
  const list = useEntryList<WorkItem>(load.workExperience, signature, saving);

  return (
    <div className="space-y-6">
      {stale && <StaleNotice onReload={onReload} reloading={reloading} />}
      <fieldset disabled={saving} className="min-w-0">
        <ListSection
          icon={<BriefcaseBusiness className="h-5 w-5" aria-hidden="true" />}
          title="Your roles"
          description="Title, company and the months you worked there."
          addLabel="Add new experience"
          onAdd={list.editing === null ? list.startAdd : undefined}
        >
          {list.items.length === 0 && list.editing === null && <EmptyList>No work experience added yet.</EmptyList>}
          <ul aria-label="Work experience entries" className="space-y-3 empty:hidden">
            {list.items.map((w, i) =>
              list.editing === i ? (
                <li key={w.freelancerWorkExpId ?? `work-${i}`}>
                  <WorkForm initial={w} onDirtyChange={list.onFormDirty} onSave={(item) => list.update(i, item)} onCancel={list.cancel} />
                </li>
              ) : (
                <EntryRow
                  key={w.freelancerWorkExpId ?? `work-${i}`}
                  title={w.title}
                  detail={`${w.company} · ${formatMonth(w.startDate)} – ${w.endDate ? formatMonth(w.endDate) : 'Present'}`}
                  onEdit={list.editing === null ? () => list.startEdit(i) : undefined}
                  onDelete={() => list.remove(i)}
                  deleteBlocked={list.canRemove ? undefined : LAST_ENTRY}
                />
              ),
            )}
          </ul>
          {list.editing === 'new' && (
            <WorkForm onDirtyChange={list.onFormDirty} onSave={list.add} onCancel={list.items.length > 0 ? list.cancel : undefined} />
          )}
        </ListSection>
      </fieldset>
      <SaveBar
        dirty={list.listDirty && list.items.length > 0}
        saving={saving}
        onSave={() =>
          save({
            workExperience: list.items.map(({ freelancerWorkExpId, title, company, startDate, endDate }) => ({
              freelancerWorkExpId: freelancerWorkExpId ?? null,
              title,
              company,
              startDate,
              endDate,
              currentlyWorking: endDate === null,
            })),
            version: load.version,
          })
        }
      />
    </div>
  );
}
