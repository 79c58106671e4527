import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';
import { Button } from './button.tsx';
import { cn } from './cn.ts';

/**
 * One dialog part: Radix gives the focus trap, Escape, outside click and the return of focus; this
 * gives the look (overlay, centred card, title, description, close button). `returnFocus` says where
 * focus goes when a dialog opened by a plain button (not a Dialog.Trigger) closes.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = 'md',
  closable = true,
  returnFocus,
  role = 'dialog',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Shows the X button and lets Escape and outside clicks close it. */
  closable?: boolean;
  returnFocus?: RefObject<HTMLElement | null>;
  role?: 'dialog' | 'alertdialog';
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (closable || next ? onOpenChange(next) : undefined)}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-ink/50 backdrop-blur-sm" />
        <RadixDialog.Content
          role={role}
          onCloseAutoFocus={(e) => {
            if (returnFocus?.current) {
              e.preventDefault();
              returnFocus.current.focus();
            }
          }}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none sm:p-7',
            size === 'sm' ? 'max-w-sm' : size === 'md' ? 'max-w-md' : 'max-w-2xl',
          )}
        >
          <RadixDialog.Title className={cn('text-lg font-bold tracking-tight text-ink', closable && 'pr-10')}>{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-1.5 text-sm text-muted">{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          {children && <div className="mt-5">{children}</div>}
          {closable && (
            <RadixDialog.Close
              aria-label="Close"
              className="absolute top-3 right-3 flex h-11 w-11 items-center justify-center rounded-xl text-muted hover:bg-surface hover:text-ink"
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A question with a confirming and a cancelling answer (Cancel first, so Enter does not confirm by accident). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  tone = 'primary',
  pending = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  tone?: 'primary' | 'danger';
  pending?: boolean;
  children?: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      size="sm"
      role="alertdialog"
      closable={!pending}
    >
      {children}
      <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', children ? 'mt-5' : undefined)}>
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button variant={tone} onClick={onConfirm} pending={pending}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
