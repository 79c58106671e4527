import { zodResolver } from '@hookform/resolvers/zod';
import type { ResponseOf } from '@talentloop/contract';
import { getProfileDetails, saveProfileDetails } from '@talentloop/contract/api/profile-editor';
import { type AboutMeForm, type AboutMeFormInput, AboutMeFormSchema, toAboutMeBody } from '@talentloop/contract/validation/profile-editor';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { sessionStore } from '../../../lib/session-store.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.ts';
import { TextField } from '../../../ui/field.tsx';
import { LanguagesSection, NameAndBioFields, aboutFormValues } from '../../../ui/profile-form/about-fields.tsx';
import { SaveBar, StaleNotice } from '../../../ui/profile-form/editor-section.tsx';
import { FormSection } from '../../../ui/profile-form/form-section.tsx';
import { ProfessionalFields } from '../../../ui/profile-form/professional-fields.tsx';
import { PROFILE_SECTION_TEXT as SECTION_TEXT } from '@talentloop/contract/validation/profile-editor-messages';
import { LoadedSection } from './section-body.tsx';
import { answerAsLoad, useEditorSave } from './use-editor-save.ts';

type Load = ResponseOf<typeof getProfileDetails>;
const T = SECTION_TEXT.about;

/** About Me. spec: profile-company §3 Freelancer profile, §4 About Me, §5 About Me, §8 */
export function AboutMeSection() {
  return (
    <LoadedSection
      name="about"
      endpoint={getProfileDetails}
      title="About Me"
      description="Who you are, what you do, what you charge and how to reach you."
      loadFailed={T.loadFailed}
      rows={5}
    >
      {(load, reload) => <AboutMeEditor load={load} {...reload} />}
    </LoadedSection>
  );
}

function toFormValues(p: Load['profileDetails']): AboutMeFormInput {
  return { ...aboutFormValues(p), videoTitle: p.videoTitle ?? '', videoUrl: p.videoUrl ?? '' };
}

function AboutMeEditor({ load, onReload, reloading }: { load: Load; onReload: () => void; reloading: boolean }) {
  const queryClient = useQueryClient();
  const p = load.profileDetails;
  const form = useForm<AboutMeFormInput, unknown, AboutMeForm>({
    resolver: zodResolver(AboutMeFormSchema),
    defaultValues: toFormValues(p),
  });
  const { errors, isDirty } = form.formState;
  const { save, saving, stale } = useEditorSave('about', saveProfileDetails, answerAsLoad, T);
  useUnsavedChanges(isDirty && !saving);

  const submit = form.handleSubmit(async (values) => {
    const res = await save({ ...toAboutMeBody(values), version: load.version });
    if (!res) return;
    // The names held in the session follow, so the top bar shows the new name. spec: §4 general
    sessionStore.updateUser({ firstName: res.profileDetails.firstName, lastName: res.profileDetails.lastName });
    void queryClient.invalidateQueries({ queryKey: ['onboarding'] });
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-8">
      {stale && <StaleNotice onReload={onReload} reloading={reloading} />}
      <fieldset disabled={saving} className="min-w-0 space-y-8">
        <FormSection title="Basic details">
          <NameAndBioFields form={form} idPrefix="about" bioLabel="Bio" />
        </FormSection>

        <FormSection title="Professional details">
          <ProfessionalFields form={form} idPrefix="about" />
        </FormSection>

        <LanguagesSection form={form} />

        <FormSection title="Introduction video" description="Optional: a YouTube video in which you introduce yourself.">
          <div className="grid gap-5 md:grid-cols-2">
            <TextField id="about-video-title" label="Video title" error={errors.videoTitle?.message} {...form.register('videoTitle')} />
            <TextField
              id="about-video-url"
              label="Video URL"
              type="url"
              inputMode="url"
              placeholder="https://www.youtube.com/watch?v=…"
              error={errors.videoUrl?.message}
              {...form.register('videoUrl')}
            />
          </div>
        </FormSection>

        <SaveBar dirty={isDirty} saving={saving} />
      </fieldset>
    </form>
  );
}
