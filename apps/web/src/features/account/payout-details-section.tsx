import {
  PAYOUT_LINE_STATUS_LABELS,
  PAYOUT_MESSAGES,
  PAYOUT_METHOD_LABELS,
  type PayoutDetailsFields,
  PayoutDetailsFields as PayoutDetailsSchema,
  type PayoutMethod,
} from '@talentloop/contract/api/payouts';
import { formatMoney } from '@talentloop/contract/rules/money';
import { Landmark } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { errorCode, errorMessage } from '../../lib/error-message.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/field.tsx';
import { EditorSection, SectionSkeleton } from '../../ui/profile-form/editor-section.tsx';
import { LoadError } from '../../ui/section-boundary.tsx';
import { notify } from '../../ui/toast.ts';
import { useConfirmPayoutDetails, useMyPayouts, usePayoutDetails, useRequestPayoutCode } from './api/payout-details.ts';

// Payout details (issue 35, decision 215): where the freelancer's money goes, an IBAN with BIC or an
// Indian account with IFSC, the contract's one rule checking both. Saved only with the code mailed
// to the account's address; shown masked once saved. Below: each payout and the day it was paid.

type Values = { accountHolder: string; iban: string; bic: string; accountNumber: string; ifsc: string };
const EMPTY: Values = { accountHolder: '', iban: '', bic: '', accountNumber: '', ifsc: '' };

const formatDay = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

export function PayoutDetailsSection() {
  return (
    <EditorSection
      id="payouts"
      title="Payout Details"
      description="The bank account your earnings are paid to. A change needs a code we email to you, and we tell you each time it changes."
    >
      <PayoutDetails />
      <MyPayouts />
    </EditorSection>
  );
}

function PayoutDetails() {
  const details = usePayoutDetails();
  const [editing, setEditing] = useState(false);
  if (details.isError) return <LoadError what="your payout details" onRetry={() => details.refetch()} />;
  if (!details.data) return <SectionSkeleton rows={3} />;
  const saved = details.data.details;
  if (saved && !editing) {
    return (
      <div className="space-y-4">
        <dl className="grid gap-3 rounded-xl bg-surface p-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted">Account holder</dt>
            <dd className="font-semibold break-words text-ink">{saved.accountHolder}</dd>
          </div>
          <div>
            <dt className="text-muted">{saved.method === 'iban' ? 'IBAN' : 'Account number'}</dt>
            <dd className="font-semibold text-ink" data-testid="payout-account">
              {saved.accountMasked}
            </dd>
          </div>
          <div>
            <dt className="text-muted">{saved.method === 'iban' ? 'BIC' : 'IFSC'}</dt>
            <dd className="font-semibold text-ink">{saved.bankCode}</dd>
          </div>
        </dl>
        <Button variant="secondary" onClick={() => setEditing(true)}>
          Change payout details
        </Button>
      </div>
    );
  }
  return (
    <PayoutForm version={details.data.version} onDone={() => setEditing(false)} onCancel={saved ? () => setEditing(false) : undefined} />
  );
}

