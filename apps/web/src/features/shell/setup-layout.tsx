import { LogOut } from 'lucide-react';
import { Outlet } from 'react-router';
import { Logo } from '../../ui/logo.tsx';
import { useLogout } from './use-logout.ts';

/** Profile setup has no menus: only a top bar with the logo and wordmark. spec: §2 Freelancer shell */
export function SetupLayout() {
  const logout = useLogout();
  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-30 border-b border-line bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Logo to="/freelancer/profile-setup" />
          <button
            type="button"
            onClick={logout}
            className="inline-flex min-h-11 items-center gap-2 rounded-xl px-3 text-sm font-medium text-muted hover:bg-surface hover:text-ink"
          >
            <LogOut className="h-4 w-4" aria-hidden="true" />
            Logout
          </button>
        </div>
      </header>
      <Outlet />
    </div>
  );
}
