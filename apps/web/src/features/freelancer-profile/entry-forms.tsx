import { zodResolver } from '@hookform/resolvers/zod';
import { DEGREES, graduationYears } from '@talentloop/contract/lists/profile';
import { EducationEntry, WorkEntry } from '@talentloop/contract/validation/profile';
import { Check } from 'lucide-react';
import { Checkbox } from 'radix-ui';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../ui/button.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { SelectInput } from '../../ui/select-input.tsx';
import { MonthYearInput } from './month-year-input.tsx';
import { SearchCombobox } from './search-combobox.tsx';

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

function EntryActions({ onCancel, isNew, what }: { onCancel?: () => void; isNew: boolean; what: string }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      {onCancel && (
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      )}
      <Button type="submit" variant="primary">
        {isNew ? `Add ${what}` : `Update ${what}`}
      </Button>
    </div>
  );
}

/** Tells the owner whether an entry form holds changes (for the unsaved-changes guard). */
function useReportDirty(isDirty: boolean, onDirtyChange?: (dirty: boolean) => void) {
  useEffect(() => {
    onDirtyChange?.(isDirty);
  }, [isDirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);
}

const formClass = 'space-y-5 rounded-2xl border border-brand-100 bg-brand-50/40 p-4 sm:p-5';

type EducationInput = z.input<typeof EducationEntry>;

/** Add or edit one education entry. spec: auth-onboarding §5 Wizard: education and work; profile-company §4, §5 */
export function EducationForm({
  initial,
  onSave,
  onCancel,
  onDirtyChange,
}: {
  initial?: EducationItem;
  onSave: (item: EducationItem) => void;
  onCancel?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
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
  const { errors, isDirty } = form.formState;
  useReportDirty(isDirty, onDirtyChange);
  const submit = form.handleSubmit((v) =>
    onSave({
      freelancerEducationId: initial?.freelancerEducationId ?? null,
      degree: v.degree,
      college: v.college,
      yearOfPassed: v.yearOfPassed,
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={initial ? 'Edit education' : 'New education'} className={formClass}>
      <div className="grid gap-5 md:grid-cols-2">
        <Controller
          control={form.control}
          name="degree"
          render={({ field }) => (
            <FormField label="Degree" id={`${uid}-degree`} error={errors.degree?.message} className="md:col-span-2">
              {(control) => (
                <SelectInput
                  {...control}
                  triggerRef={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  options={DEGREE_OPTIONS}
                  placeholder="Select a degree"
                />
              )}
            </FormField>
          )}
        />
        <Controller
          control={form.control}
          name="college"
          render={({ field }) => (
            <FormField label="University" id={`${uid}-college`} error={errors.college?.message}>
              {(control) => (
                <SearchCombobox
                  {...control}
                  kind="university"
                  inputRef={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  maxLength={200}
                  placeholder="Start typing your university"
                />
              )}
            </FormField>
          )}
        />
        <Controller
          control={form.control}
          name="yearOfPassed"
          render={({ field }) => (
            <FormField label="Graduation year" id={`${uid}-year`} error={errors.yearOfPassed?.message}>
              {(control) => (
                <SelectInput
                  {...control}
                  triggerRef={field.ref}
                  value={String(field.value ?? '')}
                  onChange={field.onChange}
                  options={YEAR_OPTIONS}
                  placeholder="Select a year"
                />
              )}
            </FormField>
          )}
        />
      </div>
      <EntryActions onCancel={onCancel} isNew={!initial} what="education" />
    </form>
  );
}

type WorkInput = z.input<typeof WorkEntry>;

/**
 * Add or edit one work entry, its dates as month and year. 'I currently work here' clears and
 * disables the end date; editing an entry without an end date ticks it; a start later than the end
 * clears the end. spec: profile-company §4 Education, work experience..., §5 Work experience
 */
export function WorkForm({
  initial,
  onSave,
  onCancel,
  onDirtyChange,
}: {
  initial?: WorkItem;
  onSave: (item: WorkItem) => void;
  onCancel?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const uid = useId();
  const form = useForm<WorkInput, unknown, z.output<typeof WorkEntry>>({
    resolver: zodResolver(WorkEntry),
    defaultValues: {
      title: initial?.title ?? '',
      company: initial?.company ?? '',
      startDate: initial?.startDate.slice(0, 7) ?? '',
      endDate: initial?.endDate?.slice(0, 7) ?? '',
      currentlyWorking: initial ? initial.endDate === null : false,
    },
  });
  const { errors, isDirty } = form.formState;
  useReportDirty(isDirty, onDirtyChange);
  const current = form.watch('currentlyWorking');
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
  const revalidate = { shouldValidate: form.formState.isSubmitted, shouldDirty: true };

  return (
    <form onSubmit={submit} noValidate aria-label={initial ? 'Edit work experience' : 'New work experience'} className={formClass}>
      <div className="grid gap-5 md:grid-cols-2">
        <Controller
          control={form.control}
          name="title"
          render={({ field }) => (
            <FormField label="Job title" id={`${uid}-title`} error={errors.title?.message}>
              {(control) => (
                <SearchCombobox
                  {...control}
                  kind="designation"
                  inputRef={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  placeholder="e.g. Frontend Developer"
                />
              )}
            </FormField>
          )}
        />
        <Controller
          control={form.control}
          name="company"
          render={({ field }) => (
            <FormField label="Company" id={`${uid}-company`} error={errors.company?.message}>
              {(control) => (
                <SearchCombobox
                  {...control}
                  kind="company"
                  inputRef={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  placeholder="e.g. Infosys"
                />
              )}
            </FormField>
          )}
        />
        <Controller
          control={form.control}
          name="startDate"
          render={({ field }) => (
            <FormField label="Start date" id={`${uid}-start`} group error={errors.startDate?.message}>
              {(control) => (
                <MonthYearInput
                  id={`${uid}-start`}
                  labelledBy={`${uid}-start-label`}
                  label="Start"
                  triggerRef={field.ref}
                  value={field.value ?? ''}
                  onChange={(start) => {
                    field.onChange(start);
                    // A start later than the end clears the end. spec: profile-company §4
                    const end = form.getValues('endDate');
                    if (start && end && end < start) form.setValue('endDate', '', revalidate);
                  }}
                  invalid={control['aria-invalid']}
                  describedBy={control['aria-describedby']}
                />
              )}
            </FormField>
          )}
        />
        <Controller
          control={form.control}
          name="endDate"
          render={({ field }) => (
            <FormField label="End date" id={`${uid}-end`} group error={current ? undefined : errors.endDate?.message}>
              {(control) => (
                <MonthYearInput
                  id={`${uid}-end`}
                  labelledBy={`${uid}-end-label`}
                  label="End"
                  triggerRef={field.ref}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  disabled={Boolean(current)}
                  invalid={control['aria-invalid']}
                  describedBy={control['aria-describedby']}
                />
              )}
            </FormField>
          )}
        />
      </div>
      <Controller
        control={form.control}
        name="currentlyWorking"
        render={({ field }) => (
          <div className="flex items-center gap-3">
            <Checkbox.Root
              id={`${uid}-current`}
              ref={field.ref}
              checked={Boolean(field.value)}
              onCheckedChange={(checked) => {
                const on = checked === true;
                field.onChange(on);
                if (on) form.setValue('endDate', '', revalidate);
              }}
              className="flex h-5 w-5 shrink-0 items-center justify-center rounded-md border border-line bg-white data-[state=checked]:border-brand-700 data-[state=checked]:bg-brand-700"
            >
              <Checkbox.Indicator>
                <Check className="h-3.5 w-3.5 text-white" aria-hidden="true" />
              </Checkbox.Indicator>
            </Checkbox.Root>
            <label htmlFor={`${uid}-current`} className="text-sm font-medium text-ink">
              I currently work here
            </label>
          </div>
        )}
      />
      <EntryActions onCancel={onCancel} isNew={!initial} what="experience" />
    </form>
  );
}
