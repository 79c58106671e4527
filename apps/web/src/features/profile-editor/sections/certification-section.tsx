import { zodResolver } from '@hookform/resolvers/zod';
import type { ResponseOf } from '@talentloop/contract';
import { getCertificationDetails, saveCertificationDetails } from '@talentloop/contract/api/profile-editor';
import { latestToday } from '@talentloop/contract/validation/fields';
import { PROFILE_MESSAGES as M } from '@talentloop/contract/validation/profile';
import { CertificationEntryFormSchema } from '@talentloop/contract/validation/profile-editor';
import { Award } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TextField } from '../../../ui/field.tsx';
import { EntryFormFrame, useReportDirty } from '../../../ui/profile-form/entry-forms.tsx';
import { formatDay } from '../../../ui/profile-form/month-year-input.tsx';
import { PROFILE_SECTION_TEXT as SECTION_TEXT } from '@talentloop/contract/validation/profile-editor-messages';
import { EntryListSection } from './entry-list-editor.tsx';
import { answerAsLoad } from './use-editor-save.ts';

type Load = ResponseOf<typeof getCertificationDetails>;
type Certification = {
  freelancerCertificationId?: string | null;
  certificationName: string;
  issuingOrganization: string;
  dateIssued: string;
  certificationUrl: string | null;
};
const signature = (items: readonly Certification[]) =>
  JSON.stringify(
    items.map((c) => [c.freelancerCertificationId ?? null, c.certificationName, c.issuingOrganization, c.dateIssued, c.certificationUrl]),
  );

/** Certifications. spec: profile-company §3 Certification, §4, §5 Certifications, §8 (TL_CORE_10071_E) */
export function CertificationSection() {
  return (
    <EntryListSection
      name="certification"
      endpoint={getCertificationDetails}
      saveEndpoint={saveCertificationDetails}
      toLoad={(res): Load => ({ ...answerAsLoad(res), certifications: res.certificateDetails })}
      sectionTitle="Certification"
      sectionDescription="Certificates that prove your skills."
      text={SECTION_TEXT.certification}
      items={(load): readonly Certification[] => load.certifications}
      signature={signature}
      toBody={(items, load) => ({
        certificateDetails: items.map((c) => ({ ...c, freelancerCertificationId: c.freelancerCertificationId ?? null })),
        version: load.version,
      })}
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
      // A name already in the list (any case) is refused by the entry's form.
      form={(props, items) => (
        <CertificationForm
          {...props}
          taken={items.filter((c) => c !== props.initial).map((c) => c.certificationName.trim().toLowerCase())}
        />
      )}
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
  useReportDirty(isDirty, onDirtyChange);
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
    <EntryFormFrame name="certification" what="certification" isNew={!initial} onSubmit={submit} onCancel={onCancel}>
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
    </EntryFormFrame>
  );
}
