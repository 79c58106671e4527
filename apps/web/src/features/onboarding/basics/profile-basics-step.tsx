import { zodResolver } from '@hookform/resolvers/zod';
import { BIO_MAX } from '@talentloop/contract';
import { DEFAULT_OCCUPATIONS, formatHourlyRange } from '@talentloop/contract/lists/profile';
import { PROFILE_MESSAGES as M } from '@talentloop/contract/validation/profile';
import { type ProfileBasicsForm, type ProfileBasicsFormInput, ProfileBasicsFormSchema } from '@talentloop/contract/validation/wizard-form';
import { basicsCompletion } from '@talentloop/contract/rules/completion';
import { ArrowRight, Lightbulb, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { type Control, Controller, type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { sessionStore } from '../../../lib/session-store.ts';
import { Button } from '../../../ui/button.tsx';
import { cn } from '../../../ui/cn.ts';
import { TextField, inputClass } from '../../../ui/field.tsx';
import { notify } from '../../../ui/toast.ts';
import { type OnboardingProfile, useOnboardingProfile } from '../api/get-onboarding-profile.ts';
import { useSuggestedRate } from '../api/get-hourly-rate.ts';
import { useSaveOnboardingProfile } from '../api/save-onboarding-profile.ts';
import { FieldError, FieldLabel, FormSection, describedBy } from '../controls/form-bits.tsx';
import { SearchCombobox } from '../controls/search-combobox.tsx';
import { SelectInput } from '../controls/select-input.tsx';
import { useReportProgress } from '../progress.tsx';
import { focusAndReveal } from '../scroll.ts';
import { wizardSaveError } from '../save-errors.ts';
import { LoadError } from '../section-boundary.tsx';
import { StepSkeleton } from '../step-skeleton.tsx';
import { useStepAdvance } from '../use-step-advance.ts';
import { COUNTRY_OPTIONS, DIAL_OPTIONS, dialCodeOf, dialCountry } from './country-options.ts';
import { ExperienceLevelRadio } from './experience-level-radio.tsx';
import { LanguagesEditor, type LanguageValue } from './languages-editor.tsx';
import { PhotoPicker } from './photo-picker.tsx';
import { SkillsEditor, type SkillValue } from './skills-editor.tsx';

/** Step 1: loads the saved profile, then shows the form filled with it. */
export function ProfileBasicsStep({ onSaved }: { onSaved: () => void }) {
  const profile = useOnboardingProfile();
  if (profile.isPending) return <StepSkeleton />;
  if (profile.isError) return <LoadError what="profile" onRetry={() => profile.refetch()} />;
  return <BasicsForm profile={profile.data} onSaved={onSaved} />;
}

function toFormValues(p: OnboardingProfile): ProfileBasicsFormInput {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    description: p.description,
    countryCode: p.countryCode ?? '',
    occupation: p.occupation ?? '',
    experienceLevel: p.experienceLevel ?? '',
    hourlyRate: p.maxHourlyRate ? String(p.maxHourlyRate) : '',
    phone: { dialingCode: p.dialingCode ?? '', mobileNo: p.mobileNo ?? '' },
    skills: p.skills.map((s) => ({ skillName: s.skillName, experienceLevel: s.experienceLevel })),
    languages: p.languages.map((l) => ({
      languageCode: l.languageCode.toLowerCase(),
      proficiency: l.proficiency as LanguageValue['proficiency'],
    })),
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
  ['phone.dialingCode', 'basics-dial-code'],
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

/** spec: auth-onboarding §4 Wizard details (suggestion refetched when occupation and level are both set) */
function SuggestedRate({ control }: { control: Control<ProfileBasicsFormInput, unknown, ProfileBasicsForm> }) {
  const [occupation, experienceLevel] = useWatch({ control, name: ['occupation', 'experienceLevel'] });
  const rate = useSuggestedRate(occupation ?? '', experienceLevel ?? '');
  return (
    <p id="basics-rate-hint" className="flex items-center gap-1.5 text-xs font-medium text-brand-700" aria-live="polite">
      {rate.isFetching ? (
        <LoaderCircle className="h-3.5 w-3.5 shrink-0 animate-spin" aria-hidden="true" />
      ) : (
        <Lightbulb className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
      )}
      Suggested range: {formatHourlyRange(rate.range)}
    </p>
  );
}

/** spec: auth-onboarding §2 Profile Basics screen, §4 Onboarding stage, §5 Wizard: profile basics, §8 */
function BasicsForm({ profile, onSaved }: { profile: OnboardingProfile; onSaved: () => void }) {
  const form = useForm<ProfileBasicsFormInput, unknown, ProfileBasicsForm>({
    resolver: zodResolver(ProfileBasicsFormSchema),
    defaultValues: toFormValues(profile),
    shouldFocusError: false,
  });
  const { errors, isSubmitting } = form.formState;
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoMissing, setPhotoMissing] = useState(false);
  const [quoteBlocked, setQuoteBlocked] = useState(false);
  // Which country the dialing code was picked from (several share +1).
  const [dialCountryCode, setDialCountryCode] = useState(() => dialCountry(profile.dialingCode ?? '', profile.countryCode ?? ''));
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
  const bioError = errors.description?.message ?? (quoteBlocked ? M.bioQuotes : undefined);

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
          <div className="grid gap-5 md:grid-cols-2">
            <TextField
              id="basics-first-name"
              label="First name"
              autoComplete="given-name"
              error={errors.firstName?.message}
              {...form.register('firstName')}
            />
            <TextField
              id="basics-last-name"
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
              <div className="space-y-1.5">
                <FieldLabel htmlFor="basics-bio">Short bio</FieldLabel>
                <textarea
                  id="basics-bio"
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(e) => {
                    // Double quotes are refused as they are typed or pasted. spec: §5
                    const text = e.target.value;
                    setQuoteBlocked(text.includes('"'));
                    field.onChange(text.replaceAll('"', ''));
                  }}
                  rows={4}
                  maxLength={BIO_MAX}
                  placeholder="e.g. Product designer with 5 years of experience building SaaS dashboards."
                  aria-invalid={bioError ? true : undefined}
                  aria-describedby={cn(bioError && 'basics-bio-error', 'basics-bio-count')}
                  className={cn(inputClass(Boolean(bioError)), 'min-h-28 resize-y py-3 leading-relaxed')}
                />
                <div className="flex items-start justify-between gap-4">
                  <FieldError id="basics-bio-error">{bioError}</FieldError>
                  <p id="basics-bio-count" className="ml-auto shrink-0 text-xs tabular-nums text-muted">
                    {field.value.length}/{BIO_MAX}
                  </p>
                </div>
              </div>
            )}
          />
        </FormSection>

        <FormSection title="Professional details" description="What you do, where you are and what you charge.">
          <div className="grid gap-5 md:grid-cols-2">
            <Controller
              control={form.control}
              name="countryCode"
              render={({ field }) => (
                <div className="space-y-1.5">
                  <FieldLabel htmlFor="basics-country">Country</FieldLabel>
                  <SelectInput
                    id="basics-country"
                    triggerRef={field.ref}
                    value={field.value}
                    onChange={(code) => {
                      field.onChange(code);
                      // A first country also proposes its dialing code.
                      if (!form.getValues('phone.dialingCode')) {
                        setDialCountryCode(code);
                        form.setValue('phone.dialingCode', dialCodeOf(code), { shouldValidate: form.formState.isSubmitted });
                      }
                    }}
                    options={COUNTRY_OPTIONS}
                    placeholder="Select your country"
                    invalid={Boolean(errors.countryCode)}
                    describedBy={describedBy('basics-country', errors.countryCode?.message)}
                  />
                  <FieldError id="basics-country-error">{errors.countryCode?.message}</FieldError>
                </div>
              )}
            />
            <Controller
              control={form.control}
              name="occupation"
              render={({ field }) => (
                <div className="space-y-1.5">
                  <FieldLabel htmlFor="basics-occupation">Occupation</FieldLabel>
                  <SearchCombobox
                    id="basics-occupation"
                    kind="occupation"
                    inputRef={field.ref}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    suggestions={DEFAULT_OCCUPATIONS}
                    placeholder="e.g. Web Developer"
                    invalid={Boolean(errors.occupation)}
                    describedBy={describedBy('basics-occupation', errors.occupation?.message)}
                  />
                  <FieldError id="basics-occupation-error">{errors.occupation?.message}</FieldError>
                </div>
              )}
            />
          </div>

          <Controller
            control={form.control}
            name="experienceLevel"
            render={({ field }) => (
              <div className="space-y-1.5">
                <FieldLabel id="basics-level-label">Experience level</FieldLabel>
                <ExperienceLevelRadio
                  id="basics-level"
                  rootRef={field.ref}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  labelledBy="basics-level-label"
                  invalid={Boolean(errors.experienceLevel)}
                  describedBy={describedBy('basics-level', errors.experienceLevel?.message)}
                />
                <FieldError id="basics-level-error">{errors.experienceLevel?.message}</FieldError>
              </div>
            )}
          />

          <div className="grid gap-5 md:grid-cols-2">
            <div className="space-y-1.5">
              <FieldLabel htmlFor="basics-rate">Hourly rate (USD)</FieldLabel>
              <div className="relative">
                <span className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-sm text-muted" aria-hidden="true">
                  $
                </span>
                <input
                  id="basics-rate"
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="25"
                  aria-invalid={errors.hourlyRate ? true : undefined}
                  aria-describedby={cn(errors.hourlyRate && 'basics-rate-error', 'basics-rate-hint')}
                  className={cn(inputClass(Boolean(errors.hourlyRate)), 'pr-12 pl-7')}
                  {...form.register('hourlyRate')}
                />
                <span className="pointer-events-none absolute top-1/2 right-3.5 -translate-y-1/2 text-sm text-muted" aria-hidden="true">
                  /hr
                </span>
              </div>
              <FieldError id="basics-rate-error">{errors.hourlyRate?.message}</FieldError>
              <SuggestedRate control={form.control} />
            </div>

            <div className="space-y-1.5">
              <FieldLabel htmlFor="basics-phone">Phone number</FieldLabel>
              <div className="flex gap-2">
                <Controller
                  control={form.control}
                  name="phone.dialingCode"
                  render={({ field }) => (
                    <SelectInput
                      id="basics-dial-code"
                      triggerRef={field.ref}
                      value={dialCountryCode}
                      onChange={(code) => {
                        setDialCountryCode(code);
                        field.onChange(dialCodeOf(code));
                      }}
                      options={DIAL_OPTIONS}
                      placeholder="Code"
                      className="w-28 shrink-0"
                      invalid={Boolean(errors.phone?.dialingCode)}
                      describedBy={describedBy('basics-dial-code', errors.phone?.dialingCode?.message)}
                    />
                  )}
                />
                <label htmlFor="basics-dial-code" className="sr-only">
                  Dialing code
                </label>
                <input
                  id="basics-phone"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel-national"
                  placeholder="98765 43210"
                  aria-invalid={errors.phone?.mobileNo ? true : undefined}
                  aria-describedby={describedBy('basics-phone', errors.phone?.mobileNo?.message)}
                  className={cn(inputClass(Boolean(errors.phone?.mobileNo)), 'min-w-0 flex-1')}
                  {...form.register('phone.mobileNo')}
                />
              </div>
              <FieldError id="basics-dial-code-error">{errors.phone?.dialingCode?.message}</FieldError>
              <FieldError id="basics-phone-error">{errors.phone?.mobileNo?.message}</FieldError>
            </div>
          </div>
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
