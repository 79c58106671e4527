import { PROFILE_MESSAGES as M } from '@talentloop/contract/validation/profile';
import { educationCompletion } from '@talentloop/contract/rules/completion';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { sessionStore } from '../../../lib/session-store.ts';
import { confirmLeave, useUnsavedChanges } from '../../../lib/unsaved-changes.ts';
import { Button } from '../../../ui/button.tsx';
import { FieldError } from '../../../ui/form-field.tsx';
import { notify } from '../../../ui/toast.ts';
import { EDUCATION_LIST, type EducationItem, WORK_LIST, type WorkItem } from '../../../ui/profile-form/entry-forms.tsx';
import { EditableEntryList, useEditableList } from '../../../ui/profile-form/editable-list.tsx';
import { type EducationWork, useEducationWork } from '../api/get-education-work.ts';
import { useSaveEducationWork } from '../api/save-education-work.ts';
import { useReportProgress } from '../progress.tsx';
import { wizardSaveError } from '../save-errors.ts';
import { LoadError } from '../../../ui/section-boundary.tsx';
import { SectionSkeleton } from '../../../ui/profile-form/editor-section.tsx';
import { useStepAdvance } from '../use-step-advance.ts';

/** Step 2: loads saved entries, then the two lists. */
export function EducationStep({ onBack, onSaved }: { onBack: () => void; onSaved: () => void }) {
  const saved = useEducationWork();
  if (saved.isPending) return <SectionSkeleton />;
  if (saved.isError) return <LoadError what="education and experience" onRetry={() => saved.refetch()} />;
  return <EducationLists saved={saved.data} onBack={onBack} onSaved={onSaved} />;
}

/** spec: auth-onboarding §2 Education screen, §4 Onboarding stage and Wizard details, §5, §8 */
function EducationLists({ saved, onBack, onSaved }: { saved: EducationWork; onBack: () => void; onSaved: () => void }) {
  // An empty education list opens its form at once: there is nothing else to do first.
  const educationList = useEditableList<EducationItem>(saved.educationDetails);
  const workList = useEditableList<WorkItem>(saved.workExperience, { openWhenEmpty: false });
  const education = educationList.items;
  const work = workList.items;
  const [missing, setMissing] = useState(false);
  const save = useSaveEducationWork();
  const { advancing, advance } = useStepAdvance(onSaved);
  useReportProgress('education', educationCompletion(education.length, work.length));
  // Entries added, changed or removed, or an open entry form holding changes, are unsaved until Continue.
  useUnsavedChanges(!save.isSuccess && (educationList.touched || workList.touched || educationList.formDirty || workList.formDirty));

  async function submit() {
    if (education.length === 0) {
      setMissing(true);
      notify.error(M.educationMissing);
      return;
    }
    try {
      const res = await save.mutateAsync({
        educationDetails: education.map(({ freelancerEducationId, degree, college, yearOfPassed }) => ({
          freelancerEducationId,
          degree,
          college,
          yearOfPassed,
        })),
        workExp: work.map(({ freelancerWorkExpId, title, company, startDate, endDate, currentlyWorking }) => ({
          freelancerWorkExpId,
          title,
          company,
          startDate,
          endDate,
          currentlyWorking,
        })),
      });
      notify.success('Education and experience updated');
      sessionStore.setStage(res.onBoardingStage);
      advance();
    } catch (err) {
      const shown = wizardSaveError(err);
      notify.error(shown.title, shown.message);
    }
  }

  const busy = save.isPending || advancing;
  return (
    <div className="space-y-10">
      <fieldset disabled={busy} className="min-w-0 space-y-10">
        <EditableEntryList
          {...EDUCATION_LIST}
          list={educationList}
          title="Education"
          description="At least one degree or diploma."
          onAdded={() => setMissing(false)}
        >
          <FieldError id="education-missing">{missing && education.length === 0 ? M.educationMissing : undefined}</FieldError>
        </EditableEntryList>

        <EditableEntryList
          {...WORK_LIST}
          list={workList}
          title="Work experience"
          description="Roles you have held, most recent first. Optional, but it helps you get matched."
          alwaysCancel
        />
      </fieldset>

      <div className="flex flex-col-reverse gap-3 border-t border-line pt-6 sm:flex-row sm:items-center sm:justify-between">
        <Button variant="secondary" onClick={() => confirmLeave(onBack)} disabled={busy} className="w-full sm:w-auto">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Back
        </Button>
        <Button onClick={submit} pending={busy} className="w-full sm:w-auto sm:min-w-40">
          Continue
          {!busy && <ArrowRight className="h-4 w-4" aria-hidden="true" />}
        </Button>
      </div>
    </div>
  );
}
