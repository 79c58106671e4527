import { paths } from '@talentloop/contract';
import { VERIFICATION_API_MESSAGES } from '@talentloop/contract/api/company-verification';
import { CircleCheck, FileCheck2 } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { COMPANY_HOME } from '../company-guards.tsx';

// The dialogs a verification method ends with; each closes on an outside click (Radix).
// spec: profile-company §2 Instant: 'Verification Successful!', its text and 'Browse Freelancers'
// (opens the talent search, issue 20); §2 Manual: 'Documents Submitted', its text and 'Return to
// Dashboard'.
const OUTCOMES = {
  verified: {
    Icon: CircleCheck,
    title: 'Verification Successful!',
    description: 'Your company has been verified. You can now start hiring talented freelancers to grow your business',
    link: 'Browse Freelancers',
    to: paths.company.talent,
  },
  documents: {
    Icon: FileCheck2,
    title: 'Documents Submitted',
    description: VERIFICATION_API_MESSAGES.documentsSubmitted,
    link: 'Return to Dashboard',
    to: COMPANY_HOME,
  },
} as const;

/** The outcome of a verification method, with its way on (talent search or the company home); `onClosed` when dismissed. */
export function OutcomeDialog({ outcome, open, onClosed }: { outcome: keyof typeof OUTCOMES; open: boolean; onClosed: () => void }) {
  const { Icon, title, description, link, to } = OUTCOMES[outcome];
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClosed();
      }}
      size="sm"
      title={
        <span className="flex items-center gap-2">
          <Icon className="h-6 w-6 text-success" aria-hidden="true" />
          {title}
        </span>
      }
      description={description}
    >
      <Link to={to} className={buttonClass('primary', 'w-full')}>
        {link}
      </Link>
    </Dialog>
  );
}
