import { describe, expect, test } from 'vitest';
import { MENUS, menuFor, menuRole } from './menus.ts';
import { paths } from './paths.ts';

describe('menus by role', () => {
  test('a freelancer gets the spec sidebar with Messages (issue 36), the peer network link and the profile dropdown', () => {
    const menu = menuFor(['freelancer']);
    expect(menu.sidebar.map((e) => e.label)).toEqual(['Dashboard', 'Work Management', 'Messages', 'Community', 'Join Peer Network']);
    expect(menu.sidebar.filter((e) => e.kind === 'link').map((e) => e.to)).toEqual([
      paths.freelancer.dashboard,
      paths.freelancer.workManagement,
      paths.freelancer.messages,
      paths.freelancer.community,
    ]);
    expect(menu.sidebar.find((e) => e.kind === 'external')).toMatchObject({ configKey: 'peerNetworkUrl' });
    expect(menu.profile).toEqual([
      { kind: 'link', label: 'Your Profile', to: paths.freelancer.viewProfile, icon: 'profile' },
      { kind: 'logout', label: 'Logout', icon: 'logout' },
    ]);
  });

  test('the server role "client" picks the company menu; admin wins over the others; the admin menu is the console', () => {
    expect(menuRole(['client'])).toBe('company');
    expect(menuRole(['freelancer', 'ADMIN'])).toBe('admin');
    expect(menuRole([])).toBe('freelancer');
    expect(MENUS.admin.sidebar.map((e) => e.kind === 'link' && e.to)).toEqual(Object.values(paths.admin));
    expect(menuFor(['client']).sidebar.map((e) => e.label)).toEqual([
      'Home',
      'Find Talent',
      'Shortlists',
      'Projects',
      'Messages',
      'Company Profile',
    ]);
  });

  test('an operator keeps the menu of their own role and finds the console just above Logout', () => {
    const menu = menuFor(['freelancer', 'operator']);
    expect(menu.sidebar).toEqual(MENUS.freelancer.sidebar);
    expect(menu.profile.map((e) => e.label)).toEqual(['Your Profile', 'Operator console', 'Logout']);
    expect(menuFor(['client', 'operator']).profile.map((e) => e.label)).toEqual(['Your Profile', 'Operator console', 'Logout']);
    expect(menuFor(['freelancer']).profile.map((e) => e.label)).not.toContain('Operator console');
  });
});
