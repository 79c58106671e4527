import type { Ref } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '../cn.ts';
import { inputClass } from '../field.tsx';
import { FieldError, describedBy } from '../form-field.tsx';
import { SelectInput } from '../select-input.tsx';
import { DIAL_OPTIONS, dialCodeOf } from './country-options.ts';

/**
 * A dialing code (chosen by country, as several share +1) and a national number, labelled
 * 'Phone number', each with its own error. spec: auth-onboarding §5, profile-company §5 About Me
 */
export function PhoneField({
  id,
  dialCountry,
  onDialChange,
  dialRef,
  dialError,
  numberError,
  number,
}: {
  /** The number input's id; the code select is `${id}-dial`. */
  id: string;
  /** The country whose code is chosen. */
  dialCountry: string;
  /** The chosen country and its dialing code. */
  onDialChange: (country: string, dialingCode: string) => void;
  dialRef?: Ref<HTMLButtonElement>;
  dialError?: string;
  numberError?: string;
  number: UseFormRegisterReturn;
}) {
  const dialId = `${id}-dial`;
  return (
    <div className="min-w-0 space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        Phone number
      </label>
      <div className="flex gap-2">
        <label htmlFor={dialId} className="sr-only">
          Dialing code
        </label>
        <SelectInput
          id={dialId}
          triggerRef={dialRef}
          value={dialCountry}
          onChange={(code) => onDialChange(code, dialCodeOf(code))}
          options={DIAL_OPTIONS}
          placeholder="Code"
          className="w-28 shrink-0"
          invalid={Boolean(dialError)}
          describedBy={describedBy(dialId, { error: dialError })}
        />
        <input
          id={id}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="98765 43210"
          aria-invalid={numberError ? true : undefined}
          aria-describedby={describedBy(id, { error: numberError })}
          className={cn(inputClass(Boolean(numberError)), 'min-w-0 flex-1')}
          {...number}
        />
      </div>
      <FieldError id={`${dialId}-error`}>{dialError}</FieldError>
      <FieldError id={`${id}-error`}>{numberError}</FieldError>
    </div>
  );
}
