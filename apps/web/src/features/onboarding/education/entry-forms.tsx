import { zodResolver } from '@hookform/resolvers/zod';
import { DEGREES, graduationYears } from '@talentloop/contract/lists/profile';
import { EducationEntry, WorkEntry } from '@talentloop/contract/validation/profile';
import { Checkbox } from 'radix-ui';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/field.tsx';
import { FieldError, FieldLabel, describedBy } from '../controls/form-bits.tsx';
import { SearchCombobox } from '../controls/search-combobox.tsx';
import { SelectInput } from '../controls/select-input.tsx';

export type EducationItem = { freelancerEducationId?: string | null; degree: string; college: string; yearOfPassed: number };
export type WorkItem = {
  freelancerWorkExpId?: string | null;
  title: string;
  company: string;
  startDate: string;
  endDate: string | null;
  currentlyWorking: boolean;
};

const DEGREE_OPTIONS = DEGREES.map((d) => ({ value: d, label: d }));
const YEAR_OPTIONS = graduationYears().map((y) => ({ value: String(y), label: String(y) }));
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

function EntryActions({ onCancel, isNew, what }: { onCancel?: () => void; isNew: boolean; what: string }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      {onCancel && (
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      )}
      <Button type="submit" variant="primary">
        {isNew ? `Add ${what}` : `Save ${what}`}
      </Button>
    </div>
  );
}

type EducationInput = z.input<typeof EducationEntry>;

