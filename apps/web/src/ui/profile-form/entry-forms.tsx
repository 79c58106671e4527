import { DEGREES, graduationYears } from '@talentloop/contract/lists/profile';
import type { EducationEntry, WorkEntry } from '@talentloop/contract/validation/profile';
import { BriefcaseBusiness, Check, GraduationCap } from 'lucide-react';
import { Checkbox } from 'radix-ui';
import { type BaseSyntheticEvent, type ReactNode, useEffect, useId } from 'react';
import { type Control, Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { lazyZodResolver } from '../../lib/lazy-resolver.ts';
import { Button } from '../button.tsx';
import { BoundField, ChoiceField, SearchField, picked } from './bound-fields.tsx';
import type { EntryFormProps, ListLook } from './editable-list.tsx';
import { MonthYearInput, formatMonth } from './month-year-input.tsx';

export type EducationItem = { freelancerEducationId?: string | null; degree: string; college: string; yearOfPassed: number };
export type WorkItem = {
  freelancerWorkExpId?: string | null;
  title: string;
  company: string;
  startDate: string;
  endDate: string | null;
  currentlyWorking: boolean;
};

// The entry schemas load after the first paint, when a form first opens (issue 19, decision 54).
const entrySchemas = () => import('@talentloop/contract/validation/profile');
const educationResolver = lazyZodResolver(() => entrySchemas().then((m) => m.EducationEntry));
const workResolver = lazyZodResolver(() => entrySchemas().then((m) => m.WorkEntry));

const DEGREE_OPTIONS = DEGREES.map((d) => ({ value: d, label: d }));
const YEAR_OPTIONS = graduationYears().map((y) => ({ value: String(y), label: String(y) }));

/** Tells the owner whether an entry form holds changes (for the unsaved-changes guard). */
export function useReportDirty(isDirty: boolean, onDirtyChange?: (dirty: boolean) => void) {
  useEffect(() => {
    onDirtyChange?.(isDirty);
  }, [isDirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);
}

/**
 * The frame of an inline entry form: named 'New …' or 'Edit …' (`name`), its fields, then Cancel
 * (when the list may stay without a new entry) and 'Add …' or 'Update …' (`what`).
 */
export function EntryFormFrame({
  name,
  what,
  isNew,
  onSubmit,
  onCancel,
  children,
}: {
  name: string;
  what: string;
  isNew: boolean;
  onSubmit: (e?: BaseSyntheticEvent) => Promise<void>;
  onCancel?: () => void;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={isNew ? `New ${name}` : `Edit ${name}`}
      className="space-y-5 rounded-2xl border border-brand-100 bg-brand-50/40 p-4 sm:p-5"
    >
      {children}
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
    </form>
  );
}

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
  useEffect(() => educationResolver.preload(), []);
  const form = useForm<EducationInput, unknown, z.output<typeof EducationEntry>>({
    resolver: educationResolver,
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
    <EntryFormFrame name="education" what="education" isNew={!initial} onSubmit={submit} onCancel={onCancel}>
      <div className="grid gap-5 md:grid-cols-2">
        <ChoiceField
          control={form.control}
          name="degree"
          id={`${uid}-degree`}
          label="Degree"
          error={errors.degree?.message}
          className="md:col-span-2"
          options={DEGREE_OPTIONS}
          placeholder="Select a degree"
        />
        <SearchField
          control={form.control}
          name="college"
          id={`${uid}-college`}
          label="University"
          error={errors.college?.message}
          kind="university"
          maxLength={200}
          placeholder="Start typing your university"
        />
        <ChoiceField
          control={form.control}
          name="yearOfPassed"
          id={`${uid}-year`}
          label="Graduation year"
          error={errors.yearOfPassed?.message}
          options={YEAR_OPTIONS}
          placeholder="Select a year"
        />
      </div>
    </EntryFormFrame>
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
  useEffect(() => workResolver.preload(), []);
  const form = useForm<WorkInput, unknown, z.output<typeof WorkEntry>>({
    resolver: workResolver,
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
    <EntryFormFrame name="work experience" what="experience" isNew={!initial} onSubmit={submit} onCancel={onCancel}>
      <div className="grid gap-5 md:grid-cols-2">
        <SearchField
          control={form.control}
          name="title"
          id={`${uid}-title`}
          label="Job title"
          error={errors.title?.message}
          kind="designation"
          placeholder="e.g. Frontend Developer"
        />
        <SearchField
          control={form.control}
          name="company"
          id={`${uid}-company`}
          label="Company"
          error={errors.company?.message}
          kind="company"
          placeholder="e.g. Infosys"
        />
        <MonthField
          control={form.control}
          name="startDate"
          id={`${uid}-start`}
          label="Start"
          error={errors.startDate?.message}
          onPicked={(start) => {
            // A start later than the end clears the end. spec: profile-company §4
            const end = form.getValues('endDate');
            if (start && end && end < start) form.setValue('endDate', '', revalidate);
          }}
        />
        <MonthField
          control={form.control}
          name="endDate"
          id={`${uid}-end`}
          label="End"
          error={current ? undefined : errors.endDate?.message}
          disabled={Boolean(current)}
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
    </EntryFormFrame>
  );
}

/** A work date as month and year ('Start' gives the field 'Start date'); `onPicked` runs after the field took it. */
function MonthField({
  label,
  disabled,
  onPicked,
  ...bound
}: {
  control: Control<WorkInput, unknown, z.output<typeof WorkEntry>>;
  name: 'startDate' | 'endDate';
  id: string;
  label: string;
  error?: string;
  disabled?: boolean;
  onPicked?: (value: string) => void;
}) {
  return (
    <BoundField {...bound} label={`${label} date`} group>
      {(props, field) => (
        <MonthYearInput
          id={bound.id}
          labelledBy={`${bound.id}-label`}
          label={label}
          triggerRef={field.ref}
          {...picked(field, onPicked)}
          disabled={disabled}
          invalid={props['aria-invalid']}
          describedBy={props['aria-describedby']}
        />
      )}
    </BoundField>
  );
}

/** How the education list shows its entries, in the wizard and the editor (each gives its own title). */
export const EDUCATION_LIST: Omit<ListLook<EducationItem>, 'title' | 'description'> & {
  form: (p: EntryFormProps<EducationItem>) => ReactNode;
} = {
  icon: <GraduationCap className="h-5 w-5" aria-hidden="true" />,
  noun: { add: 'Add new education', list: 'Education entries' },
  emptyText: 'No education added yet.',
  keyOf: (e, i) => e.freelancerEducationId ?? `edu-${i}`,
  row: (e) => ({ title: e.degree, detail: `${e.college} · ${e.yearOfPassed}` }),
  form: (props) => <EducationForm {...props} />,
};

/** How the work experience list shows its entries, in the wizard and the editor (each gives its own title). */
export const WORK_LIST: Omit<ListLook<WorkItem>, 'title' | 'description'> & { form: (p: EntryFormProps<WorkItem>) => ReactNode } = {
  icon: <BriefcaseBusiness className="h-5 w-5" aria-hidden="true" />,
  noun: { add: 'Add new experience', list: 'Work experience entries' },
  emptyText: 'No work experience added yet.',
  keyOf: (w, i) => w.freelancerWorkExpId ?? `work-${i}`,
  row: (w) => ({
    title: w.title,
    detail: `${w.company} · ${formatMonth(w.startDate)} – ${w.endDate ? formatMonth(w.endDate) : 'Present'}`,
  }),
  form: (props) => <WorkForm {...props} />,
};
