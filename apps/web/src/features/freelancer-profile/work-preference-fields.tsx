import { PROJECT_DURATIONS, WORK_HOURS } from '@talentloop/contract/lists/profile';
import type { WorkPreferenceForm } from '@talentloop/contract/validation/wizard-form';
import { CalendarRange, Clock } from 'lucide-react';
import { type Control, Controller, type FieldErrors } from 'react-hook-form';
import { FormField } from '../../ui/form-field.tsx';
import { SelectInput } from '../../ui/select-input.tsx';

const HOURS_OPTIONS = WORK_HOURS.map((h) => ({ value: h.label, label: `${h.label} hours / week` }));
const DURATION_OPTIONS = PROJECT_DURATIONS.map((d) => ({ value: d.label, label: d.label }));

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
      <Controller
        control={control}
        name="workHours"
        render={({ field }) => (
          <FormField
            label="Work hours"
            id={`${idPrefix}-hours`}
            error={errors.workHours?.message}
            hint="How many hours a week you can give to client work."
          >
            {(props) => (
              <SelectInput
                {...props}
                triggerRef={field.ref}
                value={field.value}
                onChange={field.onChange}
                options={HOURS_OPTIONS}
                placeholder="Hours per week"
                leadingIcon={<Clock className="h-4 w-4 shrink-0 text-muted" aria-hidden="true" />}
              />
            )}
          </FormField>
        )}
      />
      <Controller
        control={control}
        name="projectDuration"
        render={({ field }) => (
          <FormField
            label="Project duration"
            id={`${idPrefix}-duration`}
            error={errors.projectDuration?.message}
            hint="The length of engagement you prefer."
          >
            {(props) => (
              <SelectInput
                {...props}
                triggerRef={field.ref}
                value={field.value}
                onChange={field.onChange}
                options={DURATION_OPTIONS}
                placeholder="Preferred length"
                leadingIcon={<CalendarRange className="h-4 w-4 shrink-0 text-muted" aria-hidden="true" />}
              />
            )}
          </FormField>
        )}
      />
    </div>
  );
}