/** Add or edit one education entry. spec: auth-onboarding §5 Wizard: education and work */
export function EducationForm({
  initial,
  onSave,
  onCancel,
}: {
  initial?: EducationItem;
  onSave: (item: EducationItem) => void;
  onCancel?: () => void;
}) {
  const uid = useId();
  const form = useForm<EducationInput, unknown, z.output<typeof EducationEntry>>({
    resolver: zodResolver(EducationEntry),
    defaultValues: {
      degree: initial?.degree ?? '',
      college: initial?.college ?? '',
      yearOfPassed: initial ? String(initial.yearOfPassed) : '',
    },
  });
  const { errors } = form.formState;
  const ids = { degree: `${uid}-degree`, college: `${uid}-college`, year: `${uid}-year` };
  const submit = form.handleSubmit((v) =>
    onSave({
      freelancerEducationId: initial?.freelancerEducationId ?? null,
      degree: v.degree,
      college: v.college,
      yearOfPassed: v.yearOfPassed,
    }),
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={initial ? 'Edit education' : 'New education'}
      className="space-y-5 rounded-2xl border border-brand-100 bg-brand-50/40 p-4 sm:p-5"
    >
      <div className="grid gap-5 md:grid-cols-2">
        <Controller
          control={form.control}
          name="degree"
          render={({ field }) => (
            <div className="space-y-1.5 md:col-span-2">
              <FieldLabel htmlFor={ids.degree}>Degree</FieldLabel>
              <SelectInput
                id={ids.degree}
                triggerRef={field.ref}
                value={field.value}
                onChange={field.onChange}
                options={DEGREE_OPTIONS}
                placeholder="Select a degree"
                invalid={Boolean(errors.degree)}
                describedBy={describedBy(ids.degree, errors.degree?.message)}
              />
              <FieldError id={`${ids.degree}-error`}>{errors.degree?.message}</FieldError>
            </div>
          )}
        />
        <Controller
          control={form.control}
          name="college"
          render={({ field }) => (
            <div className="space-y-1.5">
              <FieldLabel htmlFor={ids.college}>University</FieldLabel>
              <SearchCombobox
                id={ids.college}
                kind="university"
                inputRef={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                maxLength={200}
                placeholder="Start typing your university"
                invalid={Boolean(errors.college)}
                describedBy={describedBy(ids.college, errors.college?.message)}
              />
              <FieldError id={`${ids.college}-error`}>{errors.college?.message}</FieldError>
            </div>
          )}
        />
        <Controller
          control={form.control}
          name="yearOfPassed"
          render={({ field }) => (
            <div className="space-y-1.5">
              <FieldLabel htmlFor={ids.year}>Graduation year</FieldLabel>
              <SelectInput
                id={ids.year}
                triggerRef={field.ref}
                value={String(field.value ?? '')}
                onChange={field.onChange}
                options={YEAR_OPTIONS}
                placeholder="Select a year"
                invalid={Boolean(errors.yearOfPassed)}
                describedBy={describedBy(ids.year, errors.yearOfPassed?.message)}
              />
              <FieldError id={`${ids.year}-error`}>{errors.yearOfPassed?.message}</FieldError>
            </div>
          )}
        />
      </div>
      <EntryActions onCancel={onCancel} isNew={!initial} what="education" />
    </form>
  );
}

type WorkInput = z.input<typeof WorkEntry>;

/** Add or edit one work entry; 'I currently work here' clears and disables the end date. spec: §4, §5 */
export function WorkForm({ initial, onSave, onCancel }: { initial?: WorkItem; onSave: (item: WorkItem) => void; onCancel?: () => void }) {
  const uid = useId();
  const form = useForm<WorkInput, unknown, z.output<typeof WorkEntry>>({
    resolver: zodResolver(WorkEntry),
    defaultValues: {
      title: initial?.title ?? '',
      company: initial?.company ?? '',
      startDate: initial?.startDate ?? '',
      endDate: initial?.endDate ?? '',
      currentlyWorking: initial?.currentlyWorking ?? false,
    },
  });
  const { errors } = form.formState;
  const current = form.watch('currentlyWorking');
  const ids = { title: `${uid}-title`, company: `${uid}-company`, current: `${uid}-current` };
  const submit = form.handleSubmit((v) =>
    onSave({
      freelancerWorkExpId: initial?.freelancerWorkExpId ?? null,
      title: v.title,
      company: v.company,
      startDate: v.startDate,
      endDate: v.endDate,
      currentlyWorking: v.endDate === null,
    }),
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={initial ? 'Edit work experience' : 'New work experience'}
      className="space-y-5 rounded-2xl border border-brand-100 bg-brand-50/40 p-4 sm:p-5"
    >
      <div className="grid gap-5 md:grid-cols-2">
        <Controller
          control={form.control}
          name="title"
          render={({ field }) => (
            <div className="space-y-1.5">
              <FieldLabel htmlFor={ids.title}>Job title</FieldLabel>
              <SearchCombobox
                id={ids.title}
                kind="designation"
                inputRef={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                placeholder="e.g. Frontend Developer"
                invalid={Boolean(errors.title)}
                describedBy={describedBy(ids.title, errors.title?.message)}
              />
              <FieldError id={`${ids.title}-error`}>{errors.title?.message}</FieldError>
            </div>
          )}
        />
        <Controller
          control={form.control}
          name="company"
          render={({ field }) => (
            <div className="space-y-1.5">
              <FieldLabel htmlFor={ids.company}>Company</FieldLabel>
              <SearchCombobox
                id={ids.company}
                kind="company"
                inputRef={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                placeholder="e.g. Infosys"
                invalid={Boolean(errors.company)}
                describedBy={describedBy(ids.company, errors.company?.message)}
              />
              <FieldError id={`${ids.company}-error`}>{errors.company?.message}</FieldError>
            </div>
          )}
        />
        <TextField label="Start date" type="date" max={today()} error={errors.startDate?.message} {...form.register('startDate')} />
        <TextField
          label="End date"
          type="date"
          max={today()}
          disabled={current}
          error={current ? undefined : errors.endDate?.message}
          {...form.register('endDate')}
        />
      </div>
      <Controller
        control={form.control}
        name="currentlyWorking"
        render={({ field }) => (
          <div className="flex items-center gap-3">
            <Checkbox.Root
              id={ids.current}
              ref={field.ref}
              checked={Boolean(field.value)}
              onCheckedChange={(checked) => {
                const on = checked === true;
                field.onChange(on);
                if (on) form.setValue('endDate', '', { shouldValidate: form.formState.isSubmitted });
              }}
              className="flex h-5 w-5 shrink-0 items-center justify-center rounded-md border border-line bg-white data-[state=checked]:border-brand-700 data-[state=checked]:bg-brand-700"
            >
              <Checkbox.Indicator>
                <Check className="h-3.5 w-3.5 text-white" aria-hidden="true" />
              </Checkbox.Indicator>
            </Checkbox.Root>
            <label htmlFor={ids.current} className="text-sm font-medium text-ink">
              I currently work here
            </label>
          </div>
        )}
      />
      <EntryActions onCancel={onCancel} isNew={!initial} what="experience" />
    </form>
  );
}
