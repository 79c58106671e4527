import { type DeliverableRead, SUBMISSION_FILES_MAX } from '@talentloop/contract/api/engagements';
import { FileText, X } from 'lucide-react';
import { useId } from 'react';
import { AttachFile, FileDownloads, describeFile } from '../../ui/attached-files.tsx';
import { Button } from '../../ui/button.tsx';
import { deliverableUrl, useUploadDeliverable } from './api/deliverables.ts';

// A milestone's deliverables in the web (decision 243): the freelancer attaches files to the
// submission (each uploaded when chosen; the server decides the kind from the bytes), the company
// downloads each file the submission names.

type Attached = DeliverableRead & { name: string };

/** The freelancer's files for a submission: chosen one at a time, uploaded at once, removable before sending. */
export function DeliverablesField({
  milestoneId,
  files,
  onChange,
  disabled,
}: {
  milestoneId: string;
  files: Attached[];
  onChange: (files: Attached[]) => void;
  disabled: boolean;
}) {
  const id = useId();
  const upload = useUploadDeliverable();
  const full = files.length >= SUBMISSION_FILES_MAX;
  return (
    <div>
      <p id={`${id}-label`} className="text-sm font-medium text-ink">
        Files (optional)
      </p>
      <p id={`${id}-hint`} className="text-xs text-muted">
        PDF, Word, JPG or PNG, up to 10 MB each; at most {SUBMISSION_FILES_MAX}.
      </p>
      {files.length > 0 && (
        <ul className="mt-2 space-y-1" aria-labelledby={`${id}-label`}>
          {files.map((f) => (
            <li key={f.id} className="flex items-center justify-between gap-2 rounded-lg border border-line px-3 py-1.5 text-sm">
              <span className="min-w-0 break-words">
                <FileText className="mr-1 inline h-4 w-4 text-muted" aria-hidden="true" />
                {f.name} <span className="text-muted">({describeFile(f)})</span>
              </span>
              <Button
                variant="secondary"
                aria-label={`Remove ${f.name}`}
                disabled={disabled}
                onClick={() => onChange(files.filter((x) => x.id !== f.id))}
              >
                <X className="h-4 w-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <AttachFile
        label={{ by: `${id}-label` }}
        hintId={`${id}-hint`}
        pending={upload.isPending}
        disabled={disabled || full}
        className="mt-2"
        onFile={async (file) => {
          const res = await upload.mutateAsync({ milestoneId, file });
          onChange([...files, { ...res.file, name: file.name }]);
        }}
      />
    </div>
  );
}

/** The company's list of the submitted files, each a download. */
export function SubmittedFiles({ milestoneId, position, files }: { milestoneId: string; position: number; files: DeliverableRead[] }) {
  return (
    <FileDownloads
      files={files}
      label="Submitted files"
      className="mt-1 space-y-1"
      url={(f) => deliverableUrl(milestoneId, f.id)}
      fileName={(_, i) => `milestone-${position + 1}-file-${i + 1}`}
    >
      {(f, i) => `Download file ${i + 1} (${describeFile(f)})`}
    </FileDownloads>
  );
}
