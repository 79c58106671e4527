import type { Menu } from '@talentloop/contract';
import { ExternalLink } from 'lucide-react';
import { NavLink } from 'react-router';
import { usePublicConfig } from '../../lib/use-config.ts';
import { cn } from '../../ui/cn.ts';
import { MENU_ICONS } from './shell-icons.ts';

/**
 * The sidebar's entries for a role. `labelClass` lets the collapsible sidebar fade the labels while
 * keeping them as the links' accessible names. spec: auth-onboarding §2 Freelancer shell
 */
export function ShellNavList({ menu, labelClass, onNavigate }: { menu: Menu; labelClass?: string; onNavigate?: () => void }) {
  const { data: config } = usePublicConfig();
  const item = 'flex h-11 items-center gap-3 rounded-xl px-3.5 text-sm font-medium whitespace-nowrap transition-colors';
  const internal = menu.sidebar.filter((e) => e.kind === 'link');
  const external = menu.sidebar.filter((e) => e.kind === 'external');
  return (
    <>
      <ul className="space-y-1">
        {internal.map((entry) => {
          const Icon = MENU_ICONS[entry.icon];
          return (
            <li key={entry.to}>
              <NavLink
                to={entry.to}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(item, isActive ? 'bg-brand-50 text-brand-800' : 'text-muted hover:bg-surface hover:text-ink')
                }
              >
                <Icon className="h-5 w-5 shrink-0" aria-hidden="true" />
                <span className={labelClass}>{entry.label}</span>
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
