import { type ReactNode, useId } from 'react';
import { cn } from './cn.ts';

/** What a control needs to be wired to its label, hint and error. */
export type ControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/** The ids a field's parts use: the control, its label, hint and error. */
export function fieldIds(id: string) {
  return { control: id, label: `${id}-label`, hint: `${id}-hint`, error: `${id}-error` };
}

/** aria-describedby of a control: its error when shown, its hint when there is one, plus any extra ids. */
export function describedBy(id: string, opts: { error?: ReactNode; hint?: boolean; extra?: string } = {}): string | undefined {
  const ids = fieldIds(id);
  return cn(opts.error ? ids.error : opts.hint ? ids.hint : undefined, opts.extra) || undefined;
}

/**
 * One field: a label above any control, an optional hint, and the error under it in the danger
 * colour, announced to screen readers. The control gets its id, aria-invalid and aria-describedby
 * from the render function, so every kind of control (input, select, combobox, radio group) is wired
 * the same way. `group` labels a control that is not labelable (a radio group) by aria-labelledby.
 */
export function FormField({
  label,
  hint,
  error,
  id: givenId,
  group = false,
  hideLabel = false,
  describedByExtra,
  after,
  className,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  id?: string;
  /** The control is a group: its label is referenced by aria-labelledby (`${id}-label`). */
  group?: boolean;
  hideLabel?: boolean;
  describedByExtra?: string;
  /** Shown under the control, beside the error (e.g. a character count). */
  after?: ReactNode;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const auto = useId();
  const id = givenId ?? auto;
  const ids = fieldIds(id);
  const control: ControlProps = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, { error, hint: Boolean(hint), extra: describedByExtra }),
  };
  const labelClass = cn('block text-sm font-medium text-ink', hideLabel && 'sr-only');
  return (
    <div className={cn('min-w-0 space-y-1.5', className)}>
      {group ? (
        <span id={ids.label} className={labelClass}>
          {label}
        </span>
      ) : (
        <label id={ids.label} htmlFor={id} className={labelClass}>
          {label}
        </label>
      )}
      {children(control)}
      {hint && !error && (
        <p id={ids.hint} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {(error || after) && (
        <div className="flex items-start justify-between gap-4">
          <FieldError id={ids.error}>{error}</FieldError>
          {after}
        </div>
      )}
    </div>
  );
}

/** Error text under a control, announced; its id is what the control's aria-describedby points to. */
export function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="text-sm text-danger">
      {children}
    </p>
  );
}
