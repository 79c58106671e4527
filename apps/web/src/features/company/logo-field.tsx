import { PHOTO_MAX_BYTES } from '@talentloop/contract';
import { COMPANY_MESSAGES } from '@talentloop/contract/validation/company';
import { Building2, Trash2, Upload } from 'lucide-react';
import { useId, useRef } from 'react';
import { errorMessage } from '../../lib/error-message.ts';
import { Button } from '../../ui/button.tsx';
import { notify } from '../../ui/toast.ts';
import { useDeleteLogo } from './api/delete-logo.ts';
import { useUploadLogo } from './api/upload-logo.ts';

/** The company logo: uploaded at once (the server reads its type from the bytes and re-encodes it), with Delete. */
export function LogoField({ logoUrl }: { logoUrl: string | null }) {
  const upload = useUploadLogo();
  const remove = useDeleteLogo();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();

  function pick(file: File | undefined) {
    if (!file) return;
    if (file.size > PHOTO_MAX_BYTES) return notify.error(COMPANY_MESSAGES.logoTooLargeTitle, COMPANY_MESSAGES.logoTooLarge);
    upload.mutate(file, {
      onSuccess: (res) => notify.success(res.responseMessage),
      onError: (err) => {
        const shown = errorMessage(err, { fallback: { title: 'Upload failed', message: 'Please try another image.' }, codes: 'all' });
        notify.error(shown.title, shown.message);
      },
    });
  }

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <div className="flex h-24 w-24 shrink-0 items-center justify-center overflow-hidden rounded-2xl border border-line bg-surface">
        {logoUrl ? (
          <img src={logoUrl} alt="Company logo" className="h-full w-full object-cover" />
        ) : (
          <Building2 className="h-10 w-10 text-muted" aria-hidden="true" />
        )}
      </div>
      <div className="space-y-2">
        <p className="text-sm font-medium text-ink">Company logo</p>
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            accept="image/*"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(e) => {
              pick(e.target.files?.[0]);
              e.target.value = '';
            }}
            data-testid="company-logo-input"
          />
          <Button variant="secondary" onClick={() => input.current?.click()} pending={upload.isPending} aria-describedby={hintId}>
            <Upload className="h-4 w-4" aria-hidden="true" />
            {logoUrl ? 'Change logo' : 'Upload logo'}
          </Button>
          {logoUrl && (
            <Button
              variant="ghost"
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: (res) => notify.success(res.responseMessage),
                  onError: (err) =>
                    notify.error(errorMessage(err, { fallback: { title: 'Delete failed', message: 'Please try again.' } }).title),
                })
              }
              pending={remove.isPending}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              Delete
            </Button>
          )}
        </div>
        <p id={hintId} className="text-xs text-muted">
          JPG, PNG, WebP or GIF, at most 2 MB.
        </p>
      </div>
    </div>
  );
}
