import { PROJECT_DURATIONS, WORK_HOURS } from '@talentloop/contract/lists/profile';
import type { WorkPreferenceForm } from '@talentloop/contract/validation/wizard-form';
import { workHoursLabel } from '@talentloop/contract/validation/wizard-rules';
import { CalendarRange, Clock } from 'lucide-react';
import type { Control, FieldErrors } from 'react-hook-form';
import { ChoiceField } from './bound-fields.tsx';

// The two questions, in their order on the page. spec: §5 Work preferences, §9 (the lists)
const FIELDS = [
  {
    name: 'workHours',
    id: 'hours',
    label: 'Work hours',
    hint: 'How many hours a week you can give to client work.',
    options: WORK_HOURS.map((h) => ({ value: h.label, label: `${h.label} hours / week` })),
    placeholder: 'Hours per week',
    Icon: Clock,
  },
  {
    name: 'projectDuration',
    id: 'duration',
    label: 'Project duration',
    hint: 'The length of engagement you prefer.',
    options: PROJECT_DURATIONS.map((d) => ({ value: d.label, label: d.label })),
    placeholder: 'Preferred length',
    Icon: CalendarRange,
  },
] as const;

/** The form's values for saved preferences ('' where nothing is saved yet). */
export function workPreferenceValues(saved: {
  minHoursPerWeek?: number | null;
  maxHoursPerWeek?: number | null;
  projectDurationPreference?: string | null;
}): WorkPreferenceForm {
  return {
    workHours: workHoursLabel(saved.minHoursPerWeek, saved.maxHoursPerWeek),
    projectDuration: saved.projectDurationPreference ?? '',
  };
}

/** Work hours and project duration, as the wizard's last step and the editor's section ask them. spec: §5 Work preferences, §9 */
export function WorkPreferenceFields({
  control,
  errors,
  idPrefix,
}: {
  control: Control<WorkPreferenceForm>;
  errors: FieldErrors<WorkPreferenceForm>;
  idPrefix: string;
}) {
  return (
    <div className="grid gap-5 md:grid-cols-2">
      {FIELDS.map(({ name, id, Icon, ...field }) => (
        <ChoiceField
          key={name}
          {...field}
          control={control}
          name={name}
          id={`${idPrefix}-${id}`}
          error={errors[name]?.message}
          leadingIcon={<Icon className="h-4 w-4 shrink-0 text-muted" aria-hidden="true" />}
        />
      ))}
    </div>
  );
}
