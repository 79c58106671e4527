import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { SelectField } from '../../ui/select-field.tsx';
import { COUNTRY_OPTIONS } from './options.ts';

/** The company forms' Country select, bound to the form's `country`; `onPicked` runs after a pick. */
export function CountryField<T extends FieldValues & { country?: string }>({
  control,
  error,
  onPicked,
}: {
  control: Control<T>;
  error?: string;
  onPicked?: (country: string) => void;
}) {
  return (
    <SelectField
      control={control}
      name={'country' as FieldPath<T>}
      label="Country"
      error={error}
      options={COUNTRY_OPTIONS}
      placeholder="Select country"
      onPicked={onPicked}
    />
  );
}
