import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Dialog } from '../../../ui/dialog.tsx';
import { buttonClass } from '../../../ui/button.tsx';
import { COMPANY_HOME } from '../company-guards.tsx';

// spec: profile-company §2 Instant: 'Verification Successful!', its text and 'Browse Freelancers';
// closes on an outside click (Radix). Talent search opens from the company home (a later issue).

export function VerificationSuccessDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title={
        <span className="flex items-center gap-2">
          <CircleCheck className="h-6 w-6 text-success" aria-hidden="true" />
          Verification Successful!
        </span>
      }
      description="Your company has been verified. You can now start hiring talented freelancers to grow your business"
    >
      <Link to={COMPANY_HOME} className={buttonClass('primary', 'w-full')}>
        Browse Freelancers
      </Link>
    </Dialog>
  );
}
