import { Eye, EyeOff } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, forwardRef, useState } from 'react';
import { cn } from './cn.ts';
import { FormField } from './form-field.tsx';

export const inputClass = (invalid?: boolean) =>
  cn(
    'block w-full min-h-11 rounded-xl border bg-white px-3.5 text-base text-ink placeholder:text-muted/70 shadow-sm transition-colors sm:text-sm',
    'focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200 disabled:bg-surface disabled:text-muted',
    invalid ? 'border-danger' : 'border-line',
  );

type InputProps = InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; error?: string; hint?: ReactNode };

/** A text input as a FormField. */
export const TextField = forwardRef<HTMLInputElement, InputProps>(function TextField({ label, error, hint, id, className, ...props }, ref) {
  return (
    <FormField label={label} error={error} hint={hint} id={id}>
      {(control) => <input ref={ref} {...control} className={cn(inputClass(Boolean(error)), className)} {...props} />}
    </FormField>
  );
});

export const PasswordField = forwardRef<HTMLInputElement, InputProps & { after?: ReactNode }>(function PasswordField(
  { label, error, hint, id, after, ...props },
  ref,
) {
  const [visible, setVisible] = useState(false);
  return (
    <FormField label={label} error={error} hint={hint} id={id}>
      {(control) => (
        <>
          <div className="relative">
            <input
              ref={ref}
              {...control}
              type={visible ? 'text' : 'password'}
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
        </>
      )}
    </FormField>
  );
});
