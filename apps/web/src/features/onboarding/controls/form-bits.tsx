import type { ReactNode } from 'react';
import { cn } from '../../../ui/cn.ts';

/** A titled group of fields inside a step. */
export function FormSection({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={cn('space-y-5', className)}>
      <div>
        <h3 className="text-base font-semibold text-ink">{title}</h3>
        {description && <p className="mt-0.5 text-sm text-muted">{description}</p>}
      </div>
      {children}
    </section>
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

/** A label above a control that is not a plain input (selects, comboboxes, groups). */
export function FieldLabel({ htmlFor, id, children }: { htmlFor?: string; id?: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} id={id} className="block text-sm font-medium text-ink">
      {children}
    </label>
  );
}

/** aria-describedby of a control: its error when shown, else its hint. */
export const describedBy = (id: string, error?: string, hint = false) => (error ? `${id}-error` : hint ? `${id}-hint` : undefined);
