import type { ResponseOf } from '@talentloop/contract';
import { getExperienceDetails, saveExperienceDetails } from '@talentloop/contract/api/profile-editor';
import { BriefcaseBusiness } from 'lucide-react';
import { type WorkItem, WorkForm } from '../../freelancer-profile/entry-forms.tsx';
import { formatMonth } from '../../freelancer-profile/month-year-input.tsx';
import { PROFILE_SECTION_TEXT as SECTION_TEXT } from '@talentloop/contract/validation/profile-editor-messages';
import { EntryListEditor } from './entry-list-editor.tsx';
import { LoadedSection, type Reload } from './section-body.tsx';
import { answerAsLoad, useEditorSave } from './use-editor-save.ts';
import { useEntryList } from './use-entry-list.ts';

type Load = ResponseOf<typeof getExperienceDetails>;
const T = SECTION_TEXT.experience;
const signature = (items: readonly WorkItem[]) =>
  JSON.stringify(
    items.map((w) => [w.freelancerWorkExpId ?? null, w.title, w.company, w.startDate.slice(0, 7), w.endDate?.slice(0, 7) ?? null]),
  );

/** Work experience. spec: profile-company §3 Work experience, §4 (I currently work here), §5 Work experience */
export function ExperienceSection() {
  return (
    <LoadedSection
      name="experience"
      endpoint={getExperienceDetails}
      title="Work Experience"
      description="Roles you have held, most recent first."
      loadFailed={T.loadFailed}
      rows={2}
    >
      {(load, reload) => <ExperienceEditor load={load} reload={reload} />}
    </LoadedSection>
  );
}

function ExperienceEditor({ load, reload }: { load: Load; reload: Reload }) {
  const { save, saving, stale } = useEditorSave('experience', saveExperienceDetails, answerAsLoad, T);
  const list = useEntryList<WorkItem>(load.workExperience, signature, saving);
  return (
    <EntryListEditor
      list={list}
      reload={reload}
      stale={stale}
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
      icon={<BriefcaseBusiness className="h-5 w-5" aria-hidden="true" />}
      title="Your roles"
      description="Title, company and the months you worked there."
      noun={{ add: 'Add new experience', list: 'Work experience entries' }}
      emptyText="No work experience added yet."
      keyOf={(w, i) => w.freelancerWorkExpId ?? `work-${i}`}
      row={(w) => ({
        title: w.title,
        detail: `${w.company} · ${formatMonth(w.startDate)} – ${w.endDate ? formatMonth(w.endDate) : 'Present'}`,
      })}
      form={(props) => <WorkForm {...props} />}
    />
  );
}
