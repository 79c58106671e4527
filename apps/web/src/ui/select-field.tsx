import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { FormField } from './form-field.tsx';
import { SelectInput, type SelectOption } from './select-input.tsx';

/**
 * A select bound to a react-hook-form field: its label, hint and error wired by FormField, its value
 * by a Controller. The one place a form's plain select is put together.
 */
export function SelectField<T extends FieldValues>({
  control,
  name,
  label,
  error,
  options,
  placeholder,
  className,
  onPicked,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  error?: string;
  options: readonly SelectOption[];
  placeholder: string;
  className?: string;
  /** Runs after the field took a value the user picked. */
  onPicked?: (value: string) => void;
}) {
  return (
    <FormField label={label} error={error} className={className}>
      {(controlProps) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <SelectInput
              {...controlProps}
              value={field.value}
              onChange={(value) => {
                field.onChange(value);
                onPicked?.(value);
              }}
              onBlur={field.onBlur}
              options={options}
              placeholder={placeholder}
            />
          )}
        />
      )}
    </FormField>
  );
}
