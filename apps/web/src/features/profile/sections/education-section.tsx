import type { ResponseOf } from '@talentloop/contract';
import { getEducationDetails, saveEducationDetails } from '@talentloop/contract/api/profile-editor';
import { GraduationCap } from 'lucide-react';
import { type EducationItem, EducationForm } from '../../freelancer-profile/entry-forms.tsx';
import { PROFILE_SECTION_TEXT as SECTION_TEXT } from '@talentloop/contract/validation/profile-editor-messages';
import { EntryListEditor } from './entry-list-editor.tsx';
import { LoadedSection, type Reload } from './section-body.tsx';
import { answerAsLoad, useEditorSave } from './use-editor-save.ts';
import { useEntryList } from './use-entry-list.ts';

type Load = ResponseOf<typeof getEducationDetails>;
const T = SECTION_TEXT.education;
const signature = (items: readonly EducationItem[]) =>
  JSON.stringify(items.map((e) => [e.freelancerEducationId ?? null, e.degree, e.college, e.yearOfPassed]));

/** Education. spec: profile-company §3 Education, §4 Education..., §5 Education */
export function EducationSection() {
  return (
    <LoadedSection
      name="education"
      endpoint={getEducationDetails}
      title="Education"
      description="Your degrees and diplomas."
      loadFailed={T.loadFailed}
      rows={2}
    >
      {(load, reload) => <EducationEditor load={load} reload={reload} />}
    </LoadedSection>
  );
}

function EducationEditor({ load, reload }: { load: Load; reload: Reload }) {
  const { save, saving, stale } = useEditorSave('education', saveEducationDetails, answerAsLoad, T);
  const list = useEntryList<EducationItem>(load.educationDetails, signature, saving);
  return (
    <EntryListEditor
      list={list}
      reload={reload}
      stale={stale}
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
      icon={<GraduationCap className="h-5 w-5" aria-hidden="true" />}
      title="Your education"
      description="At least one degree or diploma."
      noun={{ add: 'Add new education', list: 'Education entries' }}
      emptyText="No education added yet."
      keyOf={(e, i) => e.freelancerEducationId ?? `edu-${i}`}
      row={(e) => ({ title: e.degree, detail: `${e.college} · ${e.yearOfPassed}` })}
      form={(props) => <EducationForm {...props} />}
    />
  );
}
