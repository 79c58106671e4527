import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { Fragment, type ReactNode, type RefObject, useLayoutEffect, useRef } from 'react';
import { Button } from './button.tsx';
import { cn } from './cn.ts';

/**
 * Where focus goes when a dialog opened by a plain button (not a Dialog.Trigger) closes. A function
 * that answers `false` leaves it to the default: the element that had focus when the dialog opened.
 */
export type ReturnFocus = RefObject<HTMLElement | null> | (() => unknown);

/**
 * The frame every overlay shares: Radix gives the focus trap, Escape and outside click; this adds the
 * overlay, the portal and the return of focus. Radix returns focus only to a Dialog.Trigger, and our
 * dialogs open from plain buttons (or a key), so without `returnFocus` focus fell to <body>: the
 * frame remembers what had focus when it opened and gives it back on close. `className` places and shapes the panel (a centred
 * card in `Dialog`, a side drawer in the shell).
 */
export function DialogFrame({
  open,
  onOpenChange,
  returnFocus,
  role = 'dialog',
  className,
  overlayClassName,
  describedBy,
  children,
}: {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  returnFocus?: ReturnFocus;
  role?: 'dialog' | 'alertdialog';
  className: string;
  overlayClassName?: string;
  /** The id of the text that describes the dialog when it is not a `DialogDescription`. */
  describedBy?: string;
  children: ReactNode;
}) {
  const opener = useRef<HTMLElement | null>(null);
  // Before Radix moves focus into the dialog (its focus scope does that in a passive effect).
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);
  useInertPage(open);
  const backToOpener = () => {
    let el = opener.current;
    opener.current = null;
    // Focus must not act: a tab that is not selected activates on focus (Radix's automatic
    // activation), which would redo the move the dialog was asked about (the leave question's
    // 'Stay' after an arrow key on the wizard's tabs). Its list's selected tab takes focus instead.
    if (el?.getAttribute('role') === 'tab' && el.getAttribute('aria-selected') !== 'true')
      el = el.closest('[role="tablist"]')?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]') ?? null;
    if (el?.isConnected) el.focus();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={cn('fixed inset-0 z-50 bg-ink/50 backdrop-blur-sm', overlayClassName)} />
        <RadixDialog.Content
          role={role}
          {...(describedBy ? { 'aria-describedby': describedBy } : {})}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (typeof returnFocus === 'function') {
              if (returnFocus() === false) backToOpener();
            } else if (returnFocus?.current) {
              returnFocus.current.focus();
            } else {
              backToOpener();
            }
          }}
          className={cn('z-50 bg-white focus:outline-none', className)}
        >
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A dialog's name; for dialogs whose heading changes with what they show (else `Dialog`'s `title`). */
export function DialogTitle({ className, level = 2, children }: { className?: string; level?: 1 | 2; children: ReactNode }) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <RadixDialog.Title asChild>
      <Heading className={cn('text-lg font-bold tracking-tight text-ink', className)}>{children}</Heading>
    </RadixDialog.Title>
  );
}

/** The text under a dialog's name that describes it. */
export function DialogDescription({ className, children }: { className?: string; children: ReactNode }) {
  return <RadixDialog.Description className={cn('mt-1.5 text-sm text-muted', className)}>{children}</RadixDialog.Description>;
}

/** The X in a dialog's corner (its name says what it closes). */
export function DialogClose({ label = 'Close', className }: { label?: string; className?: string }) {
  return (
    <RadixDialog.Close
      aria-label={label}
      className={cn('flex h-11 w-11 items-center justify-center rounded-xl text-muted hover:bg-surface hover:text-ink', className)}
    >
      <X className="h-5 w-5" aria-hidden="true" />
    </RadixDialog.Close>
  );
}

/**
 * One dialog part: a centred card with an optional icon, the title, a description, the body, a footer
 * (its buttons) and the X. `returnFocus` says where focus goes when a dialog opened by a plain button
 * closes. Without `title` the body names the dialog itself (`DialogTitle`). `landmark` makes the card
 * the page's main landmark with a level-one heading, for an overlay that stands in for its page.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  icon,
  children,
  footer,
  size = 'md',
  align = 'start',
  closable = true,
  closeButton = closable,
  landmark = false,
  returnFocus,
  role = 'dialog',
}: {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  title?: ReactNode;
  description?: ReactNode;
  /** Shown above the title. */
  icon?: ReactNode;
  children?: ReactNode;
  /** The dialog's buttons, under the body. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  align?: 'start' | 'center';
  /** Lets Escape and outside clicks close it. */
  closable?: boolean;
  /** Shows the X button (with `closable`, unless told not to). */
  closeButton?: boolean;
  landmark?: boolean;
  returnFocus?: ReturnFocus;
  role?: 'dialog' | 'alertdialog';
}) {
  const Wrapper = landmark ? 'main' : Fragment;
  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => (closable || next ? onOpenChange?.(next) : undefined)}
      returnFocus={returnFocus}
      role={role}
      className={cn(
        'fixed top-1/2 left-1/2 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl p-6 shadow-xl sm:p-7',
        size === 'sm' ? 'max-w-sm' : size === 'md' ? 'max-w-md' : 'max-w-2xl',
        align === 'center' && 'text-center',
      )}
    >
      <Wrapper>
        {icon && <div className={cn('mb-4 flex', align === 'center' && 'justify-center')}>{icon}</div>}
        {title !== undefined && (
          <>
            <DialogTitle level={landmark ? 1 : 2} className={cn(closeButton && 'pr-10', align === 'center' && closeButton && 'pl-10')}>
              {title}
            </DialogTitle>
            {description ? (
              <DialogDescription>{description}</DialogDescription>
            ) : (
              <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
            )}
          </>
        )}
        {children && <div className={title !== undefined ? 'mt-5' : undefined}>{children}</div>}
        {footer && <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div>}
      </Wrapper>
      {closeButton && closable && <DialogClose className="absolute top-3 right-3" />}
    </DialogFrame>
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
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button variant={tone} onClick={onConfirm} pending={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}

/** The open modal dialogs, for the page behind them (one count for the whole document). */
let openModals = 0;

/**
 * While a modal dialog is open the app behind it is `inert`: nothing there takes focus, clicks or
 * keys. Radix's focus scope only pulls focus back from elements of this document; a frame behind
 * the dialog (the console's PDF preview, whose viewer takes focus when it finishes loading) kept
 * it, and then Escape went to the viewer and the dialog stayed open. The dialogs are portalled
 * beside the app's root, so they stay live. Lifted when `open` turns false, before Radix gives
 * focus back to the opener (which is in the app).
 */
function useInertPage(open: boolean) {
  useLayoutEffect(() => {
    const app = document.getElementById('root');
    if (!open || !app) return;
    openModals += 1;
    app.setAttribute('inert', '');
    return () => {
      openModals -= 1;
      if (openModals === 0) app.removeAttribute('inert');
    };
  }, [open]);
}
