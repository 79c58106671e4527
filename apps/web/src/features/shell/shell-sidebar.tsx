import { BRAND, type Menu } from '@talentloop/contract';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../ui/cn.ts';
import { LogoMark } from '../../ui/logo.tsx';
import { type MenuBadges, ShellNavList } from './shell-nav.tsx';

/**
 * Desktop sidebar (768 px and up): a rail of icons that expands while hovered or keyboard-focused,
 * and stays expanded when the user pins it with the toggle (kept in the session store's sidebar
 * slice, so it survives a reload). spec: auth-onboarding §2 Freelancer shell, §3/§4 sidebar isOpen
 */
export function ShellSidebar({
  menu,
  pinned,
  onToggle,
  badges,
}: {
  menu: Menu;
  pinned: boolean;
  onToggle: () => void;
  badges?: MenuBadges;
}) {
  const reveal = pinned
    ? 'opacity-100'
    : 'opacity-0 transition-opacity group-hover/side:opacity-100 group-has-[:focus-visible]/side:opacity-100';
  return (
    <aside
      aria-label="Sidebar"
      className={cn(
        'group/side fixed inset-y-0 left-0 z-40 hidden flex-col overflow-hidden border-r border-line bg-white transition-[width,box-shadow] duration-200 md:flex',
        pinned ? 'w-64' : 'w-[4.5rem] hover:w-64 hover:shadow-xl has-[:focus-visible]:w-64 has-[:focus-visible]:shadow-xl',
      )}
    >
      <div className="flex h-16 shrink-0 items-center border-b border-line px-5">
        <Link to={menu.home} className="flex items-center gap-2 rounded-lg" aria-label={`${BRAND.name} home`}>
          <LogoMark />
          <span className={cn('text-lg font-bold tracking-tight whitespace-nowrap', reveal)}>{BRAND.name}</span>
        </Link>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
        <ShellNavList menu={menu} labelClass={reveal} badges={badges} />
      </nav>
      <div className="border-t border-line p-3">
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={pinned}
          className="flex h-11 w-full items-center gap-3 rounded-xl px-3.5 text-sm font-medium whitespace-nowrap text-muted hover:bg-surface hover:text-ink"
        >
          {pinned ? (
            <PanelLeftClose className="h-5 w-5 shrink-0" aria-hidden="true" />
          ) : (
            <PanelLeftOpen className="h-5 w-5 shrink-0" aria-hidden="true" />
          )}
          <span className={reveal}>{pinned ? 'Collapse sidebar' : 'Expand sidebar'}</span>
        </button>
      </div>
    </aside>
  );
}
