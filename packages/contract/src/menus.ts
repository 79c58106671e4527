import { paths } from './paths.ts';
import { isOperator } from './roles.ts';

// Menus of the signed-in shell, one definition for every role. spec: auth-onboarding §2 Freelancer
// shell, §6 Roles (freelancer, company, an empty admin set); profile-company §2 (company menu).
// Icons are names the web app maps to its icon set, so this file stays free of UI code.

export type MenuIcon =
  | 'dashboard'
  | 'work'
  | 'community'
  | 'home'
  | 'projects'
  | 'company'
  | 'chat'
  | 'profile'
  | 'logout'
  | 'search'
  | 'shortlists'
  | 'console'
  | 'vetting'
  | 'documents'
  | 'partners'
  | 'calls'
  | 'accounts'
  | 'chart'
  | 'audit'
  | 'reviews'
  | 'receipts'
  | 'releases'
  | 'payouts'
  | 'messages'
  | 'reports'
  | 'disputes';

export type MenuLink = {
  kind: 'link';
  label: string;
  to: string;
  icon: MenuIcon;
  /** The operator console's queue whose waiting count the entry shows as a badge (issue 21). */
  badge?: 'vetting' | 'documents' | 'partnerRequests' | 'supportCalls' | 'receipts' | 'releasesDue' | 'payouts' | 'messages' | 'disputes';
};
/** A link whose address is an operator setting from GET /api/config (opens in a new tab). */
export type MenuExternal = { kind: 'external'; label: string; configKey: 'peerNetworkUrl' | 'communityFormUrl'; icon: MenuIcon };
export type MenuLogout = { kind: 'logout'; label: string; icon: MenuIcon };

export type Menu = {
  /** Sidebar entries, in order. */
  sidebar: ReadonlyArray<MenuLink | MenuExternal>;
  /** The profile dropdown of the top menu. */
  profile: ReadonlyArray<MenuLink | MenuLogout>;
  /** Where the logo of the shell leads. */
  home: string;
};

export const MENU_ROLES = ['freelancer', 'company', 'admin'] as const;
export type MenuRole = (typeof MENU_ROLES)[number];

const logout: MenuLogout = { kind: 'logout', label: 'Logout', icon: 'logout' };

export const MENUS: Record<MenuRole, Menu> = {
  freelancer: {
    home: paths.freelancer.dashboard,
    sidebar: [
      { kind: 'link', label: 'Dashboard', to: paths.freelancer.dashboard, icon: 'dashboard' },
      { kind: 'link', label: 'Work Management', to: paths.freelancer.workManagement, icon: 'work' },
      { kind: 'link', label: 'Messages', to: paths.freelancer.messages, icon: 'messages', badge: 'messages' },
      { kind: 'link', label: 'Community', to: paths.freelancer.community, icon: 'community' },
      { kind: 'external', label: 'Join Peer Network', configKey: 'peerNetworkUrl', icon: 'chat' },
    ],
    profile: [{ kind: 'link', label: 'Your Profile', to: paths.freelancer.viewProfile, icon: 'profile' }, logout],
  },
  company: {
    home: paths.company.home,
    sidebar: [
      { kind: 'link', label: 'Home', to: paths.company.home, icon: 'home' },
      { kind: 'link', label: 'Find Talent', to: paths.company.talent, icon: 'search' },
      { kind: 'link', label: 'Shortlists', to: paths.company.shortlists, icon: 'shortlists' },
      { kind: 'link', label: 'Projects', to: paths.company.projects, icon: 'projects' },
      { kind: 'link', label: 'Messages', to: paths.company.messages, icon: 'messages', badge: 'messages' },
      { kind: 'link', label: 'Company Profile', to: '/company/view-profile', icon: 'company' },
    ],
    profile: [{ kind: 'link', label: 'Your Profile', to: '/company/view-profile', icon: 'profile' }, logout],
  },
  // spec §6 has an empty admin menu; issue 21 fills it with the operator console.
  admin: {
    home: paths.admin.overview,
    sidebar: [
      { kind: 'link', label: 'Overview', to: paths.admin.overview, icon: 'console' },
      { kind: 'link', label: 'Vetting', to: paths.admin.vetting, icon: 'vetting', badge: 'vetting' },
      { kind: 'link', label: 'Documents', to: paths.admin.documents, icon: 'documents', badge: 'documents' },
      { kind: 'link', label: 'Partner requests', to: paths.admin.partnerRequests, icon: 'partners', badge: 'partnerRequests' },
      { kind: 'link', label: 'Support calls', to: paths.admin.supportCalls, icon: 'calls', badge: 'supportCalls' },
      { kind: 'link', label: 'Payouts', to: paths.admin.payouts, icon: 'payouts', badge: 'payouts' },
      { kind: 'link', label: 'Accounts', to: paths.admin.accounts, icon: 'accounts' },
      { kind: 'link', label: 'Page views', to: paths.admin.pageViews, icon: 'chart' },
      { kind: 'link', label: 'Audit log', to: paths.admin.audit, icon: 'audit' },
      { kind: 'link', label: 'Reviews', to: paths.admin.reviews, icon: 'reviews' },
      { kind: 'link', label: 'Receipts', to: paths.admin.receipts, icon: 'receipts', badge: 'receipts' },
      { kind: 'link', label: 'Releases due', to: paths.admin.releasesDue, icon: 'releases', badge: 'releasesDue' },
      { kind: 'link', label: 'Money report', to: paths.admin.moneyReport, icon: 'chart' },
      { kind: 'link', label: 'Reported messages', to: paths.admin.messageReports, icon: 'reports' },
      { kind: 'link', label: 'Disputes', to: paths.admin.disputes, icon: 'disputes', badge: 'disputes' },
    ],
    profile: [logout],
  },
};

/** The console's entry in the profile menu: shown to a user holding the server's 'operator' role. */
export const CONSOLE_LINK: MenuLink = { kind: 'link', label: 'Operator console', to: paths.admin.overview, icon: 'console' };

// isOperator and isClient live in roles.ts: the first page's guards need them without the menus
// (a module the entry shares with lazy chunks lands in the entry with everything they use from it; issue 37).
export { isClient, isOperator } from './roles.ts';

/** The menu role for a user's roles: admin over company (the server's 'client') over freelancer. */
export function menuRole(roles: readonly string[]): MenuRole {
  const set = new Set(roles.map((r) => r.toLowerCase()));
  if (set.has('admin')) return 'admin';
  if (set.has('client') || set.has('company')) return 'company';
  return 'freelancer';
}

/** The menu of the user's own role; an operator also finds the console in the profile menu. */
export function menuFor(roles: readonly string[]): Menu {
  const menu = MENUS[menuRole(roles)];
  if (!isOperator(roles) || menuRole(roles) === 'admin') return menu;
  const [last, ...rest] = [...menu.profile].reverse();
  return { ...menu, profile: [...rest.reverse(), CONSOLE_LINK, last] as Menu['profile'] };
}
