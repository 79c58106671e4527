import {
  BILLING_MESSAGES,
  BILLING_MISSING_LABELS,
  type BillingReadiness,
  CompanyBillingFields,
  FreelancerBillingFields,
  TAX_NUMBER_LABELS,
  taxSchemeOf,
} from '@talentloop/contract/api/billing';
import { OTP_LENGTH } from '@talentloop/contract/limits';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { errorMessage } from '../../lib/error-message.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/field.tsx';
import { FailureAlert, type Failure } from '../../ui/form-actions.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { OtpInput } from '../../ui/otp-input.tsx';
import { COUNTRY_OPTIONS } from '../../ui/profile-form/country-options.ts';
import { SelectInput } from '../../ui/select-input.tsx';
import { notify } from '../../ui/toast.ts';
import { useCompanyBilling } from './api/get-company-billing.ts';
import { useFreelancerBilling } from './api/get-freelancer-billing.ts';
import { useSaveCompanyBilling } from './api/save-company-billing.ts';
import { useSaveFreelancerBilling } from './api/save-freelancer-billing.ts';
import { useSendBillingEmailCode } from './api/send-billing-email-code.ts';
import { useVerifyBillingEmail } from './api/verify-billing-email.ts';

// Billing details (issue 34): what every invoice prints about its two parties. The company: legal
// name, billing address, tax number where its country has a checked scheme, and a billing email
// proven by the mailed code. The freelancer: legal name and address. Checked by the contract's
// forms (CompanyBillingFields, FreelancerBillingFields); saves carry the version loaded.

type Values = {
  legalName: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  postalCode: string;
  country: string;
  taxNumber: string;
  billingEmail: string;
};
const EMPTY: Values = {
  legalName: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  postalCode: '',
  country: '',
  taxNumber: '',
  billingEmail: '',
};
const FAILED = { title: 'Could not save', message: 'Please try again.' };

function issuesOf(error: { issues: { path: PropertyKey[]; message: string }[] }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of error.issues) {
    const k = String(i.path[0] ?? '');
    if (!out[k]) out[k] = i.message;
  }
  return out;
}

function Readiness({ readiness, who }: { readiness: BillingReadiness; who: 'company' | 'freelancer' }) {
  if (readiness.ready) return <Alert tone="success">Complete: invoices carry these details.</Alert>;
  return (
    <Alert>
      {who === 'company' ? 'Before your first offer, add ' : 'Before you accept an offer, add '}
      {readiness.missing.map((m) => BILLING_MISSING_LABELS[m]).join(', ')}.
    </Alert>
  );
}

function AddressFields({
  id,
  v,
  set,
  errors,
  legalNameLabel,
}: {
  id: string;
  v: Values;
  set: (p: Partial<Values>) => void;
  errors: Record<string, string>;
  legalNameLabel: string;
}) {
  const scheme = v.country ? taxSchemeOf(v.country) : undefined;
  /** One text field of the address: the same id, value, change and error wiring for each. */
  const text = (key: 'legalName' | 'addressLine1' | 'addressLine2' | 'city' | 'postalCode', label: string, autoComplete: string) => (
    <TextField
      id={`${id}-${key}`}
      label={label}
      autoComplete={autoComplete}
      value={v[key]}
      onChange={(e) => set({ [key]: e.target.value })}
      error={errors[key]}
    />
  );
  return (
    <>
      {text('legalName', legalNameLabel, 'name')}
      {text('addressLine1', 'Street address', 'address-line1')}
      {text('addressLine2', 'Address line 2 (optional)', 'address-line2')}
      <div className="grid gap-4 sm:grid-cols-3">
        {text('city', 'Town or city', 'address-level2')}
        {text('postalCode', 'Postal code', 'postal-code')}
        <FormField id={`${id}-country`} label="Country" error={errors.country}>
          {(control) => (
            <SelectInput
              {...control}
              value={v.country}
              onChange={(c) => set({ country: c })}
              options={COUNTRY_OPTIONS}
              placeholder="Choose"
            />
          )}
        </FormField>
      </div>
      {scheme && (
        <TextField
          id={`${id}-taxNumber`}
          label={`${TAX_NUMBER_LABELS[scheme]} (optional)`}
          value={v.taxNumber}
          onChange={(e) => set({ taxNumber: e.target.value })}
          error={errors.taxNumber}
        />
      )}
    </>
  );
}

