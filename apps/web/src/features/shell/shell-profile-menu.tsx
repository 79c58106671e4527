import type { Menu, api } from '@talentloop/contract';
import { DropdownMenu } from 'radix-ui';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Avatar, ProfileMenuFace } from './shell-avatar.tsx';
import { MENU_ICONS } from './shell-icons.ts';

const itemClass =
  'flex min-h-11 cursor-pointer items-center gap-2.5 rounded-lg px-3 text-sm text-ink outline-none data-[highlighted]:bg-surface';

/**
 * The profile dropdown (Radix DropdownMenu and its positioning engine): a chunk of its own, loaded
 * after the first paint; until then ShellTopBar shows the same button (issue 19). `openAtOnce`: the
 * button was pressed before this loaded; `focus`: it had focus, so the real trigger takes it over.
 */
export function ProfileMenu({
  menu,
  user,
  fullName,
  email,
  openAtOnce,
  focus,
  onLogout,
}: {
  menu: Menu;
  user: api.SessionUser;
  fullName: string;
  email: string;
  openAtOnce: boolean;
  focus: boolean;
  onLogout: () => void;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the real trigger replaces the stand-in
  useEffect(() => {
    // A menu that opens at once takes the focus itself (its first item); moving it back to the
    // trigger would race Radix's own focus and could close the menu under the user's keys.
    if (focus && !openAtOnce) trigger.current?.focus();
  }, []);
  // Not modal: a modal menu hides the rest of the page with aria-hidden while it stays focusable (axe aria-hidden-focus).
  return (
    <DropdownMenu.Root modal={false} defaultOpen={openAtOnce}>
      <DropdownMenu.Trigger
        ref={trigger}
        className="flex min-h-11 max-w-[16rem] items-center gap-3 rounded-xl px-2 text-left hover:bg-surface data-[state=open]:bg-surface"
      >
        <ProfileMenuFace user={user} fullName={fullName} email={email} />
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
  );
}
