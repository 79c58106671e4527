import { CircleCheck } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Button } from '../../ui/button.tsx';

// The sign-up page's two overlays. They load on their own after the page's first paint (issue 12):
// neither can show before the form has been sent.

/** 'Email Verified', then profile setup. spec: auth-onboarding §2 Sign-up */
export function VerifiedDialog({ onContinue }: { onContinue: () => void }) {
  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/50 backdrop-blur-sm" />
        <Dialog.Content
          aria-describedby="verified-text"
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-8 text-center shadow-xl"
        >
          {/* While it is open the page behind is hidden from assistive technology, so the overlay
              carries the page's main landmark and its level-one heading (issue 19). */}
          <main>
            <CircleCheck className="mx-auto h-14 w-14 text-success" aria-hidden="true" />
            <Dialog.Title asChild>
              <h1 className="mt-4 text-xl font-bold">Email Verified</h1>
            </Dialog.Title>
            <p id="verified-text" className="mt-2 text-sm text-muted">
              Your account is ready. Let's set up your profile; we'll take you there in a moment.
            </p>
            <Button className="mt-6 w-full" onClick={onContinue}>
              Click here
            </Button>
          </main>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A registration that failed in an unexpected way. */
export function UnexpectedDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 text-center shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Unexpected error</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted">Something went wrong. Please try again.</Dialog.Description>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
