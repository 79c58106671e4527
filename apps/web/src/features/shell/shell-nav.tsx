import type { Menu, MenuLink } from '@talentloop/contract';
import { ExternalLink } from 'lucide-react';
import { NavLink } from 'react-router';
import { usePublicConfig } from '../../lib/use-config.ts';
import { cn } from '../../ui/cn.ts';
import { MENU_ICONS } from './shell-icons.ts';

/** Counts shown beside menu entries that name a queue (the operator console's waiting items). */
export type MenuBadges = Partial<Record<NonNullable<MenuLink['badge']>, number>>;

/**
 * The sidebar's entries for a role. `labelClass` lets the collapsible sidebar fade the labels while
 * keeping them as the links' accessible names. spec: auth-onboarding §2 Freelancer shell
 */
export function ShellNavList({
  menu,
  labelClass,
  onNavigate,
  badges,
}: {
  menu: Menu;
  labelClass?: string;
  onNavigate?: () => void;
  badges?: MenuBadges;
}) {
  const { data: config } = usePublicConfig();
  const item = 'flex h-11 items-center gap-3 rounded-xl px-3.5 text-sm font-medium whitespace-nowrap transition-colors';
  const internal = menu.sidebar.filter((e) => e.kind === 'link');
  const external = menu.sidebar.filter((e) => e.kind === 'external');
  return (
    <>
      <ul className="space-y-1">
        {internal.map((entry) => {
          const Icon = MENU_ICONS[entry.icon];
          const count = entry.badge ? (badges?.[entry.badge] ?? 0) : 0;
          return (
            <li key={entry.to}>
              <NavLink
                to={entry.to}
                // The home entry is active on itself only (the console's Overview is a prefix of every page).
                end={entry.to === menu.home}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(item, isActive ? 'bg-brand-50 text-brand-800' : 'text-muted hover:bg-surface hover:text-ink')
                }
              >
                <span className="relative shrink-0">
                  <Icon className="h-5 w-5" aria-hidden="true" />
                  {count > 0 && (
                    // A dot on the icon while the sidebar is a rail; the count beside the label when open.
                    <span aria-hidden="true" className="absolute -top-1 -right-1 h-2.5 w-2.5 rounded-full bg-brand-600 ring-2 ring-white" />
                  )}
                </span>
                <span className={cn('flex flex-1 items-center justify-between gap-2', labelClass)}>
                  {entry.label}
                  {count > 0 && (
                    <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white tabular-nums">
                      {count > 99 ? '99+' : count}
                      <span className="sr-only">{entry.badge === 'messages' ? ' unread' : ' waiting'}</span>
                    </span>
                  )}
                </span>
              </NavLink>
            </li>
          );
        })}
      </ul>
      {external.length > 0 && (
        <ul className="mt-4 space-y-1 border-t border-line pt-4">
          {external.map((entry) => {
            const Icon = MENU_ICONS[entry.icon];
            const href = config?.[entry.configKey];
            return (
              <li key={entry.label} className="min-h-11">
                {href && (
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    onClick={onNavigate}
                    className={cn(item, 'text-muted hover:bg-surface hover:text-ink')}
                  >
                    <Icon className="h-5 w-5 shrink-0" aria-hidden="true" />
                    <span className={cn('flex items-center gap-1.5', labelClass)}>
                      {entry.label}
                      <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
                      <span className="sr-only">(opens in a new tab)</span>
                    </span>
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
