import { PHOTO_MAX_BYTES } from '@talentloop/contract';
import { PROFILE_EDITOR_MESSAGES } from '@talentloop/contract/validation/profile-editor-messages';
import { PHOTO_TYPES, photoProblem } from '@talentloop/contract/validation/wizard-rules';
import { Camera, MapPin, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { errorMessage } from '../../lib/error-message.ts';
import { useSession } from '../../lib/session-store.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { notify } from '../../ui/toast.ts';
import { loadProfileDetails, useSectionQuery } from '../profile-editor/api/get-section.ts';
import { useDeletePhoto } from './api/delete-photo.ts';
import { useUpdatePhoto } from './api/update-photo.ts';

// Toast titles of the photo actions. spec: profile-company §8 ('Success'; 'Update Failed' or
// 'Delete Failed' with the server's message)
const PHOTO_TOASTS = { success: 'Success', updateFailed: 'Update Failed', deleteFailed: 'Delete Failed' } as const;

/**
 * The My Profile card: photo, full name and country, with photo upload and Delete. The photo is
 * checked here against the contract's types and size before it is sent; the server checks the bytes.
 * spec: profile-company §2 (My Profile card), §7 (update-photo, delete-profile-photo), §8
 */
export function MyProfileCard() {
  const uid = useId();
  const user = useSession((s) => s.user);
  // The country comes with the About Me load (shared with that section); names and photo from the
  // session, which About Me saves and photo changes keep current.
  const details = useSectionQuery('about', loadProfileDetails);
  const upload = useUpdatePhoto();
  const remove = useDeletePhoto();
  const busy = upload.isPending || remove.isPending;

  if (!user || details.isPending) return <CardSkeleton />;

  const p = {
    firstName: user.firstName,
    lastName: user.lastName,
    profilePhotoUrl: user.profilePhotoUrl,
    country: details.data?.profileDetails.country,
  };
  const fullName = `${p.firstName} ${p.lastName}`.trim();
  const initials = `${p.firstName.charAt(0)}${p.lastName.charAt(0)}`.toUpperCase();

  const choose = (file: File) => {
    const problem = photoProblem(file);
    if (problem) {
      notify.error(problem.title, problem.message);
      return;
    }
    upload.mutate(file, {
      onSuccess: () => notify.success(PHOTO_TOASTS.success, PROFILE_EDITOR_MESSAGES.photoUpdated),
      onError: (err) => {
        const shown = errorMessage(err, {
          fallback: { title: PHOTO_TOASTS.updateFailed, message: 'Failed to update profile picture.' },
          codes: ['TL_CORE_10102_E', 'TL_CORE_10103_E', 'TL_CORE_00413_E', 'TL_CORE_00429_E'],
        });
        notify.error(shown.title, shown.message);
      },
    });
  };

  const deletePhoto = () =>
    remove.mutate(undefined, {
      onSuccess: () => notify.success(PHOTO_TOASTS.success, PROFILE_EDITOR_MESSAGES.photoDeleted),
      onError: (err) => {
        const shown = errorMessage(err, { fallback: { title: PHOTO_TOASTS.deleteFailed, message: 'Failed to delete profile picture.' } });
        notify.error(shown.title, shown.message);
      },
    });

  return (
    <section
      aria-labelledby={`${uid}-name`}
      className="flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-line bg-white p-5 text-center shadow-sm sm:flex-row sm:gap-6 sm:p-6 sm:text-left"
    >
      <div
        className={cn(
          'flex h-24 w-24 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-50 text-2xl font-bold text-brand-700 ring-4 ring-brand-50',
          busy && 'animate-pulse',
        )}
      >
        {p.profilePhotoUrl ? (
          <img src={p.profilePhotoUrl} alt={fullName} className="h-full w-full object-cover" />
        ) : (
          <span aria-hidden="true">{initials}</span>
        )}
      </div>
      <div className="flex min-w-0 max-w-full flex-col items-center sm:items-start">
        <h2 id={`${uid}-name`} className="max-w-full truncate text-lg font-bold tracking-tight text-ink">
          {fullName}
        </h2>
        {p.country && (
          <p className="mt-1 inline-flex items-center gap-1 text-sm text-muted">
            <MapPin className="h-4 w-4" aria-hidden="true" />
            {p.country}
          </p>
        )}
        <div className="mt-4 flex flex-wrap justify-center gap-2 sm:justify-start">
          <input
            id={`${uid}-photo`}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            disabled={busy}
            aria-describedby={`${uid}-hint`}
            className="peer sr-only"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) choose(file);
            }}
          />
          <label
            htmlFor={`${uid}-photo`}
            aria-busy={upload.isPending || undefined}
            className={cn(
              buttonClass('secondary', 'cursor-pointer px-4'),
              'peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-focus-visible:ring-offset-2 peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
            )}
          >
            <Camera className="h-4 w-4" aria-hidden="true" />
            {upload.isPending ? 'Uploading...' : p.profilePhotoUrl ? 'Change photo' : 'Upload photo'}
          </label>
          {p.profilePhotoUrl && (
            <Button variant="secondary" className="px-4" onClick={deletePhoto} pending={remove.isPending} disabled={busy}>
              {!remove.isPending && <Trash2 className="h-4 w-4" aria-hidden="true" />}
              Delete
            </Button>
          )}
        </div>
        <p id={`${uid}-hint`} className="mt-2 text-xs text-muted">
          JPG, PNG, WebP or GIF, up to {PHOTO_MAX_BYTES / 1_048_576} MB.
        </p>
      </div>
    </section>
  );
}

function CardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex animate-pulse flex-col items-center gap-4 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-sm sm:flex-row sm:gap-6 sm:p-6"
    >
      <div className="h-24 w-24 shrink-0 rounded-full bg-line" />
      <div className="flex flex-col items-center gap-2 sm:items-start">
        <div className="h-5 w-40 rounded bg-line" />
        <div className="h-4 w-24 rounded bg-line" />
        <div className="mt-2 h-11 w-48 rounded-xl bg-line" />
      </div>
    </div>
  );
}
