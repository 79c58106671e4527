import { PROFILE_MESSAGES } from '@talentloop/contract/validation/profile';
import { PHOTO_TYPES, photoProblem } from '@talentloop/contract/validation/wizard-rules';
import { Camera, UserRound } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { buttonClass } from '../../../ui/button.tsx';
import { cn } from '../../../ui/cn.ts';
import { notify } from '../../../ui/toast.ts';

/**
 * The profile photo: a preview and a picker taking images under 2 MB; a refused file answers the
 * spec's toast and keeps the previous photo. spec: auth-onboarding §5 Wizard: profile basics
 */
export function PhotoPicker({
  file,
  savedUrl,
  onChange,
  missing,
}: {
  file: File | null;
  savedUrl: string | null;
  onChange: (file: File) => void;
  missing: boolean;
}) {
  const localUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (localUrl ? URL.revokeObjectURL(localUrl) : undefined), [localUrl]);
  const src = localUrl ?? savedUrl;

  return (
    <div className="flex items-center gap-4 sm:gap-5">
      <div
        className={cn(
          'flex h-20 w-20 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-50 ring-4 sm:h-24 sm:w-24',
          missing ? 'ring-danger/30' : 'ring-brand-50',
        )}
      >
        {src ? (
          <img src={src} alt="Your profile" className="h-full w-full object-cover" />
        ) : (
          <UserRound className="h-10 w-10 text-brand-300" aria-hidden="true" />
        )}
      </div>
      <div className="relative min-w-0 space-y-1.5">
        <input
          id="basics-photo"
          type="file"
          accept={PHOTO_TYPES.join(',')}
          aria-label="Profile photo"
          aria-describedby={missing ? 'basics-photo-error' : 'basics-photo-hint'}
          aria-invalid={missing || undefined}
          className="peer sr-only"
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            e.target.value = '';
            if (!chosen) return;
            const problem = photoProblem(chosen);
            if (problem) notify.error(problem.title, problem.message);
            else onChange(chosen);
          }}
        />
        <label
          htmlFor="basics-photo"
          className={cn(
            buttonClass('secondary', 'cursor-pointer'),
            'peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-focus-visible:ring-offset-2 peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
          )}
        >
          <Camera className="h-4 w-4" aria-hidden="true" />
          {src ? 'Change photo' : 'Upload photo'}
        </label>
        {missing ? (
          <p id="basics-photo-error" role="alert" className="text-sm text-danger">
            {PROFILE_MESSAGES.photoRequired}
          </p>
        ) : (
          <p id="basics-photo-hint" className="text-xs text-muted">
            JPG, PNG, WebP or GIF, up to 2 MB.
          </p>
        )}
      </div>
    </div>
  );
}
