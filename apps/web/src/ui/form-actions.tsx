import type { ReactNode } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { cn } from './cn.ts';

/**
 * A form's or a step's closing row: Back on the left when there is one, the main button (with its
 * progress) on the right, under a rule. The main button submits the form, or with `onMain` is a plain
 * button (a step that is not a form). The one place a Back and a main action are put together.
 */
export function FormActions({
  onBack,
  submitLabel,
  pending = false,
  disabled,
  onMain,
  className,
}: {
  onBack?: () => void;
  submitLabel: ReactNode;
  pending?: boolean;
  disabled?: boolean;
  onMain?: () => void;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-wrap gap-3 border-t border-line pt-6', onBack ? 'justify-between' : 'justify-end', className)}>
      {onBack && (
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
      )}
      <Button type={onMain ? 'button' : 'submit'} onClick={onMain} pending={pending} disabled={disabled}>
        {submitLabel}
      </Button>
    </div>
  );
}

/** What a failed submit says: a title and a message (from `errorMessage`). */
export type Failure = { title: string; message: string };

/** A failed submit, shown above the form's actions and announced; `children` adds a way out. */
export function FailureAlert({ failure, children }: { failure: Failure | null; children?: ReactNode }) {
  if (!failure) return null;
  return (
    <Alert>
      <span>
        <strong className="block">{failure.title}</strong>
        {failure.message}
        {children}
      </span>
    </Alert>
  );
}
