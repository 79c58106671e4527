import { VERIFICATION_API_MESSAGES } from '@talentloop/contract/api/company-verification';
import { companyVerificationPath } from '@talentloop/contract';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../ui/button.tsx';
import { useCompanyHome } from '../api/get-company-home.ts';
import { ContactTab } from '../contact-form.tsx';

// Account & Verification: the contact form of profile setup (same saved data) and the company's
// verification state with the way to the Account Verification tab.

const STATUS_TEXT = {
  verified: { title: 'Your company is verified', text: 'You can shortlist and hire vetted talent.' },
  pending: { title: 'Verification pending', text: 'We are reviewing your company. We will email you the outcome.' },
  unverified: { title: 'Not verified yet', text: VERIFICATION_API_MESSAGES.unverified },
} as const;

export function AccountSection() {
  const home = useCompanyHome();
  const status = home.data?.verificationStatus;
  const shown = status ? (STATUS_TEXT[status as keyof typeof STATUS_TEXT] ?? STATUS_TEXT.unverified) : null;
  return (
    <div className="space-y-8">
      <section aria-labelledby="verification-status-heading" className="rounded-xl border border-line bg-surface p-5">
        {shown ? (
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex items-start gap-4">
              {status === 'verified' ? (
                <ShieldCheck className="mt-0.5 h-6 w-6 shrink-0 text-success" aria-hidden="true" />
              ) : (
                <ShieldAlert className="mt-0.5 h-6 w-6 shrink-0 text-warning" aria-hidden="true" />
              )}
              <div>
                <h3 id="verification-status-heading" className="font-semibold">
                  {shown.title}
                </h3>
                <p className="mt-1 text-sm text-muted">{shown.text}</p>
              </div>
            </div>
            {status !== 'verified' && (
              <Link to={companyVerificationPath} className={buttonClass('secondary', 'shrink-0')}>
                {status === 'pending' ? 'See verification' : 'Verify your company'}
              </Link>
            )}
          </div>
        ) : (
          <div aria-busy="true" className="h-12 animate-pulse rounded-lg bg-line">
            <h3 id="verification-status-heading" className="sr-only">
              Verification status loading
            </h3>
          </div>
        )}
      </section>
      <div>
        <h3 className="mb-4 text-lg font-semibold">Contact information</h3>
        <ContactTab onSaved={() => {}} submitLabel="Save changes" />
      </div>
    </div>
  );
}
