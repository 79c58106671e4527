import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../ui/cn.ts';

/** The user's photo, or their initials when there is none (or it fails to load). */
export function Avatar({
  firstName,
  lastName,
  photoUrl,
  className,
}: {
  firstName: string;
  lastName: string;
  photoUrl: string | null;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const initials = `${firstName.trim()[0] ?? ''}${lastName.trim()[0] ?? ''}`.toUpperCase() || '?';
  const base = cn('h-9 w-9 shrink-0 rounded-full', className);
  if (photoUrl && failed !== photoUrl) {
    return (
      <img
        src={photoUrl}
        alt=""
        width={36}
        height={36}
        className={cn(base, 'object-cover ring-1 ring-line')}
        onError={() => setFailed(photoUrl)}
      />
    );
  }
  return (
    <span aria-hidden="true" className={cn(base, 'flex items-center justify-center bg-brand-100 text-sm font-semibold text-brand-800')}>
      {initials}
    </span>
  );
}

/**
 * What the profile menu's button shows: the avatar, then (from sm) the name, the shortened email and
 * a chevron. The same in the top bar's stand-in button and in the menu's trigger once it has loaded,
 * so nothing moves when one replaces the other.
 */
export function ProfileMenuFace({
  user,
  fullName,
  email,
}: {
  user: { firstName: string; lastName: string; profilePhotoUrl: string | null };
  fullName: string;
  email: string;
}) {
  return (
    <>
      <span className="sr-only">Open profile menu</span>
      <Avatar firstName={user.firstName} lastName={user.lastName} photoUrl={user.profilePhotoUrl} />
      <span className="hidden min-w-0 text-sm sm:block">
        <span className="block truncate font-semibold text-ink">{fullName}</span>
        <span className="block truncate text-muted">{email}</span>
      </span>
      <ChevronDown className="hidden h-4 w-4 shrink-0 text-muted sm:block" aria-hidden="true" />
    </>
  );
}