/** Saved and complete details, read back in one block; 'Edit' opens the form. */
function Summary({ v, onEdit, email }: { v: Values; onEdit: () => void; email?: boolean }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3 rounded-xl bg-surface p-4 text-sm">
      <address className="not-italic text-ink">
        <span className="font-semibold">{v.legalName}</span>
        <br />
        {[v.addressLine1, v.addressLine2].filter(Boolean).join(', ')}
        <br />
        {v.postalCode} {v.city}, {v.country}
        {v.taxNumber && (
          <>
            <br />
            Tax number {v.taxNumber}
          </>
        )}
        {email && v.billingEmail && (
          <>
            <br />
            Invoices to {v.billingEmail}
          </>
        )}
      </address>
      <Button variant="secondary" onClick={onEdit}>
        Edit billing details
      </Button>
    </div>
  );
}

function useValues(billing: (Omit<Partial<Values>, 'taxNumber'> & { taxNumber?: string | null }) | null | undefined) {
  const [v, setV] = useState<Values>(EMPTY);
  useEffect(() => {
    if (billing)
      setV({
        ...EMPTY,
        legalName: billing.legalName ?? '',
        addressLine1: billing.addressLine1 ?? '',
        addressLine2: billing.addressLine2 ?? '',
        city: billing.city ?? '',
        postalCode: billing.postalCode ?? '',
        country: billing.country ?? '',
        billingEmail: billing.billingEmail ?? '',
        taxNumber: billing.taxNumber ?? '',
      });
  }, [billing]);
  return [v, (p: Partial<Values>) => setV((old) => ({ ...old, ...p }))] as const;
}

function focusFirst(id: string, errors: Record<string, string>) {
  const first = Object.keys(errors)[0];
  if (first) document.getElementById(`${id}-${first}`)?.focus();
}

/** The company's billing details, with the billing email's code. */
export function CompanyBillingSection() {
  const id = useId();
  const billing = useCompanyBilling();
  const save = useSaveCompanyBilling();
  const sendCode = useSendBillingEmailCode();
  const verify = useVerifyBillingEmail();
  const [v, set] = useValues(billing.data?.billing);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [otp, setOtp] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [otpError, setOtpError] = useState<string>();
  const [editing, setEditing] = useState(false);
  const data = billing.data;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const parsed = CompanyBillingFields.safeParse({ ...v, taxNumber: v.taxNumber || null });
    const found = parsed.success ? {} : issuesOf(parsed.error);
    setErrors(found);
    if (!parsed.success || !data) return focusFirst(id, found);
    try {
      const res = await save.mutateAsync({ ...parsed.data, version: data.version });
      notify.success(res.responseMessage || BILLING_MESSAGES.saved);
      setEditing(false);
    } catch (err) {
      setFailure(errorMessage(err, { fallback: FAILED, codes: ['TL_CORE_34205_E'] }));
    }
  }

  const proven = data?.billing?.billingEmailProven;
  const savedEmail = data?.billing?.billingEmail;

  return (
    <section
      id="billing"
      aria-labelledby={`${id}-title`}
      className="scroll-mt-24 rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold tracking-tight text-ink">
        Billing details
      </h2>
      <p className="mt-1 text-sm text-muted">Every invoice to your company is addressed with these details.</p>
      {billing.isError ? (
        <div className="mt-3">
          <Alert>Failed to get your billing details. Please try again.</Alert>
        </div>
      ) : !data ? (
        <p className="mt-3 text-sm text-muted">Loading…</p>
      ) : (
        <div className="mt-4 space-y-4">
          <Readiness readiness={data.readiness} who="company" />
          {data.readiness.ready && !editing ? (
            <Summary v={v} email onEdit={() => setEditing(true)} />
          ) : (
            <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
              <AddressFields id={id} v={v} set={set} errors={errors} legalNameLabel="Legal name of the company" />
              <TextField
                id={`${id}-billingEmail`}
                label="Billing email"
                type="email"
                autoComplete="email"
                value={v.billingEmail}
                onChange={(e) => set({ billingEmail: e.target.value })}
                error={errors.billingEmail}
                hint="Invoices are sent here. An address you have not proven yet gets a code."
              />
              <FailureAlert failure={failure} />
              <div className="flex justify-end">
                <Button type="submit" pending={save.isPending}>
                  Save billing details
                </Button>
              </div>
            </form>
          )}
          {savedEmail && !proven && (
            <div className="space-y-3 rounded-xl bg-surface p-4">
              <p className="text-sm text-ink">
                Prove <span className="font-semibold break-all">{savedEmail}</span> with the {OTP_LENGTH}-digit code we mail to it.
              </p>
              {!codeSent ? (
                <Button
                  variant="secondary"
                  pending={sendCode.isPending}
                  onClick={() =>
                    sendCode.mutate(
                      { email: savedEmail },
                      {
                        onSuccess: (res) => {
                          setCodeSent(true);
                          notify.success(res.responseMessage || BILLING_MESSAGES.emailCodeSent);
                        },
                        onError: (err) => {
                          const s = errorMessage(err, { fallback: FAILED, codes: ['TL_CORE_34206_E'] });
                          notify.error(s.title, s.message);
                        },
                      },
                    )
                  }
                >
                  Send the code
                </Button>
              ) : (
                <form
                  noValidate
                  className="space-y-3"
                  onSubmit={(e) => {
                    e.preventDefault();
                    if (otp.length !== OTP_LENGTH) return setOtpError(`Enter the ${OTP_LENGTH}-digit code.`);
                    setOtpError(undefined);
                    verify.mutate(
                      { email: savedEmail, otp },
                      {
                        onSuccess: (res) => notify.success(res.responseMessage || BILLING_MESSAGES.emailVerified),
                        onError: (err) => setOtpError(errorMessage(err, { fallback: FAILED, codes: ['TL_CORE_34206_E'] }).message),
                      },
                    );
                  }}
                >
                  <FormField id={`${id}-otp`} label="Code from the email" group error={otpError}>
                    {(control) => <OtpInput value={otp} onChange={setOtp} invalid={!!otpError} describedBy={control['aria-describedby']} />}
                  </FormField>
                  <Button type="submit" pending={verify.isPending}>
                    Verify billing email
                  </Button>
                </form>
              )}
            </div>
          )}
        </div>
      )}
    </section>
  );
}

