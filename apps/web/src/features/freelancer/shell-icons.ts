import type { MenuIcon } from '@talentloop/contract';
import {
  BriefcaseBusiness,
  Building2,
  FolderKanban,
  House,
  LayoutDashboard,
  LogOut,
  type LucideIcon,
  MessagesSquare,
  UserRound,
  UsersRound,
} from 'lucide-react';

/** The contract names menu icons; this is the one place they become pictures. */
export const MENU_ICONS: Record<MenuIcon, LucideIcon> = {
  dashboard: LayoutDashboard,
  work: BriefcaseBusiness,
  community: UsersRound,
  home: House,
  projects: FolderKanban,
  company: Building2,
  chat: MessagesSquare,
  profile: UserRound,
  logout: LogOut,
};
