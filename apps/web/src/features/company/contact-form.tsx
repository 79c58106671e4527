import { zodResolver } from '@hookform/resolvers/zod';
import type { ResponseOf } from '@talentloop/contract';
import type { getCompanyContact } from '@talentloop/contract/api/company';
import { DEFAULT_PHONE_CODE } from '@talentloop/contract/lists/company';
import { isValidEmail, normalizeEmail } from '@talentloop/contract/validation/auth';
import { dialCodeAfterCountryPick, dialCodeOf } from '@talentloop/contract/lists/countries';
import { CompanyContactBody, isListedPhoneCode } from '@talentloop/contract/validation/company';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { LoadError } from '../../ui/section-boundary.tsx';
import { inputClass } from '../../ui/field.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { SelectInput } from '../../ui/select-input.tsx';
import { FormActions } from '../../ui/form-actions.tsx';
import { useCompanyContact } from './api/get-company-contact.ts';
import { useSaveContact } from './api/save-company-contact.ts';
import { FormSkeleton } from './basics-form.tsx';
import { CountryField } from './country-field.tsx';
import { CodeEntry, VerifyEmailButton } from './email-verify.tsx';
import { PHONE_CODE_OPTIONS } from './options.ts';
import { saveSection } from './section-save.ts';
import { SocialsEditor } from './socials-editor.tsx';

// Contact Information (the spec's 'Contract Information', docs/decisions.md): email with Verify,
// country, address, phone with the 13-code picker, socials; Back and Continue (Continue saves).
// spec: profile-company §2, §3 Company contact, §4, §5

type Input = z.input<typeof CompanyContactBody>;
type Output = z.output<typeof CompanyContactBody>;
type Loaded = ResponseOf<typeof getCompanyContact>;

/** `onBack`: a Back button (profile setup); without it none. `submitLabel`: the save button's text. */
export function ContactTab({
  onBack,
  onSaved,
  submitLabel = 'Continue',
}: {
  onBack?: () => void;
  onSaved: () => void;
  submitLabel?: string;
}) {
  const query = useCompanyContact();
  if (query.isError) {
    return <LoadError what="your contact information" onRetry={() => query.refetch()} />;
  }
  if (!query.data) return <FormSkeleton rows={5} />;
  return (
    <ContactForm
      key={query.data.version}
      loaded={query.data}
      onBack={onBack}
      onSaved={onSaved}
      onStale={() => query.refetch()}
      submitLabel={submitLabel}
    />
  );
}

function ContactForm({
  loaded,
  onBack,
  onSaved,
  onStale,
  submitLabel,
}: {
  loaded: Loaded;
  onBack?: () => void;
  onSaved: () => void;
  onStale: () => void;
  submitLabel: string;
}) {
  const save = useSaveContact();
  const c = loaded.contact;
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  // The phone's code follows the country (as in the wizard) until the user picks a code of their own;
  // a saved code that is not the saved country's was their pick.
  const [codeFollowsCountry, setCodeFollowsCountry] = useState(
    () => !c.phoneCountryCode || c.phoneCountryCode === dialCodeOf(c.country ?? ''),
  );
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(CompanyContactBody),
    defaultValues: {
      email: c.email ?? '',
      country: c.country ?? '',
      address: c.address ?? '',
      phoneCountryCode: c.phoneCountryCode ?? dialCodeAfterCountryPick(c.country ?? '', DEFAULT_PHONE_CODE, true, isListedPhoneCode),
      phoneNumber: c.phoneNumber ?? '',
      socials: c.socials,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const email = form.watch('email') ?? '';
  const normalized = isValidEmail(email.trim()) ? normalizeEmail(email) : '';
  const verified = !!normalized && normalized === c.verifiedEmail;
  const socials = form.watch('socials') ?? [];

  const submit = form.handleSubmit(async (values) => {
    if (await saveSection(() => save.mutateAsync({ ...values, version: loaded.version }), onStale)) onSaved();
  });

  return (
    <form onSubmit={submit} noValidate>
      <fieldset disabled={isSubmitting} className="grid min-w-0 grid-cols-1 gap-5 sm:grid-cols-2">
        <div className="space-y-3 sm:col-span-2">
          <FormField label="Email Address" error={errors.email?.message}>
            {(control) => (
              <div className="flex gap-2">
                <input
                  {...control}
                  type="email"
                  autoComplete="email"
                  className={inputClass(Boolean(errors.email))}
                  {...form.register('email')}
                />
                <VerifyEmailButton email={normalized} valid={!!normalized} verified={verified} onSent={setCodeSentTo} />
              </div>
            )}
          </FormField>
          {!verified && codeSentTo && codeSentTo === normalized && <CodeEntry email={codeSentTo} />}
        </div>
        <CountryField
          control={form.control}
          error={errors.country?.message}
          onPicked={(country) => {
            const current = form.getValues('phoneCountryCode') ?? '';
            const next = dialCodeAfterCountryPick(country, current, codeFollowsCountry, isListedPhoneCode);
            if (next !== current)
              form.setValue('phoneCountryCode', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
          }}
        />
        <FormField label="Phone" error={errors.phoneNumber?.message ?? errors.phoneCountryCode?.message}>
          {(control) => (
            <div className="flex gap-2">
              <label htmlFor={`${control.id}-code`} className="sr-only">
                Country code
              </label>
              <Controller
                control={form.control}
                name="phoneCountryCode"
                render={({ field }) => (
                  <SelectInput
                    id={`${control.id}-code`}
                    value={field.value}
                    onChange={(code) => {
                      setCodeFollowsCountry(false);
                      field.onChange(code);
                    }}
                    options={PHONE_CODE_OPTIONS}
                    placeholder="Code"
                    className="w-32 shrink-0"
                  />
                )}
              />
              <input
                {...control}
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                className={inputClass(Boolean(errors.phoneNumber))}
                {...form.register('phoneNumber')}
              />
            </div>
          )}
        </FormField>
        <FormField label="Company Address" error={errors.address?.message} className="sm:col-span-2">
          {(control) => (
            <textarea
              {...control}
              rows={3}
              autoComplete="street-address"
              className={`${inputClass(Boolean(errors.address))} py-2.5`}
              {...form.register('address')}
            />
          )}
        </FormField>
        <div className="sm:col-span-2">
          <SocialsEditor value={socials} onChange={(next) => form.setValue('socials', next, { shouldDirty: true })} />
        </div>
      </fieldset>
      <FormActions onBack={onBack} submitLabel={submitLabel} pending={isSubmitting} className="mt-8" />
    </form>
  );
}
