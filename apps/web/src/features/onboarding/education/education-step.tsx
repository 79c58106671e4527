import { PROFILE_MESSAGES as M } from '@talentloop/contract/validation/profile';
import { educationCompletion } from '@talentloop/contract/rules/completion';
import { ArrowLeft, ArrowRight, BriefcaseBusiness, GraduationCap, Pencil, Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { sessionStore } from '../../../lib/session-store.ts';
import { Button } from '../../../ui/button.tsx';
import { notify } from '../../../ui/toast.ts';
import { type EducationWork, useEducationWork } from '../api/get-education-work.ts';
import { useSaveEducationWork } from '../api/save-education-work.ts';
import { FieldError } from '../controls/form-bits.tsx';
import { useReportProgress } from '../progress.tsx';
import { wizardSaveError } from '../save-errors.ts';
import { LoadError } from '../section-boundary.tsx';
import { StepSkeleton } from '../step-skeleton.tsx';
import { useStepAdvance } from '../use-step-advance.ts';
import { type EducationItem, EducationForm, type WorkItem, WorkForm } from './entry-forms.tsx';

/** Step 2: loads saved entries, then the two lists. */
export function EducationStep({ onBack, onSaved }: { onBack: () => void; onSaved: () => void }) {
  const saved = useEducationWork();
  if (saved.isPending) return <StepSkeleton />;
  if (saved.isError) return <LoadError what="education and experience" onRetry={() => saved.refetch()} />;
  return <EducationLists saved={saved.data} onBack={onBack} onSaved={onSaved} />;
}

type Editing = number | 'new' | null;

const formatMonth = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00`).toLocaleDateString('en', { month: 'short', year: 'numeric' });

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
                    onSave={(item) => {
                      setEducation((list) => list.map((x, k) => (k === i ? item : x)));
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
                    setEducation((list) => list.filter((_, k) => k !== i));
                    setEditingEducation((ed) => (typeof ed === 'number' && ed > i ? ed - 1 : ed));
                  }}
                />
              ),
            )}
          </ul>
          {editingEducation === 'new' && (
            <EducationForm
              onSave={(item) => {
                setEducation((list) => [...list, item]);
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
                    onSave={(item) => {
                      setWork((list) => list.map((x, k) => (k === i ? item : x)));
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
                    setWork((list) => list.filter((_, k) => k !== i));
                    setEditingWork((ed) => (typeof ed === 'number' && ed > i ? ed - 1 : ed));
                  }}
                />
              ),
            )}
          </ul>
          {editingWork === 'new' && (
            <WorkForm
              onSave={(item) => {
                setWork((list) => [...list, item]);
                setEditingWork(null);
              }}
              onCancel={() => setEditingWork(null)}
            />
          )}
        </ListSection>
      </fieldset>

      <div className="flex flex-col-reverse gap-3 border-t border-line pt-6 sm:flex-row sm:items-center sm:justify-between">
        <Button variant="secondary" onClick={onBack} disabled={busy} className="w-full sm:w-auto">
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

function ListSection({
  icon,
  title,
  description,
  addLabel,
  onAdd,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  addLabel: string;
  onAdd?: () => void;
  children: ReactNode;
}) {
  return (
    <section className="space-y-4">
      <div className="flex items-start justify-between gap-4">
        <div className="flex items-start gap-3">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">{icon}</span>
          <div>
            <h3 className="text-base font-semibold text-ink">{title}</h3>
            <p className="text-sm text-muted">{description}</p>
          </div>
        </div>
        {onAdd && (
          <Button variant="ghost" onClick={onAdd} className="shrink-0 px-3">
            <Plus className="h-4 w-4" aria-hidden="true" />
            <span className="hidden sm:inline">{addLabel}</span>
            <span className="sm:hidden">
              Add<span className="sr-only">{addLabel.replace(/^Add/, '')}</span>
            </span>
          </Button>
        )}
      </div>
      {children}
    </section>
  );
}

function EmptyList({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed border-line px-4 py-6 text-center text-sm text-muted">{children}</p>;
}

function EntryRow({ title, detail, onEdit, onDelete }: { title: string; detail: string; onEdit?: () => void; onDelete: () => void }) {
  return (
    <li className="flex items-center gap-3 rounded-xl border border-line bg-white p-3.5 pl-4 sm:gap-4">
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words text-ink">{title}</p>
        <p className="text-sm break-words text-muted">{detail}</p>
      </div>
      <div className="flex shrink-0 items-center gap-1">
        <button
          type="button"
          onClick={onEdit}
          disabled={!onEdit}
          aria-label={`Edit ${title}`}
          className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-muted hover:bg-surface hover:text-ink disabled:opacity-40"
        >
          <Pencil className="h-4 w-4" aria-hidden="true" />
        </button>
        <button
          type="button"
          onClick={onDelete}
          aria-label={`Delete ${title}`}
          className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-muted hover:bg-danger-soft hover:text-danger"
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </li>
  );
}
