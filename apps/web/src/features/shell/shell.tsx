import { type Menu, menuFor, paths } from '@talentloop/contract';
import { Suspense, lazy, useRef, useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { sessionStore, useSession } from '../../lib/session-store.ts';
import { cn } from '../../ui/cn.ts';
import type { MenuBadges } from './shell-nav.tsx';
import { ShellSidebar } from './shell-sidebar.tsx';
import { ShellTopBar } from './shell-topbar.tsx';
import { useLogout } from './use-logout.ts';

// Phones' menu drawer: loaded when first opened (the dialog library stays out of the first load).
const ShellDrawer = lazy(() => import('./shell-drawer.tsx').then((m) => ({ default: m.ShellDrawer })));

/**
 * The signed-in frame: sidebar (a drawer on phones) and top menu with the profile dropdown, with
 * the menus of the user's role from the contract. spec: auth-onboarding §2 Freelancer shell, §6
 * The operator console (issue 21) passes its own menu and the queues' counts as badges.
 */
export function AppShell({ menu: menuOverride, badges }: { menu?: Menu; badges?: MenuBadges } = {}) {
  const user = useSession((s) => s.user);
  const pinned = useSession((s) => s.sidebar.isOpen);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const logout = useLogout();
  // spec §2: the shell sends to /login when there is no user data.
  if (!user) return <Navigate to={paths.login} replace />;
  const menu = menuOverride ?? menuFor(user.roles);

  return (
    <div className="min-h-dvh bg-surface">
      <a
        href="#shell-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow-lg"
      >
        Skip to content
      </a>
      <ShellSidebar menu={menu} badges={badges} pinned={pinned} onToggle={() => sessionStore.setSidebarOpen(!pinned)} />
      <div className={cn('flex min-h-dvh flex-col transition-[padding] duration-200', pinned ? 'md:pl-64' : 'md:pl-[4.5rem]')}>
        <ShellTopBar
          menu={menu}
          user={user}
          menuButton={menuButton}
          onOpenDrawer={() => {
            setDrawerLoaded(true);
            setDrawerOpen(true);
          }}
          onLogout={logout}
        />
        {/* The skip link's target: whatever page the route shows. */}
        <div id="shell-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
          <Outlet />
        </div>
      </div>
      {drawerLoaded && (
        <Suspense fallback={null}>
          <ShellDrawer
            menu={menu}
            badges={badges}
            open={drawerOpen}
            onOpenChange={setDrawerOpen}
            returnFocus={() => menuButton.current?.focus()}
          />
        </Suspense>
      )}
    </div>
  );
}
