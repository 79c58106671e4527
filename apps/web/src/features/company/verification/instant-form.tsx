import { zodResolver } from '@hookform/resolvers/zod';
import { InstantVerificationBody } from '@talentloop/contract/validation/company-verification';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../../lib/error-message.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/field.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { useCompanyBasics } from '../api/company-api.ts';
import { COUNTRY_OPTIONS } from '../options.ts';
import { VerificationSuccessDialog } from './success-dialog.tsx';
import { useVerifyInstantly } from './verification-api.ts';

// Instant verification (spec: profile-company §2, §5): company name, business registration number,
// country, Back, 'Verify Now'. The server checks the number for the country and the verified email's
// domain against the website; a failure says exactly which check failed.

type Input = z.input<typeof InstantVerificationBody>;
type Output = z.output<typeof InstantVerificationBody>;

const FAILED = { title: 'Verification failed', message: 'We could not verify your company. Please try again.' };

export function InstantVerificationForm({ onBack }: { onBack: () => void }) {
  const basics = useCompanyBasics();
  if (!basics.data && !basics.isError) return <p className="text-sm text-muted">Loading…</p>;
  const b = basics.data?.basics;
  return <InstantForm key={basics.dataUpdatedAt} companyName={b?.companyName ?? ''} country={b?.country ?? ''} onBack={onBack} />;
}

function InstantForm({ companyName, country, onBack }: { companyName: string; country: string; onBack: () => void }) {
  const verify = useVerifyInstantly();
  const [failure, setFailure] = useState<{ title: string; message: string; checkFailed: boolean } | null>(null);
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
      const shown = errorMessage(err, { fallback: FAILED });
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
          <SelectField
            control={form.control}
            name="country"
            label="Country"
            error={errors.country?.message}
            options={COUNTRY_OPTIONS}
            placeholder="Select country"
          />
        </fieldset>
        <p className="text-sm text-muted">
          We check the number&apos;s format and check digits for the country, and that your verified company email is at your website&apos;s
          domain.
        </p>
        {failure && (
          <Alert>
            <span>
              <strong className="block">{failure.title}</strong>
              {failure.message}
              {failure.checkFailed && (
                <span className="mt-1 block">You can verify by submitting documents instead: go Back and choose Submit documents.</span>
              )}
            </span>
          </Alert>
        )}
        <div className="flex flex-wrap justify-between gap-3 border-t border-line pt-6">
          <Button type="button" variant="secondary" onClick={onBack}>
            Back
          </Button>
          <Button type="submit" pending={isSubmitting}>
            Verify Now
          </Button>
        </div>
      </form>
      <VerificationSuccessDialog
        open={success}
        onOpenChange={(open) => {
          setSuccess(open);
          if (!open) onBack();
        }}
      />
    </>
  );
}
