import { zodResolver } from '@hookform/resolvers/zod';
import type { ResponseOf } from '@talentloop/contract';
import { getWorkPreference, saveWorkPreference } from '@talentloop/contract/api/onboarding';
import { type WorkPreferenceForm, WorkPreferenceFormSchema, toWorkPreference } from '@talentloop/contract/validation/wizard-form';
import { useForm } from 'react-hook-form';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.ts';
import { SaveBar, StaleNotice } from '../../../ui/profile-form/editor-section.tsx';
import { WorkPreferenceFields, workPreferenceValues } from '../../../ui/profile-form/work-preference-fields.tsx';
import { PROFILE_SECTION_TEXT as SECTION_TEXT } from '@talentloop/contract/validation/profile-editor-messages';
import { LoadedSection } from './section-body.tsx';
import { answerAsLoad, useEditorSave } from './use-editor-save.ts';

type Load = ResponseOf<typeof getWorkPreference>;
const T = SECTION_TEXT.preferences;

/** Work preferences. spec: profile-company §3, §4 Work preferences (reset to the saved values), §5, §8 */
export function PreferencesSection() {
  return (
    <LoadedSection
      name="preferences"
      endpoint={getWorkPreference}
      title="Work Preferences"
      description="How much you want to work, and for how long."
      loadFailed={T.loadFailed}
      rows={1}
    >
      {(load, reload) => <PreferencesForm load={load} {...reload} />}
    </LoadedSection>
  );
}

function PreferencesForm({ load, onReload, reloading }: { load: Load; onReload: () => void; reloading: boolean }) {
  const form = useForm<WorkPreferenceForm>({
    resolver: zodResolver(WorkPreferenceFormSchema),
    defaultValues: workPreferenceValues(load.workPreferences),
  });
  const { errors, isDirty } = form.formState;
  const { save, saving, stale } = useEditorSave('preferences', saveWorkPreference, answerAsLoad, T);
  useUnsavedChanges(isDirty && !saving);

  // After a save the section is reloaded from the answer, so the form shows the saved values.
  const submit = form.handleSubmit(async (values) => {
    await save({ ...toWorkPreference(values), version: load.version });
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      {stale && <StaleNotice onReload={onReload} reloading={reloading} />}
      <fieldset disabled={saving} className="min-w-0 space-y-6">
        <WorkPreferenceFields control={form.control} errors={errors} idPrefix="prefs" />
        <SaveBar dirty={isDirty} saving={saving} />
      </fieldset>
    </form>
  );
}
