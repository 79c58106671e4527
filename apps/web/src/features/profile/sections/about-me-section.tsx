import { zodResolver } from '@hookform/resolvers/zod';
import type { ResponseOf } from '@talentloop/contract';
import { getProfileDetails, saveProfileDetails } from '@talentloop/contract/api/profile-editor';
import { type AboutMeForm, type AboutMeFormInput, AboutMeFormSchema, toAboutMeBody } from '@talentloop/contract/validation/profile-editor';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { sessionStore } from '../../../lib/session-store.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.ts';
import { TextField } from '../../../ui/field.tsx';
import { BioField } from '../../freelancer-profile/about-fields.tsx';
import { SaveBar, StaleNotice } from '../../freelancer-profile/editor-section.tsx';
import { FormSection } from '../../freelancer-profile/form-section.tsx';
import { LanguagesEditor, type LanguageValue } from '../../freelancer-profile/languages-editor.tsx';
import { ProfessionalFields } from '../../freelancer-profile/professional-fields.tsx';
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
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    description: p.description,
    countryCode: p.countryCode ?? '',
    occupation: p.occupation ?? '',
    experienceLevel: p.experienceLevel ?? '',
    hourlyRate: p.maxHourlyRate ? String(p.maxHourlyRate) : '',
    phone: { dialingCode: p.dialingCode ?? '', mobileNo: p.mobileNo ?? '' },
    languages: p.languages.map((l) => ({
      languageCode: l.languageCode.toLowerCase(),
      proficiency: l.proficiency as LanguageValue['proficiency'],
    })),
    videoTitle: p.videoTitle ?? '',
    videoUrl: p.videoUrl ?? '',
  };
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
          <div className="grid gap-5 md:grid-cols-2">
            <TextField
              id="about-first-name"
              label="First name"
              autoComplete="given-name"
              error={errors.firstName?.message}
              {...form.register('firstName')}
            />
            <TextField
              id="about-last-name"
              label="Last name"
              autoComplete="family-name"
              error={errors.lastName?.message}
              {...form.register('lastName')}
            />
          </div>
          <Controller
            control={form.control}
            name="description"
            render={({ field }) => (
              <BioField
                id="about-bio"
                label="Bio"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                fieldRef={field.ref}
                error={errors.description?.message}
              />
            )}
          />
        </FormSection>

        <FormSection title="Professional details">
          <ProfessionalFields form={form} idPrefix="about" />
        </FormSection>

        <FormSection title="Languages" description="Which languages can you work in?">
          <Controller
            control={form.control}
            name="languages"
            render={({ field }) => (
              <LanguagesEditor
                value={(field.value ?? []) as LanguageValue[]}
                onChange={field.onChange}
                error={errors.languages?.message ?? errors.languages?.root?.message}
                triggerRef={field.ref}
              />
            )}
          />
        </FormSection>

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
