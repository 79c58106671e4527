import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { InstantVerificationForm } from './verification/instant-form.tsx';

// Account Verification (spec: profile-company §2): step 1 picks a method, then its form. Instant
// works now; documents and a support call come in the next slice and say so (no fake buttons).

type Method = 'instant' | 'documents' | 'support';

const METHODS: ReadonlyArray<{ key: Method; label: string; text: string; ready: boolean }> = [
  { key: 'instant', label: 'Instant verification', text: 'Check your registration number and company email now.', ready: true },
  { key: 'documents', label: 'Submit documents', text: 'Upload a registration document for review. Coming soon.', ready: false },
  { key: 'support', label: 'Book a call with support', text: 'Verify on a short call with our team. Coming soon.', ready: false },
];

export function VerificationTab({ status, onBack }: { status: string | undefined; onBack: () => void }) {
  const [step, setStep] = useState<'choose' | Method>('choose');
  const [choice, setChoice] = useState<Method>('instant');

  if (status === 'verified' && step === 'choose') {
    return (
      <div className="space-y-6">
        <div className="flex items-start gap-4 rounded-xl border border-line bg-surface p-5">
          <ShieldCheck className="mt-0.5 h-6 w-6 shrink-0 text-success" aria-hidden="true" />
          <div>
            <p className="font-semibold">Your company is verified</p>
            <p className="mt-1 text-sm text-muted">You can shortlist and hire vetted talent.</p>
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

  if (step === 'instant') return <InstantVerificationForm onBack={() => setStep('choose')} />;

  return (
    <div className="space-y-6">
      <div className="flex items-start gap-4 rounded-xl border border-line bg-surface p-5">
        <ShieldAlert className="mt-0.5 h-6 w-6 shrink-0 text-warning" aria-hidden="true" />
        <div>
          <p className="font-semibold">{status === 'pending' ? 'Verification pending' : 'Not verified yet'}</p>
          <p className="mt-1 text-sm text-muted">Until your company is verified, talent search stays closed.</p>
        </div>
      </div>
      <fieldset>
        <legend className="mb-3 text-sm font-semibold">Choose how to verify</legend>
        <div className="space-y-3">
          {METHODS.map((m) => (
            <label
              key={m.key}
              className={`flex items-start gap-3 rounded-xl border p-4 ${choice === m.key ? 'border-brand-700 bg-brand-50' : 'border-line'} ${m.ready ? 'cursor-pointer' : 'cursor-not-allowed opacity-70'}`}
            >
              <input
                type="radio"
                name="verification-method"
                value={m.key}
                checked={choice === m.key}
                disabled={!m.ready}
                onChange={() => setChoice(m.key)}
                className="mt-1 h-4 w-4 accent-brand-700"
              />
              <span>
                <span className="block font-medium">{m.label}</span>
                <span className="block text-sm text-muted">{m.text}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap justify-between gap-3 border-t border-line pt-6">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button onClick={() => setStep(choice)}>Continue</Button>
      </div>
    </div>
  );
}
