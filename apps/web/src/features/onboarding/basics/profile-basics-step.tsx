import { PROFILE_MESSAGES as M } from '@talentloop/contract/validation/profile';
import type { ProfileBasicsForm, ProfileBasicsFormInput } from '@talentloop/contract/validation/wizard-form';
import { basicsCompletion } from '@talentloop/contract/rules/completion';
import { ArrowRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type Control, Controller, type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { sessionStore } from '../../../lib/session-store.ts';
import { Button } from '../../../ui/button.tsx';
import { notify } from '../../../ui/toast.ts';
import { type OnboardingProfile, useOnboardingProfile } from '../api/get-onboarding-profile.ts';
import { useSaveOnboardingProfile } from '../api/save-onboarding-profile.ts';
import { LanguagesSection, NameAndBioFields, aboutFormValues } from '../../../ui/profile-form/about-fields.tsx';
import { FormSection } from '../../../ui/profile-form/form-section.tsx';
import { ProfessionalFields } from '../../../ui/profile-form/professional-fields.tsx';
import { SkillsEditor, type SkillValue } from '../../../ui/profile-form/skills-editor.tsx';
import { useReportProgress } from '../progress.tsx';
import { focusAndReveal } from '../scroll.ts';
import { wizardSaveError } from '../save-errors.ts';
import { LoadError } from '../../../ui/section-boundary.tsx';
import { SectionSkeleton } from '../../../ui/profile-form/editor-section.tsx';
import { useStepAdvance } from '../use-step-advance.ts';
import { PhotoPicker } from './photo-picker.tsx';

// The form's schema (zod and the phone metadata) loads after the first paint (issue 19, decision 54).
const basicsResolver = lazyZodResolver(() => import('@talentloop/contract/validation/wizard-form').then((m) => m.ProfileBasicsFormSchema));

/** Step 1: loads the saved profile, then shows the form filled with it. */
export function ProfileBasicsStep({ onSaved }: { onSaved: () => void }) {
  useEffect(() => basicsResolver.preload(), []);
  const profile = useOnboardingProfile();
  if (profile.isPending) return <SectionSkeleton />;
  if (profile.isError) return <LoadError what="profile" onRetry={() => profile.refetch()} />;
  return <BasicsForm profile={profile.data} onSaved={onSaved} />;
}

function toFormValues(p: OnboardingProfile): ProfileBasicsFormInput {
  return {
    ...aboutFormValues(p),
    skills: p.skills.map((s) => ({ skillName: s.skillName, experienceLevel: s.experienceLevel })),
  };
}

// Where focus goes after a failed Continue: the first problem in the order of the page.
const FOCUS_ORDER: ReadonlyArray<readonly [string, string]> = [
  ['firstName', 'basics-first-name'],
  ['lastName', 'basics-last-name'],
  ['description', 'basics-bio'],
  ['countryCode', 'basics-country'],
  ['occupation', 'basics-occupation'],
  ['experienceLevel', 'basics-level'],
  ['hourlyRate', 'basics-rate'],
  ['phone.dialingCode', 'basics-phone-dial'],
  ['phone.mobileNo', 'basics-phone'],
  ['skills', 'skill-name'],
  ['languages', 'language-code'],
];
function focusFirstProblem(errors: FieldErrors<ProfileBasicsFormInput>, photoMissing: boolean) {
  const hasError = (path: string) =>
    path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors);
  const id = photoMissing ? 'basics-photo' : FOCUS_ORDER.find(([path]) => hasError(path))?.[1];
  if (!id) return;
  const element = document.getElementById(id);
  // A radio group takes focus on its (first or checked) radio.
  focusAndReveal(element?.querySelector<HTMLElement>('[role="radio"][data-state="checked"], [role="radio"]') ?? element);
}

// The parts that follow what is typed watch only their own fields, so a keystroke does not
// re-render the whole form (with its long country lists).

