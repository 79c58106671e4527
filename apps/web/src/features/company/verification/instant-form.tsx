import { zodResolver } from '@hookform/resolvers/zod';
import { ERRORS } from '@talentloop/contract';
import { InstantVerificationBody } from '@talentloop/contract/validation/company-verification';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../../lib/error-message.ts';
import { loadKey } from '../../../lib/load-key.ts';
import { TextField } from '../../../ui/field.tsx';
import { type Failure, FailureAlert, FormActions } from '../../../ui/form-actions.tsx';
import { useCompanyBasics } from '../api/get-company-basics.ts';
import { CountryField } from '../country-field.tsx';
import { OutcomeDialog } from './success-dialog.tsx';
import { useVerifyInstantly } from '../api/verify-instantly.ts';

// Instant verification (spec: profile-company §2, §5): company name, business registration number,
// country, Back, 'Verify Now'. The server checks the number for the country and the verified email's
// domain against the website; a failure says exactly which check failed.

type Input = z.input<typeof InstantVerificationBody>;
type Output = z.output<typeof InstantVerificationBody>;

const FAILED = { title: 'Verification failed', message: 'We could not verify your company. Please try again.' };
const TITLES = { TL_CORE_11025_E: ERRORS.TL_CORE_11025_E.title, TL_CORE_11026_E: ERRORS.TL_CORE_11026_E.title };

export function InstantVerificationForm({ onBack }: { onBack: () => void }) {
  const basics = useCompanyBasics();
  if (!basics.data && !basics.isError) return <p className="text-sm text-muted">Loading…</p>;
  const b = basics.data?.basics;
  return <InstantForm key={loadKey(basics.data)} companyName={b?.companyName ?? ''} country={b?.country ?? ''} onBack={onBack} />;
}

function InstantForm({ companyName, country, onBack }: { companyName: string; country: string; onBack: () => void }) {
  const verify = useVerifyInstantly();
  const [failure, setFailure] = useState<(Failure & { checkFailed: boolean }) | null>(null);
  const [success, setSuccess] = useState(false);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(InstantVerificationBody),
    defaultValues: { companyName, businessRegistrationNumber: '', country },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await verify.mutateAsync(values);
      setSuccess(true);
    } catch (err) {
      // The server's message names what to do: a held registration number (11025) names the ways
      // to dispute it; a name unlike the website's domain (11026) leads to the documents method.
      const shown = errorMessage(err, { fallback: FAILED, titles: TITLES });
      const code = (err as { code?: string }).code;
      setFailure({ ...shown, checkFailed: code === 'TL_CORE_11010_E' });
    }
  });

  return (
    <>
      <form onSubmit={submit} noValidate className="space-y-6">
        <fieldset disabled={isSubmitting} className="grid min-w-0 grid-cols-1 gap-5 sm:grid-cols-2">
          <TextField
            label="Company Name"
            autoComplete="organization"
            error={errors.companyName?.message}
            {...form.register('companyName')}
          />
          <TextField
            label="Business Registration Number"
            hint="For example an EIN (US), GSTIN or PAN (India), SIREN (France), CNPJ (Brazil), ABN (Australia) or a Companies House number (UK)."
            error={errors.businessRegistrationNumber?.message}
            {...form.register('businessRegistrationNumber')}
          />
          <CountryField control={form.control} error={errors.country?.message} />
        </fieldset>
        <p className="text-sm text-muted">
          We check the number&apos;s format and check digits for the country, and that your verified company email is at your website&apos;s
          domain.
        </p>
        <FailureAlert failure={failure}>
          {failure?.checkFailed && (
            <span className="mt-1 block">You can verify by submitting documents instead: go Back and choose Submit documents.</span>
          )}
        </FailureAlert>
        <FormActions onBack={onBack} submitLabel="Verify Now" pending={isSubmitting} />
      </form>
      <OutcomeDialog
        outcome="verified"
        open={success}
        onClosed={() => {
          setSuccess(false);
          onBack();
        }}
      />
    </>
  );
}
