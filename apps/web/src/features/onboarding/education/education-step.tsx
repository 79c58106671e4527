import { PROFILE_MESSAGES as M } from '@talentloop/contract/validation/profile';
import { educationCompletion } from '@talentloop/contract/rules/completion';
import { ArrowLeft, ArrowRight, BriefcaseBusiness, GraduationCap } from 'lucide-react';
import { useCallback, useState } from 'react';
import { sessionStore } from '../../../lib/session-store.ts';
import { confirmLeave, useUnsavedChanges } from '../../../lib/unsaved-changes.ts';
import { Button } from '../../../ui/button.tsx';
import { FieldError } from '../../../ui/form-field.tsx';
import { notify } from '../../../ui/toast.ts';
import { type EducationItem, EducationForm, type WorkItem, WorkForm } from '../../freelancer-profile/entry-forms.tsx';
import { EmptyList, EntryRow, ListSection } from '../../freelancer-profile/entry-list.tsx';
import { formatMonth } from '../../freelancer-profile/month-year-input.tsx';
import { type EducationWork, useEducationWork } from '../api/get-education-work.ts';
import { useSaveEducationWork } from '../api/save-education-work.ts';
import { useReportProgress } from '../progress.tsx';
import { wizardSaveError } from '../save-errors.ts';
import { LoadError } from '../../../ui/section-boundary.tsx';
import { SectionSkeleton } from '../../freelancer-profile/editor-section.tsx';
import { useStepAdvance } from '../use-step-advance.ts';

/** Step 2: loads saved entries, then the two lists. */
export function EducationStep({ onBack, onSaved }: { onBack: () => void; onSaved: () => void }) {
  const saved = useEducationWork();
  if (saved.isPending) return <SectionSkeleton />;
  if (saved.isError) return <LoadError what="education and experience" onRetry={() => saved.refetch()} />;
  return <EducationLists saved={saved.data} onBack={onBack} onSaved={onSaved} />;
}

type Editing = number | 'new' | null;

/** spec: auth-onboarding §2 Education screen, §4 Onboarding stage and Wizard details, §5, §8 */
function EducationLists({ saved, onBack, onSaved }: { saved: EducationWork; onBack: () => void; onSaved: () => void }) {
  const [education, setEducation] = useState<EducationItem[]>(saved.educationDetails);
  const [work, setWork] = useState<WorkItem[]>(saved.workExperience);
  // An empty list opens its form at once: there is nothing else to do first.
  const [editingEducation, setEditingEducation] = useState<Editing>(saved.educationDetails.length === 0 ? 'new' : null);
  const [editingWork, setEditingWork] = useState<Editing>(null);
  const [missing, setMissing] = useState(false);
  const save = useSaveEducationWork();
  const { advancing, advance } = useStepAdvance(onSaved);
  useReportProgress('education', educationCompletion(education.length, work.length));
  // Entries added, changed or removed, or an open entry form holding changes, are unsaved until Continue.
  const [formsDirty, setFormsDirty] = useState({ education: false, work: false });
  const educationDirty = useCallback((d: boolean) => setFormsDirty((f) => (f.education === d ? f : { ...f, education: d })), []);
  const workDirty = useCallback((d: boolean) => setFormsDirty((f) => (f.work === d ? f : { ...f, work: d })), []);
  const [listsChanged, setListsChanged] = useState(false);
  useUnsavedChanges(!save.isSuccess && (listsChanged || formsDirty.education || formsDirty.work));
  const changeEducation: typeof setEducation = (next) => {
    setListsChanged(true);
    setEducation(next);
  };
  const changeWork: typeof setWork = (next) => {
    setListsChanged(true);
    setWork(next);
  };

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
        <ListSection
          icon={<GraduationCap className="h-5 w-5" aria-hidden="true" />}
          title="Education"
          description="At least one degree or diploma."
          addLabel="Add new education"
          onAdd={editingEducation === null ? () => setEditingEducation('new') : undefined}
        >
          {education.length === 0 && editingEducation === null && <EmptyList>No education added yet.</EmptyList>}
          <ul aria-label="Education entries" className="space-y-3 empty:hidden">
            {education.map((e, i) =>
              editingEducation === i ? (
                <li key={e.freelancerEducationId ?? `edu-${i}`}>
                  <EducationForm
                    initial={e}
                    onDirtyChange={educationDirty}
                    onSave={(item) => {
                      changeEducation((list) => list.map((x, k) => (k === i ? item : x)));
                      setEditingEducation(null);
                    }}
                    onCancel={() => setEditingEducation(null)}
                  />
                </li>
              ) : (
                <EntryRow
                  key={e.freelancerEducationId ?? `edu-${i}`}
                  title={e.degree}
                  detail={`${e.college} · ${e.yearOfPassed}`}
                  onEdit={editingEducation === null ? () => setEditingEducation(i) : undefined}
                  onDelete={() => {
                    changeEducation((list) => list.filter((_, k) => k !== i));
                    setEditingEducation((ed) => (typeof ed === 'number' && ed > i ? ed - 1 : ed));
                  }}
                />
              ),
            )}
          </ul>
          {editingEducation === 'new' && (
            <EducationForm
              onDirtyChange={educationDirty}
              onSave={(item) => {
                changeEducation((list) => [...list, item]);
                setEditingEducation(null);
                setMissing(false);
              }}
              onCancel={education.length > 0 ? () => setEditingEducation(null) : undefined}
            />
          )}
          <FieldError id="education-missing">{missing && education.length === 0 ? M.educationMissing : undefined}</FieldError>
        </ListSection>

        <ListSection
          icon={<BriefcaseBusiness className="h-5 w-5" aria-hidden="true" />}
          title="Work experience"
          description="Roles you have held, most recent first. Optional, but it helps you get matched."
          addLabel="Add new experience"
          onAdd={editingWork === null ? () => setEditingWork('new') : undefined}
        >
          {work.length === 0 && editingWork === null && <EmptyList>No work experience added yet.</EmptyList>}
          <ul aria-label="Work experience entries" className="space-y-3 empty:hidden">
            {work.map((w, i) =>
              editingWork === i ? (
                <li key={w.freelancerWorkExpId ?? `work-${i}`}>
                  <WorkForm
                    initial={w}
                    onDirtyChange={workDirty}
                    onSave={(item) => {
                      changeWork((list) => list.map((x, k) => (k === i ? item : x)));
                      setEditingWork(null);
                    }}
                    onCancel={() => setEditingWork(null)}
                  />
                </li>
              ) : (
                <EntryRow
                  key={w.freelancerWorkExpId ?? `work-${i}`}
                  title={w.title}
                  detail={`${w.company} · ${formatMonth(w.startDate)} – ${w.endDate ? formatMonth(w.endDate) : 'Present'}`}
                  onEdit={editingWork === null ? () => setEditingWork(i) : undefined}
                  onDelete={() => {
                    changeWork((list) => list.filter((_, k) => k !== i));
                    setEditingWork((ed) => (typeof ed === 'number' && ed > i ? ed - 1 : ed));
                  }}
                />
              ),
            )}
          </ul>
          {editingWork === 'new' && (
            <WorkForm
              onDirtyChange={workDirty}
              onSave={(item) => {
                changeWork((list) => [...list, item]);
                setEditingWork(null);
              }}
              onCancel={() => setEditingWork(null)}
            />
          )}
        </ListSection>
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
