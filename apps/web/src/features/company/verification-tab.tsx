import { useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { FormActions } from '../../ui/form-actions.tsx';
import { DocumentsVerificationForm } from './verification/documents-form.tsx';
import { InstantVerificationForm } from './verification/instant-form.tsx';
import { useCompanyVerification } from './api/get-verification.ts';
import { VerificationStatus } from './verification/verification-status.tsx';
import { SupportBooking } from './verification/support-booking.tsx';

// Account Verification (spec: profile-company §2): the company's state (verified, documents under
// review, rejected with the reason, withdrawn), then step 1 picks a method, then its form. Documents
// cannot be sent again while a submission is under review.

type Method = 'instant' | 'documents' | 'support';

const METHODS: ReadonlyArray<{ key: Method; label: string; text: string; ready: boolean }> = [
  { key: 'instant', label: 'Instant verification', text: 'Check your registration number and company email now.', ready: true },
  {
    key: 'documents',
    label: 'Submit documents',
    text: 'Upload a registration document; our team reviews it within 24 hours.',
    ready: true,
  },
  { key: 'support', label: 'Book a call with support', text: 'Verify on a short call with our team.', ready: true },
];

export function VerificationTab({ status, onBack }: { status: string | undefined; onBack: () => void }) {
  const [step, setStep] = useState<'choose' | Method>('choose');
  const [choice, setChoice] = useState<Method>('instant');
  const state = useCompanyVerification();
  const verification = state.data?.verification;
  const current = verification?.status ?? status;
  const reviewing = verification?.documents?.status === 'pending';
  const ready = (m: (typeof METHODS)[number]) => m.ready && !(m.key === 'documents' && reviewing);

  if (current === 'verified' && step === 'choose') {
    return (
      <div className="space-y-6">
        <VerificationStatus verification={verification} />
        <div className="flex border-t border-line pt-6">
          <Button variant="secondary" onClick={onBack}>
            Back
          </Button>
        </div>
      </div>
    );
  }

  if (step === 'instant') return <InstantVerificationForm onBack={() => setStep('choose')} />;
  if (step === 'documents') {
    const submitted = () => {
      // Documents cannot be sent again while under review: the choice moves back to the first method.
      setChoice('instant');
      setStep('choose');
    };
    return <DocumentsVerificationForm onBack={() => setStep('choose')} onSubmitted={submitted} />;
  }
  if (step === 'support') return <SupportBooking onBack={() => setStep('choose')} />;

  return (
    <div className="space-y-6">
      <VerificationStatus verification={verification} />
      <fieldset>
        <legend className="mb-3 text-sm font-semibold">Choose how to verify</legend>
        <div className="space-y-3">
          {METHODS.map((m) => (
            <label
              key={m.key}
              className={`flex items-start gap-3 rounded-xl border p-4 ${choice === m.key ? 'border-brand-700 bg-brand-50' : 'border-line'} ${ready(m) ? 'cursor-pointer' : 'cursor-not-allowed opacity-70'}`}
            >
              <input
                type="radio"
                name="verification-method"
                value={m.key}
                checked={choice === m.key}
                disabled={!ready(m)}
                onChange={() => setChoice(m.key)}
                className="mt-1 h-4 w-4 accent-brand-700"
              />
              <span>
                <span className="block font-medium">{m.label}</span>
                <span className="block text-sm text-muted">
                  {m.key === 'documents' && reviewing ? 'Your documents are under review.' : m.text}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <FormActions onBack={onBack} submitLabel="Continue" onMain={() => setStep(choice)} />
    </div>
  );
}
