import { type Menu, truncateEmail } from '@talentloop/contract';
import { Menu as MenuIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { api } from '@talentloop/contract';
import { Logo } from '../../ui/logo.tsx';
import { ProfileMenuFace } from './shell-avatar.tsx';
import type { ProfileMenu as ProfileMenuType } from './shell-profile-menu.tsx';

// The profile dropdown loads after the first paint (issue 19: Radix's menu and positioning engine
// are not first-load JS); kept once loaded, so later pages show it at once.
let loadedMenu: typeof ProfileMenuType | null = null;
const loadMenu = () =>
  import('./shell-profile-menu.tsx').then((m) => {
    loadedMenu = m.ProfileMenu;
    return m.ProfileMenu;
  });

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
  // The entry whose page this is, or whose page this one sits under (a shortlist under Shortlists), like the
  // sidebar's links; the most specific one wins (the console's Accounts, not its Overview at /admin).
  const current = menu.sidebar
    .filter((e) => e.kind === 'link' && (e.to === pathname || pathname.startsWith(`${e.to}/`)))
    .sort((a, b) => (b.kind === 'link' ? b.to.length : 0) - (a.kind === 'link' ? a.to.length : 0))[0];
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  const email = truncateEmail(user.email);
  const [ProfileMenu, setProfileMenu] = useState(() => loadedMenu);
  const [pressed, setPressed] = useState(false);
  const [focused, setFocused] = useState(false);
  const load = () => {
    loadMenu().then(
      (menuComponent) => setProfileMenu(() => menuComponent),
      () => {}, // the stand-in stays; pressing it tries again
    );
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the first paint
  useEffect(() => {
    if (!ProfileMenu) load();
  }, []);
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
      {ProfileMenu ? (
        <ProfileMenu menu={menu} user={user} fullName={fullName} email={email} openAtOnce={pressed} focus={focused} onLogout={onLogout} />
      ) : (
        // Stands in for the dropdown's trigger (same look and name) until its chunk has loaded.
        <button
          type="button"
          aria-haspopup="menu"
          aria-expanded="false"
          onClick={() => {
            setPressed(true);
            load();
          }}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          className="flex min-h-11 max-w-[16rem] items-center gap-3 rounded-xl px-2 text-left hover:bg-surface"
        >
          <ProfileMenuFace user={user} fullName={fullName} email={email} />
        </button>
      )}
    </header>
  );
}
