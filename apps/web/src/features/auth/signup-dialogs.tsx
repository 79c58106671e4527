import { CircleCheck } from 'lucide-react';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';

// The sign-up page's two overlays. They load on their own after the page's first paint (issue 12):
// neither can show before the form has been sent.

/**
 * 'Email Verified', then profile setup. While it is open the page behind is hidden from assistive
 * technology, so the overlay carries the page's main landmark and its level-one heading (issue 19).
 * spec: auth-onboarding §2 Sign-up
 */
export function VerifiedDialog({ onContinue }: { onContinue: () => void }) {
  return (
    <Dialog
      open
      closable={false}
      landmark
      size="sm"
      align="center"
      icon={<CircleCheck className="h-14 w-14 text-success" aria-hidden="true" />}
      title="Email Verified"
      description="Your account is ready. Let's set up your profile; we'll take you there in a moment."
    >
      <Button className="w-full" onClick={onContinue}>
        Click here
      </Button>
    </Dialog>
  );
}

/** A registration that failed in an unexpected way; Escape or a click outside closes it. */
export function UnexpectedDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      closeButton={false}
      size="sm"
      align="center"
      title="Unexpected error"
      description="Something went wrong. Please try again."
    />
  );
}
