import { describe, expect, test } from 'vitest';
import { MENUS, menuFor, menuRole } from './menus.ts';
import { paths } from './paths.ts';

describe('menus by role', () => {
  test('a freelancer gets the spec sidebar, the peer network link and the profile dropdown', () => {
    const menu = menuFor(['freelancer']);
    expect(menu.sidebar.map((e) => e.label)).toEqual(['DashBoard', 'Work Management', 'Community', 'Join Peer Network']);
    expect(menu.sidebar.filter((e) => e.kind === 'link').map((e) => e.to)).toEqual([
      paths.freelancer.dashboard,
      paths.freelancer.workManagement,
      paths.freelancer.community,
    ]);
    expect(menu.sidebar.find((e) => e.kind === 'external')).toMatchObject({ configKey: 'peerNetworkUrl' });
    expect(menu.profile).toEqual([
      { kind: 'link', label: 'Your Profile', to: paths.freelancer.viewProfile, icon: 'profile' },
      { kind: 'logout', label: 'Logout', icon: 'logout' },
    ]);
  });

  test('the server role "client" picks the company menu; admin wins over the others; the admin menu is empty', () => {
    expect(menuRole(['client'])).toBe('company');
    expect(menuRole(['freelancer', 'ADMIN'])).toBe('admin');
    expect(menuRole([])).toBe('freelancer');
    expect(MENUS.admin.sidebar).toEqual([]);
    expect(menuFor(['client']).sidebar.map((e) => e.label)).toEqual(['Home', 'Find Talent', 'Shortlists', 'Projects', 'Company Profile']);
  });
});