function BasicsProgress({
  control,
  hasPhoto,
}: {
  control: Control<ProfileBasicsFormInput, unknown, ProfileBasicsForm>;
  hasPhoto: boolean;
}) {
  const values = useWatch({ control }) as ProfileBasicsFormInput;
  useReportProgress('basics', basicsCompletion({ ...values, hasPhoto }));
  return null;
}

/** spec: auth-onboarding §2 Profile Basics screen, §4 Onboarding stage, §5 Wizard: profile basics, §8 */
function BasicsForm({ profile, onSaved }: { profile: OnboardingProfile; onSaved: () => void }) {
  const form = useForm<ProfileBasicsFormInput, unknown, ProfileBasicsForm>({
    resolver: basicsResolver,
    defaultValues: toFormValues(profile),
    shouldFocusError: false,
  });
  const { errors, isSubmitting } = form.formState;
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoMissing, setPhotoMissing] = useState(false);
  const save = useSaveOnboardingProfile();
  const { advancing, advance } = useStepAdvance(onSaved);

  const hasPhoto = Boolean(photo || profile.profilePhotoUrl);

  function onInvalid(found: FieldErrors<ProfileBasicsFormInput>) {
    focusFirstProblem(found, !hasPhoto);
    // The spec's toasts for what has no field of its own. spec: §5 (photo, skills, languages)
    if (!hasPhoto) {
      setPhotoMissing(true);
      notify.error(M.photoRequiredTitle, M.photoRequired);
    } else if (found.skills) notify.error(M.skillsMissingTitle, found.skills.message ?? M.skillsMissing);
    else if (found.languages) notify.error(M.languagesMissingTitle, found.languages.message ?? M.languagesMissing);
  }

  const submit = form.handleSubmit(async (data) => {
    if (!hasPhoto) return onInvalid({});
    try {
      const res = await save.mutateAsync({ values: data, photo });
      notify.success('Profile Updated');
      // The server owns the stage and never moves it back. spec: §4 Onboarding stage
      sessionStore.setStage(res.onBoardingStage);
      sessionStore.updateUser({
        firstName: res.freelancerProfileResponse.firstName,
        lastName: res.freelancerProfileResponse.lastName,
        profilePhotoUrl: res.freelancerProfileResponse.profilePhotoUrl,
      });
      advance();
    } catch (err) {
      const shown = wizardSaveError(err);
      notify.error(shown.title, shown.message);
    }
  }, onInvalid);

  const busy = isSubmitting || advancing;

  return (
    <form onSubmit={submit} noValidate>
      <BasicsProgress control={form.control} hasPhoto={hasPhoto} />
      <fieldset disabled={busy} className="min-w-0 space-y-10">
        <FormSection title="About you" description="A friendly photo and a short introduction help clients get to know you.">
          <PhotoPicker
            file={photo}
            savedUrl={profile.profilePhotoUrl}
            missing={photoMissing && !hasPhoto}
            onChange={(file) => {
              setPhoto(file);
              setPhotoMissing(false);
            }}
          />
          <NameAndBioFields form={form} idPrefix="basics" />
        </FormSection>

        <FormSection title="Professional details" description="What you do, where you are and what you charge.">
          <ProfessionalFields form={form} idPrefix="basics" />
        </FormSection>

        <FormSection title="Skills" description="Add the skills you want to be hired for, with your years of experience in each.">
          <Controller
            control={form.control}
            name="skills"
            render={({ field }) => (
              <SkillsEditor
                value={(field.value ?? []) as SkillValue[]}
                onChange={field.onChange}
                error={errors.skills?.message ?? errors.skills?.root?.message}
                inputRef={field.ref}
              />
            )}
          />
        </FormSection>

        <LanguagesSection form={form} />

        <div className="flex flex-col-reverse gap-3 border-t border-line pt-6 sm:flex-row sm:items-center sm:justify-end">
          <Button type="submit" pending={busy} className="w-full sm:w-auto sm:min-w-40">
            Continue
            {!busy && <ArrowRight className="h-4 w-4" aria-hidden="true" />}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
