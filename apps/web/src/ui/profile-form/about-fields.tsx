import { BIO_MAX } from '@talentloop/contract';
import { formatHourlyRange } from '@talentloop/contract/lists/profile';
import { PROFILE_MESSAGES as M } from '@talentloop/contract/validation/profile';
import { Lightbulb, LoaderCircle } from 'lucide-react';
import { type Ref, useState } from 'react';
import { Controller, type UseFormRegisterReturn, type UseFormReturn } from 'react-hook-form';
import { cn } from '../cn.ts';
import { CountedTextarea } from '../counted-textarea.tsx';
import { TextField, inputClass } from '../field.tsx';
import { FormField } from '../form-field.tsx';
import { useSuggestedRate } from './api/hourly-rate.ts';
import { FormSection } from './form-section.tsx';
import { LanguagesEditor, type LanguageValue } from './languages-editor.tsx';
import type { ProfessionalValues } from './professional-fields.tsx';

// Fields of the profile's 'about' part shared by the wizard's Profile Basics and the editor's About Me.

/** The 'about' values both forms hold under the same names, besides their own (skills, video). */
export type AboutValues = ProfessionalValues & {
  firstName: string;
  lastName: string;
  description: string;
  languages: { languageCode: string; proficiency: string }[];
};

/** A saved profile as both the wizard and the editor read it. */
type SavedAbout = {
  firstName: string;
  lastName: string;
  description: string;
  countryCode: string | null;
  occupation: string | null;
  experienceLevel: string | null;
  maxHourlyRate: number | null;
  dialingCode: string | null;
  mobileNo: string | null;
  languages: readonly { languageCode: string; proficiency: string }[];
};

/** The form's values for a saved profile: missing choices as '', language codes in lower case. */
export function aboutFormValues(p: SavedAbout): AboutValues {
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
  };
}

// Both forms have these fields under the same names; one view of the form types them once.
const asAbout = <T extends AboutValues>(form: UseFormReturn<T>) => form as unknown as UseFormReturn<AboutValues>;

/** First and last name, then the bio. Ids are `${idPrefix}-first-name`, `-last-name`, `-bio`. */
export function NameAndBioFields<T extends AboutValues>({
  form: typed,
  idPrefix,
  bioLabel,
}: {
  form: UseFormReturn<T>;
  idPrefix: string;
  bioLabel?: string;
}) {
  const form = asAbout(typed);
  const { errors } = form.formState;
  return (
    <>
      <div className="grid gap-5 md:grid-cols-2">
        <TextField
          id={`${idPrefix}-first-name`}
          label="First name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextField
          id={`${idPrefix}-last-name`}
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
            id={`${idPrefix}-bio`}
            label={bioLabel}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            fieldRef={field.ref}
            error={errors.description?.message}
          />
        )}
      />
    </>
  );
}

/** The languages the freelancer works in, as a section of the form. spec: auth-onboarding §5, profile-company §5 About Me */
export function LanguagesSection<T extends AboutValues>({ form: typed }: { form: UseFormReturn<T> }) {
  const form = asAbout(typed);
  const { errors } = form.formState;
  return (
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
  );
}

/**
 * The short bio: at most 255 characters with a counter; double quotes are refused as they are typed
 * or pasted, with the spec's message. spec: auth-onboarding §5, profile-company §5 About Me
 */
export function BioField({
  id,
  value,
  onChange,
  onBlur,
  fieldRef,
  error,
  label = 'Short bio',
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  fieldRef?: Ref<HTMLTextAreaElement>;
  error?: string;
  label?: string;
}) {
  const [quoteBlocked, setQuoteBlocked] = useState(false);
  const shown = error ?? (quoteBlocked ? M.bioQuotes : undefined);
  return (
    <CountedTextarea
      label={label}
      id={id}
      max={BIO_MAX}
      value={value}
      error={shown}
      ref={fieldRef}
      onBlur={onBlur}
      onChange={(e) => {
        const text = e.target.value;
        setQuoteBlocked(text.includes('"'));
        onChange(text.replaceAll('"', ''));
      }}
      placeholder="e.g. Product designer with 5 years of experience building SaaS dashboards."
      textareaClassName="min-h-28 resize-y py-3 leading-relaxed"
    />
  );
}

/**
 * The hourly rate in USD with the suggested range for the occupation and level, refetched when both
 * are set. spec: auth-onboarding §4 Wizard details, profile-company §4 About Me, §5
 */
export function HourlyRateField({
  id,
  error,
  input,
  occupation,
  experienceLevel,
}: {
  id: string;
  error?: string;
  input: UseFormRegisterReturn;
  occupation: string;
  experienceLevel: string;
}) {
  const rate = useSuggestedRate(occupation, experienceLevel);
  return (
    <FormField label="Hourly rate (USD)" id={id} error={error} describedByExtra={`${id}-suggestion`}>
      {(control) => (
        <>
          <div className="relative">
            <span className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-sm text-muted" aria-hidden="true">
              $
            </span>
            <input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              placeholder="25"
              className={cn(inputClass(Boolean(error)), 'pr-12 pl-7')}
              {...input}
            />
            <span className="pointer-events-none absolute top-1/2 right-3.5 -translate-y-1/2 text-sm text-muted" aria-hidden="true">
              /hr
            </span>
          </div>
          <p id={`${id}-suggestion`} className="flex items-center gap-1.5 text-xs font-medium text-brand-700" aria-live="polite">
            {rate.isFetching ? (
              <LoaderCircle className="h-3.5 w-3.5 shrink-0 animate-spin" aria-hidden="true" />
            ) : (
              <Lightbulb className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
            )}
            Suggested range: {formatHourlyRange(rate.range)}
          </p>
        </>
      )}
    </FormField>
  );
}
