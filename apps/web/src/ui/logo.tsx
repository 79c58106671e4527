import { BRAND } from '@talentloop/contract';
import { Link } from 'react-router';
import { cn } from './cn.ts';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('h-8 w-8 shrink-0', className)}>
      <rect width="32" height="32" rx="8" fill="var(--color-brand-700)" />
      <path d="M9 16a7 7 0 0 1 12-4.9M23 16a7 7 0 0 1-12 4.9" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <circle cx="21.5" cy="10.5" r="2" fill="var(--color-brand-300)" />
      <circle cx="10.5" cy="21.5" r="2" fill="var(--color-brand-300)" />
    </svg>
  );
}

/** Logo mark and wordmark, linking home. */
export function Logo({ to = '/', className, tone = 'dark' }: { to?: string; className?: string; tone?: 'dark' | 'light' }) {
  return (
    <Link to={to} className={cn('inline-flex items-center gap-2 rounded-lg', className)} aria-label={`${BRAND.name} home`}>
      <LogoMark />
      <span className={cn('text-lg font-bold tracking-tight', tone === 'light' ? 'text-white' : 'text-ink')}>{BRAND.name}</span>
    </Link>
  );
}
