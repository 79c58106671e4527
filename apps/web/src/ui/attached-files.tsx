import { useMutation } from '@tanstack/react-query';
import { Download, Paperclip } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { errorMessage } from '../lib/error-message.ts';
import { Button } from './button.tsx';
import { readOwnFile } from './file-thumbnail.tsx';
import { notify } from './toast.ts';

// Files attached to a piece of work: a milestone's deliverables (decision 243) and a dispute's
// evidence (decision 248). One kind list for their names and extensions, one list of downloads (each
// read with the session's token: a link would carry none) and one 'Attach a file' button (the file
// is uploaded when chosen; the server decides its kind from the bytes).

const FILE_TYPES: Record<string, [name: string, extension: string]> = {
  'application/pdf': ['PDF', 'pdf'],
  'application/msword': ['Word document', 'doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['Word document', 'docx'],
  'image/jpeg': ['JPG image', 'jpg'],
  'image/png': ['PNG image', 'png'],
};

export type AttachedFile = { id: string; mime: string; size: number };

/** 'PDF, 240 KB' */
export function describeFile(f: Pick<AttachedFile, 'mime' | 'size'>): string {
  const size = f.size < 1024 * 1024 ? `${Math.max(1, Math.round(f.size / 1024))} KB` : `${(f.size / (1024 * 1024)).toFixed(1)} MB`;
  return `${FILE_TYPES[f.mime]?.[0] ?? 'File'}, ${size}`;
}

/** Saves a protected file under `name`, its bytes read with the session's token. */
async function saveOwnFile(url: string, name: string): Promise<void> {
  const res = await readOwnFile(url);
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** A list of files, each a button that saves it as `<fileName>.<its extension>`. Nothing when there are none. */
export function FileDownloads<F extends AttachedFile>({
  files,
  label,
  className,
  url,
  fileName,
  children,
}: {
  files: readonly F[];
  /** The list's accessible name. */
  label: string;
  className: string;
  /** Where the file's bytes are read. */
  url: (f: F) => string;
  /** The saved file's name, without its extension. */
  fileName: (f: F, i: number) => string;
  /** The button's words. */
  children: (f: F, i: number) => ReactNode;
}) {
  const download = useMutation({ mutationFn: (v: { fileId: string; url: string; name: string }) => saveOwnFile(v.url, v.name) });
  if (files.length === 0) return null;
  return (
    <ul className={className} aria-label={label}>
      {files.map((f, i) => (
        <li key={f.id}>
          <Button
            variant="secondary"
            pending={download.isPending && download.variables?.fileId === f.id}
            onClick={() =>
              download.mutate(
                { fileId: f.id, url: url(f), name: `${fileName(f, i)}.${FILE_TYPES[f.mime]?.[1] ?? 'bin'}` },
                { onError: () => notify.error('Could not download the file. Please try again.') },
              )
            }
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            {children(f, i)}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/**
 * 'Attach a file': a hidden file input (PDF, Word, JPG or PNG) its button opens; the chosen file is
 * handed to `onFile` at once, and a failure is said under the button. `children` stand beside it.
 */
export function AttachFile({
  label,
  hintId,
  onFile,
  pending,
  disabled,
  className,
  children,
}: {
  /** The input's name: the id of the element that names it, or the words. */
  label: { by: string } | { text: string };
  hintId: string;
  onFile: (file: File) => Promise<void>;
  pending: boolean;
  disabled?: boolean;
  /** The button row's classes. */
  className: string;
  children?: ReactNode;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <input
        ref={input}
        id={`${id}-input`}
        type="file"
        className="sr-only"
        accept=".pdf,.doc,.docx,.jpg,.jpeg,.png"
        {...('by' in label ? { 'aria-labelledby': label.by } : { 'aria-label': label.text })}
        aria-describedby={hintId}
        tabIndex={-1}
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          setError(null);
          try {
            await onFile(file);
          } catch (err) {
            setError(errorMessage(err, { fallback: { title: 'Could not upload', message: 'Please try again.' } }).message);
          }
        }}
      />
      <div className={className}>
        <Button variant="secondary" pending={pending} disabled={disabled} onClick={() => input.current?.click()}>
          <Paperclip className="h-4 w-4" aria-hidden="true" />
          Attach a file
        </Button>
        {children}
      </div>
      {error && (
        <p role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </>
  );
}
