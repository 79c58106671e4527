import {
  type EngagementKind,
  NOTICE_DAYS_MIN,
  PLATFORM_FEE_BPS,
  type Terms,
  TermsInput,
  feeOf,
} from '@talentloop/contract/api/engagements';
import type { BillingReadiness } from '@talentloop/contract/api/billing';
import { BILLING_MISSING_LABELS } from '@talentloop/contract/api/billing';
import { CURRENCIES, type Currency, parseAmount, toMajorString } from '@talentloop/contract/rules/money';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '../../lib/error-message.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { TextField, inputClass } from '../../ui/field.tsx';
import { FailureAlert, type Failure } from '../../ui/form-actions.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { SelectInput } from '../../ui/select-input.tsx';
import { money } from './format.ts';

// The offer (issue 34): the price up front. Role title, scope, hourly (rate and weekly cap) or
// fixed price (milestones), currency, start date, notice period and the week's time zone (the
// company's when left empty). Amounts are typed in major units and read as text by the contract's
// parseAmount; the terms are checked by the contract's TermsInput, whose messages show on the fields.
// The fee and the freelancer's net are shown as they will see them.

type MilestoneRow = { key: number; id?: string | null; title: string; amount: string; dueDate: string };
export type OfferValues = {
  roleTitle: string;
  scope: string;
  kind: EngagementKind;
  currency: Currency;
  rate: string;
  weeklyCapHours: string;
  milestones: MilestoneRow[];
  startDate: string;
  noticeDays: string;
  timeZone: string;
};

const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c, label: c }));
const ZONES: readonly string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
let rowKey = 0;
const newRow = (): MilestoneRow => ({ key: ++rowKey, title: '', amount: '', dueDate: '' });

/** The form's values for a new version of `terms` (the company's proposal starts from the terms in force). */
export function offerValuesOf(terms: Terms): OfferValues {
  return {
    roleTitle: terms.roleTitle,
    scope: terms.scope,
    kind: terms.kind,
    currency: terms.currency,
    rate: terms.rateMinor === null ? '' : toMajorString(terms.rateMinor, terms.currency),
    weeklyCapHours: terms.weeklyCapHours === null ? '40' : String(terms.weeklyCapHours),
    milestones: terms.milestones.map((m) => ({
      key: ++rowKey,
      id: m.id,
      title: m.title,
      amount: toMajorString(m.amountMinor, terms.currency),
      dueDate: m.dueDate,
    })),
    startDate: terms.startDate,
    noticeDays: String(terms.noticeDays),
    timeZone: terms.timeZone,
  };
}

/** The body the form's values make, or the problems by field name ('milestones.0.amountMinor'). */
export function readOffer(v: OfferValues): { body?: TermsInput; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  let rateMinor: number | null = null;
  if (v.kind === 'hourly') {
    const r = parseAmount(v.rate, v.currency);
    if ('error' in r) errors.rateMinor = v.rate.trim() ? r.error : 'Enter the hourly rate.';
    else rateMinor = r.amountMinor;
  }
  const milestones =
    v.kind === 'fixed'
      ? v.milestones.map((m, i) => {
          const a = parseAmount(m.amount, v.currency);
          if ('error' in a) errors[`milestones.${i}.amountMinor`] = m.amount.trim() ? a.error : 'Enter the amount.';
          return { ...(m.id ? { id: m.id } : {}), title: m.title, amountMinor: 'error' in a ? 1 : a.amountMinor, dueDate: m.dueDate };
        })
      : null;
  const body: TermsInput = {
    roleTitle: v.roleTitle,
    scope: v.scope,
    kind: v.kind,
    currency: v.currency,
    rateMinor: v.kind === 'hourly' ? (rateMinor ?? 1) : null,
    weeklyCapHours: v.kind === 'hourly' ? (v.weeklyCapHours.trim() === '' ? Number.NaN : Number(v.weeklyCapHours)) : null,
    milestones,
    startDate: v.startDate,
    noticeDays: v.noticeDays.trim() === '' ? Number.NaN : Number(v.noticeDays),
    ...(v.timeZone.trim() ? { timeZone: v.timeZone.trim() } : {}),
  };
  const parsed = TermsInput.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.');
      if (!errors[key]) errors[key] = issue.message;
    }
  }
  return Object.keys(errors).length ? { errors } : { body, errors };
}

