import { type CompanyVerificationRead, VERIFICATION_API_MESSAGES } from '@talentloop/contract/api/company-verification';
import { documentTypeLabel } from '@talentloop/contract/lists/company';
import { Clock3, ShieldAlert, ShieldCheck, ShieldX } from 'lucide-react';
import type { ReactNode } from 'react';

// What the Account Verification tab says about the company's state: verified (and how), documents
// under review, documents rejected (with the operator's reason), or a verification withdrawn because
// the evidence changed.

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Panel({ icon, title, children, tone }: { icon: ReactNode; title: string; children?: ReactNode; tone: 'ok' | 'wait' | 'bad' }) {
  const border = tone === 'ok' ? 'border-line' : tone === 'wait' ? 'border-line' : 'border-danger';
  return (
    <section aria-label={title} className={`flex items-start gap-4 rounded-xl border ${border} bg-surface p-5`}>
      {icon}
      <div className="min-w-0">
        <h3 className="font-semibold">{title}</h3>
        <div className="mt-1 space-y-1 text-sm text-muted">{children}</div>
      </div>
    </section>
  );
}

export function VerificationStatus({ verification }: { verification: CompanyVerificationRead | undefined }) {
  const v = verification;
  if (v?.status === 'verified') {
    return (
      <Panel
        tone="ok"
        title="Your company is verified"
        icon={<ShieldCheck className="mt-0.5 h-6 w-6 shrink-0 text-success" aria-hidden="true" />}
      >
        <p>
          {v.method === 'documents' ? 'Verified by document review' : 'Verified instantly'}
          {v.verifiedAt ? ` on ${when(v.verifiedAt)}` : ''}. You can shortlist and hire vetted talent.
        </p>
      </Panel>
    );
  }
  const docs = v?.documents;
  if (docs?.status === 'pending') {
    return (
      <Panel
        tone="wait"
        title="Documents under review"
        icon={<Clock3 className="mt-0.5 h-6 w-6 shrink-0 text-warning" aria-hidden="true" />}
      >
        <p>
          {documentTypeLabel(docs.documentType)}, submitted {when(docs.submittedAt)}. Our team reviews documents within 24 hours; we will
          email you the outcome.
        </p>
      </Panel>
    );
  }
  return (
    <div className="space-y-3">
      {v?.revoked && (
        <Panel
          tone="bad"
          title="Your verification was withdrawn"
          icon={<ShieldX className="mt-0.5 h-6 w-6 shrink-0 text-danger" aria-hidden="true" />}
        >
          <p>{v.revoked.reason}</p>
        </Panel>
      )}
      {docs?.status === 'rejected' && (
        <Panel
          tone="bad"
          title="Documents not accepted"
          icon={<ShieldX className="mt-0.5 h-6 w-6 shrink-0 text-danger" aria-hidden="true" />}
        >
          <p>
            <span className="font-medium text-ink">Reason: </span>
            {docs.reason}
          </p>
          <p>You can submit new documents below.</p>
        </Panel>
      )}
      {!v?.revoked && docs?.status !== 'rejected' && (
        <Panel
          tone="wait"
          title="Not verified yet"
          icon={<ShieldAlert className="mt-0.5 h-6 w-6 shrink-0 text-warning" aria-hidden="true" />}
        >
          <p>{VERIFICATION_API_MESSAGES.unverified}</p>
        </Panel>
      )}
    </div>
  );
}
