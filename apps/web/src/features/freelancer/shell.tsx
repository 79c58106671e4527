import { paths, truncateEmail } from '@talentloop/contract';
import { LogOut, UserRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link, NavLink, Outlet } from 'react-router';
import { useSession } from '../../lib/session-store.ts';
import { cn } from '../../ui/cn.ts';
import { Logo } from '../../ui/logo.tsx';
import { useLogout } from './use-logout.ts';

const MENU = [
  { to: paths.freelancer.dashboard, label: 'DashBoard' },
  { to: paths.freelancer.workManagement, label: 'Work Management' },
  { to: paths.freelancer.community, label: 'Community' },
];

/** The signed-in frame: side menu and top menu with the profile dropdown. spec: §2 Freelancer shell */
export function FreelancerShell() {
  const user = useSession((s) => s.user);
  const logout = useLogout();
  const initials = `${user?.firstName[0] ?? ''}${user?.lastName[0] ?? ''}`.toUpperCase();
  return (
    <div className="min-h-dvh md:grid md:grid-cols-[15rem_1fr]">
      <nav aria-label="Main" className="hidden border-r border-line bg-white p-4 md:block">
        <Logo to={paths.freelancer.dashboard} />
        <ul className="mt-8 space-y-1">
          {MENU.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                className={({ isActive }) =>
                  cn(
                    'flex min-h-11 items-center rounded-xl px-3 text-sm font-medium',
                    isActive ? 'bg-brand-50 text-brand-800' : 'text-muted hover:bg-surface hover:text-ink',
                  )
                }
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex min-w-0 flex-col">
        <header className="flex h-16 items-center justify-between border-b border-line bg-white px-4 sm:px-6">
          <div className="md:hidden">
            <Logo to={paths.freelancer.dashboard} />
          </div>
          <div className="hidden md:block" />
          <DropdownMenu.Root>
            <DropdownMenu.Trigger className="flex min-h-11 items-center gap-3 rounded-xl px-2 hover:bg-surface" aria-label="Profile menu">
              <span className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800">
                {initials}
              </span>
              <span className="hidden text-left text-sm sm:block">
                <span className="block font-semibold">
                  {user?.firstName} {user?.lastName}
                </span>
                <span className="block text-muted">{truncateEmail(user?.email ?? '')}</span>
              </span>
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content
                align="end"
                sideOffset={8}
                className="z-50 min-w-48 rounded-xl border border-line bg-white p-1 shadow-lg"
              >
                <DropdownMenu.Item asChild>
                  <Link
                    to={paths.freelancer.viewProfile}
                    className="flex min-h-10 items-center gap-2 rounded-lg px-3 text-sm outline-none data-[highlighted]:bg-surface"
                  >
                    <UserRound className="h-4 w-4" aria-hidden="true" /> Your Profile
                  </Link>
                </DropdownMenu.Item>
                <DropdownMenu.Item
                  onSelect={logout}
                  className="flex min-h-10 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm outline-none data-[highlighted]:bg-surface"
                >
                  <LogOut className="h-4 w-4" aria-hidden="true" /> Logout
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </header>
        <Outlet />
      </div>
    </div>
  );
}
