import { ShieldAlert } from 'lucide-react';
import { Button } from '../../ui/button.tsx';

// Account Verification, this slice: the current state, honestly. The three methods (instant
// registry check, documents, support call) come in the next slice of issue 11.

export function VerificationTab({ status, onBack }: { status: string | undefined; onBack: () => void }) {
  const verified = status === 'verified';
  return (
    <div className="space-y-6">
      <div className="flex items-start gap-4 rounded-xl border border-line bg-surface p-5">
        <ShieldAlert className="mt-0.5 h-6 w-6 shrink-0 text-warning" aria-hidden="true" />
        <div>
          <p className="font-semibold">
            {verified ? 'Your company is verified' : status === 'pending' ? 'Verification pending' : 'Not verified yet'}
          </p>
          <p className="mt-1 text-sm text-muted">
            {verified
              ? 'You can shortlist and hire vetted talent.'
              : 'Verification by an instant registry check, by documents or by a call with our support team is coming soon. Until your company is verified, talent search stays closed.'}
          </p>
        </div>
      </div>
      <div className="flex border-t border-line pt-6">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
      </div>
    </div>
  );
}
