// @vitest-environment happy-dom
import { MENUS, type api } from '@talentloop/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The profile dropdown is a chunk of its own, loaded after the first paint (issue 19); until it has
// loaded the top bar shows a stand-in button. Whatever the user did to the stand-in carries over.

const user: api.SessionUser = {
  email: 'asha@example.com',
  firstName: 'Asha',
  lastName: 'Rao',
  profilePhotoUrl: null,
  roles: ['freelancer'],
  onBoardingStage: 'COMPLETED',
};

// A fresh module per test: the loaded menu is kept module-wide once it has arrived.
async function renderTopBar(at = '/freelancer/dashboard', menu = MENUS.freelancer) {
  vi.resetModules();
  const { ShellTopBar } = await import('./shell-topbar.tsx');
  render(
    <MemoryRouter initialEntries={[at]}>
      <ShellTopBar menu={menu} user={user} menuButton={{ current: null }} onOpenDrawer={() => {}} onLogout={() => {}} />
    </MemoryRouter>,
  );
  return screen.getByRole('button', { name: /Open profile menu/ });
}

beforeEach(() => {
  vi.resetModules();
});
afterEach(() => {
  cleanup();
});

describe('the top bar title', () => {
  it('names the menu entry of the page, and of the page it sits under', async () => {
    await renderTopBar('/company/shortlists/0b7c7a52-1111-4222-8333-944455556666', MENUS.company);
    expect(screen.getByText('Shortlists', { selector: 'p' })).toBeTruthy();
    cleanup();
    await renderTopBar('/company/talent', MENUS.company);
    expect(screen.getByText('Find Talent', { selector: 'p' })).toBeTruthy();
  });
});

describe('the top bar profile menu, loaded after the first paint', () => {
  it('a press on the profile button before the menu has loaded opens the menu once it has', async () => {
    const button = await renderTopBar();
    // The stand-in: not yet Radix's trigger (which carries data-state).
    expect(button.hasAttribute('data-state')).toBe(false);
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.textContent).toContain('Asha Rao');
    fireEvent.click(button);
    expect(await screen.findByRole('menuitem', { name: 'Your Profile' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeTruthy();
  });

  it('a profile button focused before the menu has loaded keeps the focus when the real one replaces it', async () => {
    const button = await renderTopBar();
    expect(button.hasAttribute('data-state')).toBe(false);
    act(() => button.focus());
    const real = await vi.waitFor(
      () => {
        const b = screen.getByRole('button', { name: /Open profile menu/ });
        if (b.getAttribute('data-state') !== 'closed') throw new Error('still the stand-in');
        return b;
      },
      { timeout: 5000 },
    );
    expect(document.activeElement).toBe(real);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
