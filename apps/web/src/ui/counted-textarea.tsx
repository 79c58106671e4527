import { type ReactNode, type Ref, type TextareaHTMLAttributes, useId } from 'react';
import { cn } from './cn.ts';
import { inputClass } from './field.tsx';
import { FormField } from './form-field.tsx';

type TextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'maxLength' | 'className' | 'children'>;

/**
 * A textarea with its label, a 'used/max' character count under it and the error beside the count.
 * The count is polite live text the textarea is described by, so a screen reader hears it when the
 * field is reached and as it changes; the error is linked the same way (FormField). `stopAtMax`
 * (default) stops typing at `max`; without it the text may run over and the form's rule says so.
 */
export function CountedTextarea({
  label,
  id: givenId,
  max,
  value,
  error,
  hint,
  stopAtMax = true,
  rows = 4,
  className,
  textareaClassName = 'py-2.5',
  ref,
  ...rest
}: TextareaProps & {
  label: ReactNode;
  id?: string;
  max: number;
  /** The text now in the field (what is counted). */
  value: string;
  error?: string;
  hint?: ReactNode;
  stopAtMax?: boolean;
  /** The field's wrapper (e.g. its grid column). */
  className?: string;
  /** Added to the textarea's look (its padding and height). */
  textareaClassName?: string;
  ref?: Ref<HTMLTextAreaElement>;
}) {
  const auto = useId();
  const id = givenId ?? auto;
  const countId = `${id}-count`;
  return (
    <FormField
      label={label}
      id={id}
      error={error}
      hint={hint}
      className={className}
      describedByExtra={countId}
      after={
        <p id={countId} aria-live="polite" className="ml-auto shrink-0 text-xs tabular-nums text-muted">
          {value.length}/{max}
        </p>
      }
    >
      {(control) => (
        <textarea
          {...control}
          {...rest}
          ref={ref}
          value={value}
          rows={rows}
          maxLength={stopAtMax ? max : undefined}
          className={cn(inputClass(Boolean(error)), textareaClassName)}
        />
      )}
    </FormField>
  );
}
