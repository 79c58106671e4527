import { type DeliverableRead, SUBMISSION_FILES_MAX } from '@talentloop/contract/api/engagements';
import { Download, FileText, Paperclip, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '../../lib/error-message.ts';
import { Button } from '../../ui/button.tsx';
import { notify } from '../../ui/toast.ts';
import { useDownloadDeliverable, useUploadDeliverable } from './api/deliverables.ts';

// A milestone's deliverables in the web (decision 243): the freelancer attaches files to the
// submission (each uploaded when chosen; the server decides the kind from the bytes), the company
// downloads each file the submission names.

const KIND_NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/msword': 'Word document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'image/jpeg': 'JPG image',
  'image/png': 'PNG image',
};
const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/** 'PDF, 240 KB' */
export function describeFile(f: Pick<DeliverableRead, 'mime' | 'size'>): string {
  const size = f.size < 1024 * 1024 ? `${Math.max(1, Math.round(f.size / 1024))} KB` : `${(f.size / (1024 * 1024)).toFixed(1)} MB`;
  return `${KIND_NAMES[f.mime] ?? 'File'}, ${size}`;
}

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
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadDeliverable();
  const [error, setError] = useState<string | null>(null);
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
      <input
        ref={input}
        id={`${id}-input`}
        type="file"
        className="sr-only"
        accept=".pdf,.doc,.docx,.jpg,.jpeg,.png"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        tabIndex={-1}
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          setError(null);
          try {
            const res = await upload.mutateAsync({ milestoneId, file });
            onChange([...files, { ...res.file, name: file.name }]);
          } catch (err) {
            setError(errorMessage(err, { fallback: { title: 'Could not upload', message: 'Please try again.' } }).message);
          }
        }}
      />
      <div className="mt-2">
        <Button variant="secondary" pending={upload.isPending} disabled={disabled || full} onClick={() => input.current?.click()}>
          <Paperclip className="h-4 w-4" aria-hidden="true" />
          Attach a file
        </Button>
      </div>
      {error && (
        <p role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** The company's list of the submitted files, each a download. */
export function SubmittedFiles({ milestoneId, position, files }: { milestoneId: string; position: number; files: DeliverableRead[] }) {
  const download = useDownloadDeliverable();
  if (files.length === 0) return null;
  return (
    <ul className="mt-1 space-y-1" aria-label="Submitted files">
      {files.map((f, i) => {
        const name = `milestone-${position + 1}-file-${i + 1}.${EXTENSIONS[f.mime] ?? 'bin'}`;
        return (
          <li key={f.id}>
            <Button
              variant="secondary"
              pending={download.isPending && download.variables?.fileId === f.id}
              onClick={() =>
                download.mutate(
                  { milestoneId, fileId: f.id, name },
                  { onError: () => notify.error('Could not download the file. Please try again.') },
                )
              }
            >
              <Download className="h-4 w-4" aria-hidden="true" />
              Download file {i + 1} ({describeFile(f)})
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
