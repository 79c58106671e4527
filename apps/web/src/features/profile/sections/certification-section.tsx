import { zodResolver } from '@hookform/resolvers/zod';
import type { ResponseOf } from '@talentloop/contract';
import { getCertificationDetails, saveCertificationDetails } from '@talentloop/contract/api/profile-editor';
import { latestToday } from '@talentloop/contract/validation/fields';
import { PROFILE_MESSAGES as M } from '@talentloop/contract/validation/profile';
import { CertificationEntryFormSchema } from '@talentloop/contract/validation/profile-editor';
import { Award } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/field.tsx';
import { formatDay } from '../../freelancer-profile/month-year-input.tsx';
import { PROFILE_SECTION_TEXT as SECTION_TEXT } from '@talentloop/contract/validation/profile-editor-messages';
import { EntryListEditor } from './entry-list-editor.tsx';
import { LoadedSection, type Reload } from './section-body.tsx';
import { answerAsLoad, useEditorSave } from './use-editor-save.ts';
import { useEntryList } from './use-entry-list.ts';

type Load = ResponseOf<typeof getCertificationDetails>;
type Certification = {
  freelancerCertificationId?: string | null;
  certificationName: string;
  issuingOrganization: string;
  dateIssued: string;
  certificationUrl: string | null;
};
const T = SECTION_TEXT.certification;
const signature = (items: readonly Certification[]) =>
  JSON.stringify(
    items.map((c) => [c.freelancerCertificationId ?? null, c.certificationName, c.issuingOrganization, c.dateIssued, c.certificationUrl]),
  );

/** Certifications. spec: profile-company §3 Certification, §4, §5 Certifications, §8 (TL_CORE_10071_E) */
export function CertificationSection() {
  return (
    <LoadedSection
      name="certification"
      endpoint={getCertificationDetails}
      title="Certification"
      description="Certificates that prove your skills."
      loadFailed={T.loadFailed}
      rows={2}
    >
      {(load, reload) => <CertificationEditor load={load} reload={reload} />}
    </LoadedSection>
  );
}

function CertificationEditor({ load, reload }: { load: Load; reload: Reload }) {
  const { save, saving, stale } = useEditorSave(
    'certification',
    saveCertificationDetails,
    (res): Load => ({ ...answerAsLoad(res), certifications: res.certificateDetails }),
    T,
  );
  const list = useEntryList<Certification>(load.certifications, signature, saving);
  // A name already in the list (any case) is refused by the entry's form.
  const takenNames = (except?: Certification) =>
    list.items.filter((c) => c !== except).map((c) => c.certificationName.trim().toLowerCase());
  return (
    <EntryListEditor
      list={list}
      reload={reload}
      stale={stale}
      saving={saving}
      onSave={() =>
        save({
          certificateDetails: list.items.map((c) => ({ ...c, freelancerCertificationId: c.freelancerCertificationId ?? null })),
          version: load.version,
        })
      }
      icon={<Award className="h-5 w-5" aria-hidden="true" />}
      title="Your certifications"
      description="Name, issuer and the day it was issued."
      noun={{ add: 'Add new certification', list: 'Certification entries' }}
      emptyText="No certifications added yet."
      keyOf={(c, i) => c.freelancerCertificationId ?? `cert-${i}`}
      row={(c) => ({
        title: c.certificationName,
        detail: `${c.issuingOrganization} · Issued ${formatDay(c.dateIssued)}`,
        extra: c.certificationUrl && (
          <a
            href={c.certificationUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="text-sm font-medium break-all text-brand-700 underline-offset-2 hover:underline"
          >
            View credential<span className="sr-only"> for {c.certificationName} (opens in a new tab)</span>
          </a>
        ),
      })}
      form={(props) => <CertificationForm {...props} taken={takenNames(props.initial)} />}
    />
  );
}

type CertificationInput = z.input<typeof CertificationEntryFormSchema>;

/** Add or edit one certification; a name already in the list is refused. spec: §5 Certifications */
function CertificationForm({
  initial,
  taken,
  onSave,
  onCancel,
  onDirtyChange,
}: {
  initial?: Certification;
  taken: readonly string[];
  onSave: (item: Certification) => void;
  onCancel?: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const uid = useId();
  const form = useForm<CertificationInput, unknown, z.output<typeof CertificationEntryFormSchema>>({
    resolver: zodResolver(CertificationEntryFormSchema),
    defaultValues: {
      certificationName: initial?.certificationName ?? '',
      issuingOrganization: initial?.issuingOrganization ?? '',
      dateIssued: initial?.dateIssued ?? '',
      certificationUrl: initial?.certificationUrl ?? '',
    },
  });
  const { errors, isDirty } = form.formState;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);
  const submit = form.handleSubmit((v) => {
    if (taken.includes(v.certificationName.trim().toLowerCase()))
      return form.setError('certificationName', { message: M.certificationExists }, { shouldFocus: true });
    onSave({
      freelancerCertificationId: initial?.freelancerCertificationId ?? null,
      certificationName: v.certificationName,
      issuingOrganization: v.issuingOrganization,
      dateIssued: v.dateIssued,
      certificationUrl: v.certificationUrl,
    });
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={initial ? 'Edit certification' : 'New certification'}
      className="space-y-5 rounded-2xl border border-brand-100 bg-brand-50/40 p-4 sm:p-5"
    >
      <div className="grid gap-5 md:grid-cols-2">
        <TextField
          id={`${uid}-name`}
          label="Certification name"
          error={errors.certificationName?.message}
          {...form.register('certificationName')}
        />
        <TextField
          id={`${uid}-issuer`}
          label="Issuing organization"
          error={errors.issuingOrganization?.message}
          {...form.register('issuingOrganization')}
        />
        <TextField
          id={`${uid}-date`}
          label="Date issued"
          type="date"
          max={latestToday()}
          error={errors.dateIssued?.message}
          {...form.register('dateIssued')}
        />
        <TextField
          id={`${uid}-url`}
          label="Credential URL (optional)"
          type="url"
          inputMode="url"
          placeholder="https://"
          error={errors.certificationUrl?.message}
          {...form.register('certificationUrl')}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit">{initial ? 'Update certification' : 'Add certification'}</Button>
      </div>
    </form>
  );
}