/** The freelancer's legal name and address, for the invoices issued on their behalf. */
export function FreelancerBillingSection() {
  const id = useId();
  const billing = useFreelancerBilling();
  const save = useSaveFreelancerBilling();
  const [v, set] = useValues(billing.data?.billing);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [editing, setEditing] = useState(false);
  const data = billing.data;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const { billingEmail: _ignored, ...rest } = v;
    const parsed = FreelancerBillingFields.safeParse({ ...rest, taxNumber: v.taxNumber || null });
    const found = parsed.success ? {} : issuesOf(parsed.error);
    setErrors(found);
    if (!parsed.success || !data) return focusFirst(id, found);
    try {
      const res = await save.mutateAsync({ ...parsed.data, version: data.version });
      notify.success(res.responseMessage || BILLING_MESSAGES.saved);
      setEditing(false);
    } catch (err) {
      setFailure(errorMessage(err, { fallback: FAILED, codes: ['TL_CORE_34205_E'] }));
    }
  }

  return (
    <section
      id="billing"
      aria-labelledby={`${id}-title`}
      className="scroll-mt-24 rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold tracking-tight text-ink">
        Billing details
      </h2>
      <p className="mt-1 text-sm text-muted">Invoices issued on your behalf carry your legal name and address.</p>
      {billing.isError ? (
        <div className="mt-3">
          <Alert>Failed to get your billing details. Please try again.</Alert>
        </div>
      ) : !data ? (
        <p className="mt-3 text-sm text-muted">Loading…</p>
      ) : data.readiness.ready && !editing ? (
        <div className="mt-4 space-y-4">
          <Readiness readiness={data.readiness} who="freelancer" />
          <Summary v={v} onEdit={() => setEditing(true)} />
        </div>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 space-y-4">
          <Readiness readiness={data.readiness} who="freelancer" />
          <AddressFields id={id} v={v} set={set} errors={errors} legalNameLabel="Full legal name" />
          <FailureAlert failure={failure} />
          <div className="flex justify-end">
            <Button type="submit" pending={save.isPending}>
              Save billing details
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
