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
