import { ENGAGEMENT_REASON_MAX, EngagementReason } from '@talentloop/contract/api/engagements';
import { type ReactNode, useId, useState } from 'react';
import { errorMessage } from '../../lib/error-message.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { inputClass } from '../../ui/field.tsx';
import { FailureAlert, type Failure } from '../../ui/form-actions.tsx';
import { FormField } from '../../ui/form-field.tsx';

/** A question that needs a reason (query a week, ask for changes, decline terms); the reason is checked by the contract's rule. */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  label,
  confirmLabel,
  onConfirm,
  pending,
  children,
  extraError,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  label: string;
  confirmLabel: string;
  onConfirm: (reason: string) => Promise<unknown>;
  pending: boolean;
  children?: ReactNode;
  /** A problem with the other fields (e.g. no day chosen), checked by the caller. */
  extraError?: () => string | undefined;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<Failure | null>(null);
  async function confirm() {
    setFailure(null);
    const other = extraError?.();
    const parsed = EngagementReason.safeParse(reason);
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success || other) {
      if (!parsed.success) document.getElementById(id)?.focus();
      return;
    }
    try {
      await onConfirm(parsed.data);
      setReason('');
      onOpenChange(false);
    } catch (err) {
      setFailure(errorMessage(err, { fallback: { title: 'Could not send', message: 'Please try again.' } }));
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      closable={!pending}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button onClick={() => void confirm()} pending={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {children}
        <FormField id={id} label={label} error={error}>
          {(control) => (
            <textarea
              {...control}
              rows={3}
              maxLength={ENGAGEMENT_REASON_MAX}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              className={`${inputClass(!!error)} py-2.5`}
            />
          )}
        </FormField>
        <FailureAlert failure={failure} />
      </div>
    </Dialog>
  );
}
