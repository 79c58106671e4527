import { zodResolver } from '@hookform/resolvers/zod';
import { DOCUMENT_TYPES } from '@talentloop/contract/lists/company';
import {
  DocumentVerificationFields,
  VERIFICATION_DOCUMENT_ACCEPT,
  VERIFICATION_DOCUMENT_MAX_BYTES,
  VERIFICATION_MESSAGES,
} from '@talentloop/contract/validation/company-verification';
import { FileUp } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../../lib/error-message.ts';
import { loadKey } from '../../../lib/load-key.ts';
import { TextField } from '../../../ui/field.tsx';
import { type Failure, FailureAlert, FormActions } from '../../../ui/form-actions.tsx';
import { FieldError, describedBy, fieldIds } from '../../../ui/form-field.tsx';
import type { SelectOption } from '../../../ui/select-input.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { useCompanyBasics } from '../api/get-company-basics.ts';
import { CountryField } from '../country-field.tsx';
import { OutcomeDialog } from './success-dialog.tsx';
import { useSubmitDocuments } from '../api/submit-documents.ts';

// Manual verification (spec: profile-company §2, §5, §9): Business Registration Number, Document
// Type (the 4), Country, the document file, Back, 'Submit Documents'; then the 'Documents Submitted'
// modal. The server decides the file's type from its bytes and cuts it off at the size limit; the
// checks here only save a pointless upload.

type Input = z.input<typeof DocumentVerificationFields>;
type Output = z.output<typeof DocumentVerificationFields>;

const DOCUMENT_TYPE_OPTIONS: readonly SelectOption[] = DOCUMENT_TYPES.map((d) => ({ value: d.code, label: d.label }));
const ACCEPTED = /\.(pdf|docx?|jpe?g|png)$/i;
const FAILED = { title: 'Submission failed', message: 'We could not submit your documents. Please try again.' };

export function DocumentsVerificationForm({ onBack, onSubmitted }: { onBack: () => void; onSubmitted: () => void }) {
  const basics = useCompanyBasics();
  if (!basics.data && !basics.isError) return <p className="text-sm text-muted">Loading…</p>;
  return <DocumentsForm key={loadKey(basics.data)} country={basics.data?.basics.country ?? ''} onBack={onBack} onSubmitted={onSubmitted} />;
}

function DocumentsForm({ country, onBack, onSubmitted }: { country: string; onBack: () => void; onSubmitted: () => void }) {
  const submitDocuments = useSubmitDocuments();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [done, setDone] = useState(false);
  const fileId = useId();
  const hintId = `${fileId}-types`;
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(DocumentVerificationFields),
    defaultValues: { businessRegistrationNumber: '', documentType: '', country },
  });
  const { errors, isSubmitting } = form.formState;

  function fileProblem(picked: File | null): string | undefined {
    if (!picked) return VERIFICATION_MESSAGES.documentFileRequired;
    if (picked.size > VERIFICATION_DOCUMENT_MAX_BYTES) return VERIFICATION_MESSAGES.documentFileTooLarge;
    if (!ACCEPTED.test(picked.name)) return VERIFICATION_MESSAGES.documentFileType;
    return undefined;
  }

  const submit = form.handleSubmit(
    async (values) => {
      const problem = fileProblem(file);
      setFileError(problem);
      if (problem || !file) return;
      setFailure(null);
      try {
        await submitDocuments.mutateAsync({ ...values, documentFile: file });
        setDone(true);
      } catch (err) {
        setFailure(
          errorMessage(err, { fallback: FAILED, codes: ['TL_CORE_11020_E', 'TL_CORE_11021_E', 'TL_CORE_11022_E', 'TL_CORE_11013_E'] }),
        );
      }
    },
    () => setFileError(fileProblem(file)),
  );

  return (
    <>
      <form onSubmit={submit} noValidate className="space-y-6">
        <fieldset disabled={isSubmitting} className="grid min-w-0 grid-cols-1 gap-5 sm:grid-cols-2">
          <TextField
            label="Business Registration Number"
            hint="As printed on your registration document."
            error={errors.businessRegistrationNumber?.message}
            {...form.register('businessRegistrationNumber')}
          />
          <SelectField
            control={form.control}
            name="documentType"
            label="Document Type"
            error={errors.documentType?.message}
            options={DOCUMENT_TYPE_OPTIONS}
            placeholder="Select document type"
          />
          <CountryField control={form.control} error={errors.country?.message} />
          <div className="min-w-0 space-y-1.5 sm:col-span-2">
            <label htmlFor={fileId} className="block text-sm font-medium text-ink">
              Document
            </label>
            <label
              htmlFor={fileId}
              className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border border-dashed border-line bg-surface px-4 py-6 text-center focus-within:ring-2 focus-within:ring-brand-700 hover:border-brand-700"
            >
              <FileUp className="h-6 w-6 text-muted" aria-hidden="true" />
              <span className="text-sm font-medium text-brand-700">{file ? file.name : 'Choose a file to upload'}</span>
              <span id={hintId} className="text-xs text-muted">
                PDF, DOC, DOCX, JPG or PNG, at most 10 MB
              </span>
              <input
                id={fileId}
                type="file"
                accept={VERIFICATION_DOCUMENT_ACCEPT}
                className="sr-only"
                aria-invalid={fileError ? true : undefined}
                aria-describedby={describedBy(fileId, { error: fileError, extra: hintId })}
                onChange={(e) => {
                  const picked = e.target.files?.[0] ?? null;
                  setFile(picked);
                  setFileError(picked ? fileProblem(picked) : undefined);
                }}
              />
            </label>
            <FieldError id={fieldIds(fileId).error}>{fileError}</FieldError>
          </div>
        </fieldset>
        <p className="text-sm text-muted">Our team reviews documents within 24 hours. We will email you the outcome.</p>
        <FailureAlert failure={failure} />
        <FormActions onBack={onBack} submitLabel="Submit Documents" pending={isSubmitting} />
      </form>
      <OutcomeDialog
        outcome="documents"
        open={done}
        onClosed={() => {
          setDone(false);
          onSubmitted();
        }}
      />
    </>
  );
}
