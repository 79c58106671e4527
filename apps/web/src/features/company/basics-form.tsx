import { zodResolver } from '@hookform/resolvers/zod';
import type { ResponseOf } from '@talentloop/contract';
import type { getCompanyBasics } from '@talentloop/contract/api/company';
import { COMPANY_ABOUT_MAX, CompanyBasicsBody } from '@talentloop/contract/validation/company';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CountedTextarea } from '../../ui/counted-textarea.tsx';
import { LoadError } from '../../ui/section-boundary.tsx';
import { TextField } from '../../ui/field.tsx';
import { FormActions } from '../../ui/form-actions.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { useCompanyBasics } from './api/get-company-basics.ts';
import { useSaveBasics } from './api/save-company-basics.ts';
import { CountryField } from './country-field.tsx';
import { LogoField } from './logo-field.tsx';
import { INDUSTRY_OPTIONS, SIZE_OPTIONS } from './options.ts';
import { saveSection } from './section-save.ts';

// Profile Basics: logo, name, industry, size, country, about, website; Continue saves.
// spec: profile-company §2 Company profile setup, §3, §5 Company profile basics

type Input = z.input<typeof CompanyBasicsBody>;
type Output = z.output<typeof CompanyBasicsBody>;
type Loaded = ResponseOf<typeof getCompanyBasics>;

/** `submitLabel`: the save button's text (profile setup: Continue; the settings screen: Save changes). */
export function BasicsTab({ onSaved, submitLabel = 'Continue' }: { onSaved: () => void; submitLabel?: string }) {
  const query = useCompanyBasics();
  if (query.isError) {
    return <LoadError what="your profile basics" onRetry={() => query.refetch()} />;
  }
  if (!query.data) return <FormSkeleton rows={6} />;
  return (
    <div className="space-y-8">
      <LogoField logoUrl={query.data.basics.logoUrl} />
      {/* Remounted on each saved version, so the form shows what the server stored. */}
      <BasicsForm
        key={query.data.version}
        loaded={query.data}
        onSaved={onSaved}
        onStale={() => query.refetch()}
        submitLabel={submitLabel}
      />
    </div>
  );
}

function BasicsForm({
  loaded,
  onSaved,
  onStale,
  submitLabel,
}: {
  loaded: Loaded;
  onSaved: () => void;
  onStale: () => void;
  submitLabel: string;
}) {
  const save = useSaveBasics();
  const b = loaded.basics;
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(CompanyBasicsBody),
    defaultValues: {
      companyName: b.companyName,
      industry: b.industry ?? '',
      companySize: b.companySize ?? '',
      country: b.country ?? '',
      aboutCompany: b.aboutCompany,
      websiteUrl: b.websiteUrl ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const about = form.watch('aboutCompany') ?? '';

  const submit = form.handleSubmit(async (values) => {
    if (await saveSection(() => save.mutateAsync({ ...values, version: loaded.version }), onStale)) onSaved();
  });

  return (
    <form onSubmit={submit} noValidate>
      <fieldset disabled={isSubmitting} className="grid min-w-0 grid-cols-1 gap-5 sm:grid-cols-2">
        <TextField label="Company Name" autoComplete="organization" error={errors.companyName?.message} {...form.register('companyName')} />
        <SelectField
          control={form.control}
          name="industry"
          label="Industry"
          error={errors.industry?.message}
          options={INDUSTRY_OPTIONS}
          placeholder="Select industry"
        />
        <SelectField
          control={form.control}
          name="companySize"
          label="Company Size"
          error={errors.companySize?.message}
          options={SIZE_OPTIONS}
          placeholder="Select company size"
        />
        <CountryField control={form.control} error={errors.country?.message} />
        <CountedTextarea
          {...form.register('aboutCompany')}
          label="About Company"
          max={COMPANY_ABOUT_MAX}
          stopAtMax={false}
          value={about}
          error={errors.aboutCompany?.message}
          className="sm:col-span-2"
        />
        <TextField
          label="Website URL"
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://www.example.com"
          error={errors.websiteUrl?.message}
          {...form.register('websiteUrl')}
        />
      </fieldset>
      <FormActions submitLabel={submitLabel} pending={isSubmitting} className="mt-8" />
    </form>
  );
}

export function FormSkeleton({ rows }: { rows: number }) {
  return (
    <div aria-busy="true" className="grid gap-5 sm:grid-cols-2">
      <span className="sr-only">Loading</span>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="space-y-2">
          <div className="h-4 w-28 animate-pulse rounded bg-line" />
          <div className="h-11 animate-pulse rounded-xl bg-line" />
        </div>
      ))}
    </div>
  );
}
