import type { MenuIcon } from '@talentloop/contract';
import {
  BriefcaseBusiness,
  Building2,
  FolderKanban,
  ListChecks,
  House,
  LayoutDashboard,
  LogOut,
  type LucideIcon,
  MessagesSquare,
  Search,
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
  search: Search,
  shortlists: ListChecks,
};
