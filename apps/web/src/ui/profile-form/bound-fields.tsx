import type { SearchKind } from '@talentloop/contract/api/search';
import type { ReactNode } from 'react';
import { type Control, Controller, type ControllerRenderProps, type FieldPath, type FieldValues } from 'react-hook-form';
import { type ControlProps, FormField } from '../form-field.tsx';
import { SelectInput, type SelectOption } from '../select-input.tsx';
import { SearchCombobox } from './search-combobox.tsx';

// Form fields bound to a react-hook-form field by a Controller: FormField wires the label, hint and
// error; the control gets the field's ref, so a failed submit can focus it. Ids are the caller's
// (the wizard moves focus to the first problem by id).

type Bound<T extends FieldValues, O, N extends FieldPath<T> = FieldPath<T>> = {
  control: Control<T, unknown, O>;
  name: N;
  id: string;
  label: string;
  error?: string;
  className?: string;
};

/** A field's value as a control shows it, and its change, then what else follows a pick (`onPicked`). */
export function picked<T extends FieldValues, N extends FieldPath<T>>(
  field: ControllerRenderProps<T, N>,
  onPicked?: (value: string) => void,
) {
  return {
    value: String(field.value ?? ''),
    onChange: (value: string) => {
      field.onChange(value);
      onPicked?.(value);
    },
  };
}

/** Any control bound to a form field; `group` for a control labelled by aria-labelledby (see FormField). */
export function BoundField<T extends FieldValues, O, N extends FieldPath<T>>({
  control,
  name,
  id,
  label,
  error,
  className,
  hint,
  group,
  children,
}: Bound<T, O, N> & {
  hint?: string;
  group?: boolean;
  children: (props: ControlProps, field: ControllerRenderProps<T, N>) => ReactNode;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormField label={label} id={id} error={error} hint={hint} group={group} className={className}>
          {(props) => children(props, field)}
        </FormField>
      )}
    />
  );
}

/** A select of fixed options; `onPicked` runs after the field took the picked value. */
export function ChoiceField<T extends FieldValues, O>({
  options,
  placeholder,
  leadingIcon,
  onPicked,
  ...bound
}: Bound<T, O> & {
  options: readonly SelectOption[];
  placeholder: string;
  hint?: string;
  leadingIcon?: ReactNode;
  onPicked?: (value: string) => void;
}) {
  return (
    <BoundField {...bound}>
      {(props, field) => (
        <SelectInput
          {...props}
          {...picked(field, onPicked)}
          triggerRef={field.ref}
          options={options}
          placeholder={placeholder}
          leadingIcon={leadingIcon}
        />
      )}
    </BoundField>
  );
}

/** Free text with suggestions from the reference search of `kind`. */
export function SearchField<T extends FieldValues, O>({
  kind,
  suggestions,
  maxLength,
  placeholder,
  ...bound
}: Bound<T, O> & { kind: SearchKind; suggestions?: readonly string[]; maxLength?: number; placeholder: string }) {
  return (
    <BoundField {...bound}>
      {(props, field) => (
        <SearchCombobox
          {...props}
          {...picked(field)}
          kind={kind}
          inputRef={field.ref}
          onBlur={field.onBlur}
          suggestions={suggestions}
          maxLength={maxLength}
          placeholder={placeholder}
        />
      )}
    </BoundField>
  );
}
