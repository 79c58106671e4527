import { type ReactNode, useEffect, useId, useState } from 'react';
import type { ZodType } from 'zod';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { CountedTextarea } from './counted-textarea.tsx';
import { Dialog, type ReturnFocus } from './dialog.tsx';

// One dialog for every change that needs a reason someone reads (decision 189): the operator
// console's decisions (vetting, documents, reviews, support calls, suspensions), the company's Not
// selected, an interview's cancel, decline or other times. The reason is required and checked with
// the contract's own schema (its length limit is the counter's), so the dialog says what the server
// would; the server checks it again. A failure from the server is shown inside the dialog, which
// stays open; focus goes back to what opened it (or `returnFocus`) when it closes.

export type ReasonDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** The field's label ('Reason' unless the reason has another name, e.g. a message to the company). */
  label?: string;
  hint?: string;
  placeholder?: string;
  /** The contract's length limit for this reason (the counter shows it). */
  max: number;
  /** The contract's rule for the reason: the schema the server parses it with. Its output is what is sent. */
  schema: ZodType<string>;
  /** Said when the field is left empty (the contract's 'reason required' message); else the schema's own. */
  requiredMessage?: string;
  /** Starting texts the person picks and then edits. */
  canned?: readonly string[];
  /** The text the field starts with each time the dialog opens (e.g. the reason saved before). */
  initial?: string;
  submitLabel: string;
  cancelLabel?: string;
  tone?: 'primary' | 'danger';
  role?: 'dialog' | 'alertdialog';
  size?: 'md' | 'lg';
  rows?: number;
  pending: boolean;
  /** What went wrong on the server's side, shown in the dialog (undefined or null: nothing). */
  error?: string | null;
  /** Called with the reason as the contract's schema gave it back (trimmed), only when it passes. */
  onSubmit: (reason: string) => void;
  /** Where focus goes on close; else back to the element that opened the dialog. */
  returnFocus?: ReturnFocus;
  /** More of the question above the reason (e.g. the days a company queries), inside the same form. */
  children?: ReactNode;
};

export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  label = 'Reason',
  hint,
  placeholder,
  max,
  schema,
  requiredMessage,
  canned = [],
  initial = '',
  submitLabel,
  cancelLabel = 'Cancel',
  tone = 'primary',
  role,
  size = 'md',
  rows = 4,
  pending,
  error,
  onSubmit,
  returnFocus,
  children,
}: ReasonDialogProps) {
  const formId = useId();
  const [text, setText] = useState(initial);
  const [problem, setProblem] = useState<string | undefined>();
  const [textarea, setTextarea] = useState<HTMLTextAreaElement | null>(null);
  // Each opening starts afresh (a dialog kept mounted between decisions keeps no old text).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an opening resets the field, not a new `initial` while open
  useEffect(() => {
    if (open) {
      setText(initial);
      setProblem(undefined);
    }
  }, [open]);

  const submit = () => {
    if (pending) return;
    if (!text.trim() && requiredMessage) {
      setProblem(requiredMessage);
      textarea?.focus();
      return;
    }
    const parsed = schema.safeParse(text);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? requiredMessage ?? 'Please give a reason.');
      textarea?.focus();
      return;
    }
    onSubmit(parsed.data);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      size={size}
      role={role}
      closable={!pending}
      returnFocus={returnFocus}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button type="submit" form={formId} variant={tone} pending={pending}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        className="space-y-4"
      >
        {children}
        {canned.length > 0 && (
          <fieldset disabled={pending}>
            <legend className="mb-2 text-sm font-medium">Start from a common reason, then edit it</legend>
            <ul className="flex flex-col gap-2">
              {canned.map((reason) => (
                <li key={reason}>
                  <button
                    type="button"
                    onClick={() => {
                      setText(reason);
                      setProblem(undefined);
                      textarea?.focus();
                    }}
                    className="w-full rounded-xl border border-line px-3 py-2 text-left text-sm hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
                  >
                    {reason}
                  </button>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        <fieldset disabled={pending}>
          <CountedTextarea
            ref={setTextarea}
            label={label}
            hint={hint}
            placeholder={placeholder}
            max={max}
            value={text}
            error={problem}
            rows={rows}
            required
            autoFocus={canned.length === 0}
            onChange={(e) => {
              setText(e.target.value);
              if (problem) setProblem(undefined);
            }}
          />
        </fieldset>
        {error && <Alert>{error}</Alert>}
      </form>
    </Dialog>
  );
}
