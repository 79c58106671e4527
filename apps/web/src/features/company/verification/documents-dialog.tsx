import { FileCheck2 } from 'lucide-react';
import { Link } from 'react-router';
import { VERIFICATION_API_MESSAGES } from '@talentloop/contract/api/company-verification';
import { buttonClass } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { COMPANY_HOME } from '../company-guards.tsx';

// spec: profile-company §2 Manual: 'Documents Submitted', its text and 'Return to Dashboard'.

export function DocumentsSubmittedDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title={
        <span className="flex items-center gap-2">
          <FileCheck2 className="h-6 w-6 text-success" aria-hidden="true" />
          Documents Submitted
        </span>
      }
      description={VERIFICATION_API_MESSAGES.documentsSubmitted}
    >
      <Link to={COMPANY_HOME} className={buttonClass('primary', 'w-full')}>
        Return to Dashboard
      </Link>
    </Dialog>
  );
}
