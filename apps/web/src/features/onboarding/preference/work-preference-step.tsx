import { paths } from '@talentloop/contract';
import { preferenceCompletion } from '@talentloop/contract/rules/completion';
import type { WorkPreferenceForm } from '@talentloop/contract/validation/wizard-form';
import { toWorkPreference } from '@talentloop/contract/validation/wizard-rules';
import { ArrowLeft, PartyPopper } from 'lucide-react';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { sessionStore } from '../../../lib/session-store.ts';
import { Button } from '../../../ui/button.tsx';
import { notify } from '../../../ui/toast.ts';
import { WorkPreferenceFields, workPreferenceValues } from '../../../ui/profile-form/work-preference-fields.tsx';
import { type WorkPreferenceRead, useWorkPreference } from '../api/get-work-preference.ts';
import { useSaveWorkPreference } from '../api/save-work-preference.ts';
import { useReportProgress } from '../progress.tsx';
import { wizardSaveError } from '../save-errors.ts';
import { LoadError } from '../../../ui/section-boundary.tsx';
import { SectionSkeleton } from '../../../ui/profile-form/editor-section.tsx';

// The form's schema loads after the first paint (issue 19, decision 54).
const preferenceResolver = lazyZodResolver(() =>
  import('@talentloop/contract/validation/wizard-form').then((m) => m.WorkPreferenceFormSchema),
);

/** Step 3. */
export function WorkPreferenceStep({ onBack }: { onBack: () => void }) {
  useEffect(() => preferenceResolver.preload(), []);
  const saved = useWorkPreference();
  if (saved.isPending) return <SectionSkeleton />;
  if (saved.isError) return <LoadError what="work preference" onRetry={() => saved.refetch()} />;
  return <PreferenceForm saved={saved.data} onBack={onBack} />;
}

/** spec: auth-onboarding §2 Work Preference screen, §4 Onboarding stage, §5, §8 */
function PreferenceForm({ saved, onBack }: { saved: WorkPreferenceRead; onBack: () => void }) {
  const navigate = useNavigate();
  const save = useSaveWorkPreference();
  const form = useForm<WorkPreferenceForm>({
    resolver: preferenceResolver,
    defaultValues: workPreferenceValues(saved.workPreferences),
  });
  const { errors, isSubmitting } = form.formState;
  const [workHours, projectDuration] = useWatch({ control: form.control, name: ['workHours', 'projectDuration'] });
  useReportProgress('preference', preferenceCompletion({ workHours, projectDuration }));

  const submit = form.handleSubmit(async (values) => {
    try {
      const res = await save.mutateAsync(toWorkPreference(values));
      notify.success('Work preference updated');
      sessionStore.setStage(res.onBoardingStage);
      navigate(paths.freelancer.dashboard, { replace: true });
    } catch (err) {
      const shown = wizardSaveError(err);
      notify.error(shown.title, shown.message);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <fieldset disabled={isSubmitting} className="min-w-0 space-y-10">
        <WorkPreferenceFields control={form.control} errors={errors} idPrefix="pref" />

        <p className="flex items-start gap-3 rounded-xl bg-brand-50 px-4 py-3.5 text-sm text-brand-900">
          <PartyPopper className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
          <span>Last step. Saving completes your profile and sends it to our team for review; we will mail you when they decide.</span>
        </p>

        <div className="flex flex-col-reverse gap-3 border-t border-line pt-6 sm:flex-row sm:items-center sm:justify-between">
          <Button variant="secondary" onClick={onBack} className="w-full sm:w-auto">
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Back
          </Button>
          <Button type="submit" pending={isSubmitting} className="w-full sm:w-auto sm:min-w-40">
            Save
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
