import { Eye, EyeOff } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, forwardRef, useId, useState } from 'react';
import { cn } from './cn.ts';

export const inputClass = (invalid?: boolean) =>
  cn(
    'block w-full min-h-11 rounded-xl border bg-white px-3.5 text-base text-ink placeholder:text-muted/70 shadow-sm transition-colors sm:text-sm',
    'focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200 disabled:bg-surface',
    invalid ? 'border-danger' : 'border-line',
  );

/** Label above, control, error under it in the danger colour, wired with aria-describedby. */
export function Field({
  label,
  error,
  hint,
  children,
  id,
}: {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  id: string;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

type InputProps = InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; error?: string; hint?: ReactNode };

export const TextField = forwardRef<HTMLInputElement, InputProps>(function TextField({ label, error, hint, id, className, ...props }, ref) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <Field label={label} error={error} hint={hint} id={inputId}>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined}
        className={cn(inputClass(Boolean(error)), className)}
        {...props}
      />
    </Field>
  );
});

export const PasswordField = forwardRef<HTMLInputElement, InputProps & { after?: ReactNode }>(function PasswordField(
  { label, error, hint, id, after, ...props },
  ref,
) {
  const auto = useId();
  const inputId = id ?? auto;
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} error={error} hint={hint} id={inputId}>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined}
          className={cn(inputClass(Boolean(error)), 'pr-12')}
          {...props}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-xl text-muted hover:text-ink"
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
        >
          {visible ? <EyeOff className="h-5 w-5" aria-hidden="true" /> : <Eye className="h-5 w-5" aria-hidden="true" />}
        </button>
      </div>
      {after}
    </Field>
  );
});