function PayoutForm({ version, onDone, onCancel }: { version: number; onDone: () => void; onCancel?: () => void }) {
  const [method, setMethod] = useState<PayoutMethod>('iban');
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [codeSent, setCodeSent] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const ask = useRequestPayoutCode();
  const confirm = useConfirmPayoutDetails();
  const groupId = useId();

  const set = (key: keyof Values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

  function fields(): PayoutDetailsFields {
    return method === 'iban'
      ? { method, accountHolder: values.accountHolder, iban: values.iban, bic: values.bic }
      : { method, accountHolder: values.accountHolder, accountNumber: values.accountNumber, ifsc: values.ifsc };
  }

  async function sendCode(e: FormEvent) {
    e.preventDefault();
    setFormError(undefined);
    const parsed = PayoutDetailsSchema.safeParse(fields());
    if (!parsed.success) {
      const found: Partial<Record<keyof Values, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Values;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await ask.mutateAsync({ details: fields(), version });
      setCodeSent(true);
    } catch (err) {
      setFormError(errorMessage(err, { fallback: { title: 'Code not sent', message: 'Please try again.' }, codes: 'all' }).message);
    }
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!/^\d{5}$/.test(code)) {
      setCodeError('Enter the 5-digit code.');
      return;
    }
    setCodeError(undefined);
    try {
      await confirm.mutateAsync({ otp: code, version });
      notify.success(PAYOUT_MESSAGES.saved);
      onDone();
    } catch (err) {
      const shown = errorMessage(err, { fallback: { title: 'Not saved', message: 'Please try again.' }, codes: 'all' });
      if (errorCode(err) === 'TL_CORE_01015_E' || errorCode(err) === 'TL_CORE_01016_E') setCodeError(shown.message);
      else setFormError(shown.message);
    }
  }

  if (codeSent) {
    return (
      <form onSubmit={save} noValidate className="max-w-md space-y-4">
        <p className="rounded-xl bg-surface p-4 text-sm text-ink" role="status">
          {PAYOUT_MESSAGES.codeSent}
        </p>
        <TextField
          label="Code from the email"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={5}
          value={code}
          onChange={(e) => setCode(e.target.value.trim())}
          error={codeError}
        />
        {formError && (
          <p role="alert" className="text-sm text-danger">
            {formError}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" pending={confirm.isPending}>
            Save payout details
          </Button>
          <Button type="button" variant="secondary" onClick={() => setCodeSent(false)}>
            Back
          </Button>
        </div>
      </form>
    );
  }

  return (
    <form onSubmit={sendCode} noValidate className="max-w-xl space-y-4">
      <fieldset>
        <legend id={groupId} className="text-sm font-semibold text-ink">
          Account type
        </legend>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-6">
          {(['iban', 'india'] as const).map((m) => (
            <label key={m} className="flex min-h-11 items-center gap-2 text-sm">
              <input type="radio" name="payout-method" value={m} checked={method === m} onChange={() => setMethod(m)} className="h-4 w-4" />
              {PAYOUT_METHOD_LABELS[m]}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label="Account holder"
        autoComplete="name"
        value={values.accountHolder}
        onChange={set('accountHolder')}
        error={errors.accountHolder}
      />
      {method === 'iban' ? (
        <>
          <TextField label="IBAN" autoComplete="off" spellCheck={false} value={values.iban} onChange={set('iban')} error={errors.iban} />
          <TextField
            label="BIC (SWIFT code)"
            autoComplete="off"
            spellCheck={false}
            value={values.bic}
            onChange={set('bic')}
            error={errors.bic}
          />
        </>
      ) : (
        <>
          <TextField
            label="Account number"
            inputMode="numeric"
            autoComplete="off"
            value={values.accountNumber}
            onChange={set('accountNumber')}
            error={errors.accountNumber}
          />
          <TextField label="IFSC" autoComplete="off" spellCheck={false} value={values.ifsc} onChange={set('ifsc')} error={errors.ifsc} />
        </>
      )}
      {formError && (
        <p role="alert" className="text-sm text-danger">
          {formError}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" pending={ask.isPending}>
          Email me a code
        </Button>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

function MyPayouts() {
  const payouts = useMyPayouts();
  if (payouts.isError) return <LoadError what="your payouts" onRetry={() => payouts.refetch()} />;
  const list = payouts.data?.payouts ?? [];
  return (
    <section aria-labelledby="my-payouts-heading" className="mt-8">
      <h3 id="my-payouts-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Landmark className="h-5 w-5 text-brand-700" aria-hidden="true" />
        Payouts
      </h3>
      {!payouts.data ? (
        <SectionSkeleton rows={1} />
      ) : list.length === 0 ? (
        <p className="mt-3 rounded-xl bg-surface p-4 text-sm text-muted">
          No payouts yet. Approved and released earnings are paid out in the next payout batch.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-line rounded-xl border border-line">
          {list.map((p) => (
            <li key={p.id} className="flex flex-col gap-1 p-4 text-sm sm:flex-row sm:items-center sm:justify-between">
              <span className="font-semibold text-ink">{formatMoney(p.amountMinor, p.currency)}</span>
              <span className="text-muted">to {p.accountMasked}</span>
              <span className="font-medium text-ink" data-testid="payout-status">
                {p.status === 'paid' && p.paidOn
                  ? `Paid on ${formatDay(p.paidOn)}`
                  : p.status === 'returned'
                    ? `Returned: ${p.returnedReason ?? ''}`
                    : PAYOUT_LINE_STATUS_LABELS[p.status]}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