export function OfferForm({
  freelancerName,
  billing,
  billingHref,
  onSubmit,
  onCancel,
  pending = false,
  initial,
  submitLabel = 'Send offer',
}: {
  freelancerName: string;
  billing: BillingReadiness | undefined;
  /** Where the company fills in its billing details. */
  billingHref: string;
  onSubmit: (body: TermsInput) => Promise<unknown>;
  onCancel: () => void;
  pending?: boolean;
  /** The values to start from (a new version of the terms in force); an empty offer when absent. */
  initial?: OfferValues;
  submitLabel?: string;
}) {
  const id = useId();
  const [v, setV] = useState<OfferValues>(
    () =>
      initial ?? {
        roleTitle: '',
        scope: '',
        kind: 'hourly',
        currency: 'USD',
        rate: '',
        weeklyCapHours: '40',
        milestones: [newRow()],
        startDate: '',
        noticeDays: String(NOTICE_DAYS_MIN),
        timeZone: '',
      },
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const set = (patch: Partial<OfferValues>) => setV((old) => ({ ...old, ...patch }));
  const setRow = (key: number, patch: Partial<MilestoneRow>) =>
    setV((old) => ({ ...old, milestones: old.milestones.map((m) => (m.key === key ? { ...m, ...patch } : m)) }));

  const rate = v.kind === 'hourly' ? parseAmount(v.rate, v.currency) : null;
  const fixedTotal =
    v.kind === 'fixed'
      ? v.milestones.reduce<number | null>((sum, m) => {
          const a = parseAmount(m.amount, v.currency);
          return sum === null || 'error' in a ? null : sum + a.amountMinor;
        }, 0)
      : null;
  const preview =
    rate && 'amountMinor' in rate
      ? { what: 'per hour', ...feeOf(rate.amountMinor, v.currency) }
      : fixedTotal
        ? { what: 'in total', ...feeOf(fixedTotal, v.currency) }
        : null;
  const feePercent = PLATFORM_FEE_BPS / 100;

  async function submit() {
    setFailure(null);
    const { body, errors: found } = readOffer(v);
    setErrors(found);
    if (!body) {
      // The first field in the form's order that has a problem takes the focus.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    try {
      await onSubmit(body);
    } catch (err) {
      setFailure(errorMessage(err, { fallback: { title: 'Could not send the offer', message: 'Please try again.' } }));
    }
  }

  const f = (name: string) => `${id}-${name.replaceAll('.', '-')}`;
  const notReady = billing && !billing.ready;

  return (
    <form
      ref={formRef}
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {notReady && (
        <Alert>
          Before your first offer, add {billing.missing.map((m) => BILLING_MISSING_LABELS[m]).join(', ')} to your billing details: every
          invoice carries them.{' '}
          <a href={billingHref} className="font-semibold underline">
            Fill in billing details
          </a>
        </Alert>
      )}
      <TextField
        id={f('roleTitle')}
        label="Role title"
        value={v.roleTitle}
        onChange={(e) => set({ roleTitle: e.target.value })}
        error={errors.roleTitle}
        maxLength={120}
      />
      <FormField id={f('scope')} label="Scope of the work" error={errors.scope} hint="What the work covers, in a few sentences.">
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={2000}
            value={v.scope}
            onChange={(e) => set({ scope: e.target.value })}
            className={`${inputClass(!!errors.scope)} py-2.5`}
          />
        )}
      </FormField>
      <fieldset>
        <legend className="text-sm font-medium text-ink">How you pay</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {(['hourly', 'fixed'] as const).map((k) => (
            <label
              key={k}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-line px-3.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input type="radio" name={`${id}-kind`} value={k} checked={v.kind === k} onChange={() => set({ kind: k })} />
              {k === 'hourly' ? 'Hourly, with a weekly cap' : 'Fixed price, by milestones'}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id={f('currency')} label="Currency" error={errors.currency}>
          {(control) => (
            <SelectInput
              {...control}
              value={v.currency}
              onChange={(c) => set({ currency: c as Currency })}
              options={CURRENCY_OPTIONS}
              placeholder="Currency"
            />
          )}
        </FormField>
        {v.kind === 'hourly' && (
          <>
            <TextField
              id={f('rateMinor')}
              label={`Hourly rate (${v.currency})`}
              inputMode="decimal"
              value={v.rate}
              onChange={(e) => set({ rate: e.target.value })}
              error={errors.rateMinor}
            />
            <TextField
              id={f('weeklyCapHours')}
              label="Weekly cap (hours)"
              inputMode="numeric"
              value={v.weeklyCapHours}
              onChange={(e) => set({ weeklyCapHours: e.target.value })}
              error={errors.weeklyCapHours}
            />
          </>
        )}
      </div>
      {v.kind === 'fixed' && (
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-ink">Milestones</legend>
          {errors.milestones && (
            <p role="alert" className="text-sm text-danger">
              {errors.milestones}
            </p>
          )}
          {v.milestones.map((m, i) => (
            <div
              key={m.key}
              className="grid gap-3 rounded-xl border border-line p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start"
            >
              <TextField
                id={f(`milestones.${i}.title`)}
                label={`Milestone ${i + 1} title`}
                value={m.title}
                onChange={(e) => setRow(m.key, { title: e.target.value })}
                error={errors[`milestones.${i}.title`]}
              />
              <TextField
                id={f(`milestones.${i}.amountMinor`)}
                label={`Amount (${v.currency})`}
                inputMode="decimal"
                value={m.amount}
                onChange={(e) => setRow(m.key, { amount: e.target.value })}
                error={errors[`milestones.${i}.amountMinor`]}
              />
              <TextField
                id={f(`milestones.${i}.dueDate`)}
                label="Due date"
                type="date"
                value={m.dueDate}
                onChange={(e) => setRow(m.key, { dueDate: e.target.value })}
                error={errors[`milestones.${i}.dueDate`]}
              />
              <Button
                variant="ghost"
                className="sm:mt-7"
                disabled={v.milestones.length === 1}
                onClick={() => set({ milestones: v.milestones.filter((x) => x.key !== m.key) })}
                aria-label={`Remove milestone ${i + 1}`}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </Button>
            </div>
          ))}
          <Button variant="secondary" onClick={() => set({ milestones: [...v.milestones, newRow()] })}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add a milestone
          </Button>
        </fieldset>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          id={f('startDate')}
          label="Start date"
          type="date"
          value={v.startDate}
          onChange={(e) => set({ startDate: e.target.value })}
          error={errors.startDate}
        />
        <TextField
          id={f('noticeDays')}
          label="Notice period (days)"
          inputMode="numeric"
          value={v.noticeDays}
          onChange={(e) => set({ noticeDays: e.target.value })}
          error={errors.noticeDays}
          hint={`At least ${NOTICE_DAYS_MIN} days.`}
        />
        <TextField
          id={f('timeZone')}
          label="Week's time zone"
          list={`${id}-zones`}
          placeholder="Your company's zone"
          value={v.timeZone}
          onChange={(e) => set({ timeZone: e.target.value })}
          error={errors.timeZone}
          hint="Timesheet weeks run Monday to Sunday here. Empty: your company's zone."
        />
        <datalist id={`${id}-zones`}>
          {ZONES.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
      </div>
      <section aria-label="What the freelancer receives" className="rounded-xl bg-surface p-4 text-sm" aria-live="polite">
        {preview ? (
          <dl className="grid grid-cols-[auto_auto] justify-start gap-x-6 gap-y-1">
            <dt className="text-muted">You pay {preview.what}</dt>
            <dd className="font-semibold text-ink">{money(preview.grossMinor, v.currency)}</dd>
            <dt className="text-muted">
              Platform fee ({feePercent}%, paid by {freelancerName})
            </dt>
            <dd className="text-ink">{money(preview.feeMinor, v.currency)}</dd>
            <dt className="text-muted">{freelancerName} receives</dt>
            <dd className="font-semibold text-ink">{money(preview.netMinor, v.currency)}</dd>
          </dl>
        ) : (
          <p className="text-muted">
            Enter the {v.kind === 'hourly' ? 'rate' : 'amounts'} to see the {feePercent}% fee and what {freelancerName} receives.
          </p>
        )}
      </section>
      <FailureAlert failure={failure} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" pending={pending} disabled={!!notReady}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
