import { type Menu, truncateEmail } from '@talentloop/contract';
import { ChevronDown, Menu as MenuIcon } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link, useLocation } from 'react-router';
import type { api } from '@talentloop/contract';
import { Logo } from '../../ui/logo.tsx';
import { Avatar } from './shell-avatar.tsx';
import { MENU_ICONS } from './shell-icons.ts';

const itemClass =
  'flex min-h-11 cursor-pointer items-center gap-2.5 rounded-lg px-3 text-sm text-ink outline-none data-[highlighted]:bg-surface';

/**
 * The top menu: on phones the drawer button and the logo; the current page's name; the profile
 * dropdown with the photo or initials, the name and the email shortened per §9.
 * spec: auth-onboarding §2 Freelancer shell, §9 Email display
 */
export function ShellTopBar({
  menu,
  user,
  menuButton,
  onOpenDrawer,
  onLogout,
}: {
  menu: Menu;
  user: api.SessionUser;
  menuButton: React.Ref<HTMLButtonElement>;
  onOpenDrawer: () => void;
  onLogout: () => void;
}) {
  const { pathname } = useLocation();
  const current = menu.sidebar.find((e) => e.kind === 'link' && e.to === pathname);
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  const email = truncateEmail(user.email);
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-3 border-b border-line bg-white/90 px-3 backdrop-blur sm:px-6">
      <div className="flex min-w-0 items-center gap-2">
        <button
          ref={menuButton}
          type="button"
          onClick={onOpenDrawer}
          className="flex h-11 w-11 items-center justify-center rounded-xl text-ink hover:bg-surface md:hidden"
          aria-label="Open menu"
        >
          <MenuIcon className="h-5 w-5" aria-hidden="true" />
        </button>
        <div className="md:hidden">
          <Logo to={menu.home} />
        </div>
        {current && <p className="hidden truncate text-base font-semibold text-ink md:block">{current.label}</p>}
      </div>
      {/* Not modal: a modal menu hides the rest of the page with aria-hidden while it stays focusable (axe aria-hidden-focus). */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className="flex min-h-11 max-w-[16rem] items-center gap-3 rounded-xl px-2 text-left hover:bg-surface data-[state=open]:bg-surface">
          <span className="sr-only">Open profile menu</span>
          <Avatar firstName={user.firstName} lastName={user.lastName} photoUrl={user.profilePhotoUrl} />
          <span className="hidden min-w-0 text-sm sm:block">
            <span className="block truncate font-semibold text-ink">{fullName}</span>
            <span className="block truncate text-muted">{email}</span>
          </span>
          <ChevronDown className="hidden h-4 w-4 shrink-0 text-muted sm:block" aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={8} className="z-50 w-64 rounded-xl border border-line bg-white p-1.5 shadow-lg">
            <div className="flex items-center gap-3 px-3 py-2.5">
              <Avatar firstName={user.firstName} lastName={user.lastName} photoUrl={user.profilePhotoUrl} className="h-10 w-10" />
              <div className="min-w-0 text-sm">
                <p className="truncate font-semibold text-ink">{fullName}</p>
                <p className="truncate text-muted" title={user.email}>
                  {email}
                </p>
              </div>
            </div>
            <DropdownMenu.Separator className="my-1 h-px bg-line" />
            {menu.profile.map((entry) => {
              const Icon = MENU_ICONS[entry.icon];
              const content = (
                <>
                  <Icon className="h-4 w-4 text-muted" aria-hidden="true" />
                  {entry.label}
                </>
              );
              return entry.kind === 'link' ? (
                <DropdownMenu.Item key={entry.label} asChild>
                  <Link to={entry.to} className={itemClass}>
                    {content}
                  </Link>
                </DropdownMenu.Item>
              ) : (
                <DropdownMenu.Item key={entry.label} onSelect={onLogout} className={itemClass}>
                  {content}
                </DropdownMenu.Item>
              );
            })}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </header>
  );
}
