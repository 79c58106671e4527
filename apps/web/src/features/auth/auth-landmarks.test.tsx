// @vitest-environment happy-dom
import { cleanup, configure, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../lib/session-store.ts';
import { LoginPage } from './login-page.tsx';
import { VerifiedDialog } from './signup-dialogs.tsx';
import { SignupPage } from './signup-page.tsx';

// Issue 19: what a screen reader finds on the sign-in screens. Whole forms render slowly in
// happy-dom on a loaded machine: wait generously.
configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ googleClientId: null, clientAccounts: true, communityFormUrl: null, peerNetworkUrl: null }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

const at = (path: string, element: React.ReactNode) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={path} element={element} />
      </Routes>
    </MemoryRouter>,
  );

describe('sign-in screens for assistive technology', () => {
  it('the Email Verified overlay is a main landmark with a level-one heading', () => {
    render(<VerifiedDialog onContinue={() => {}} />);
    const main = screen.getByRole('main');
    expect(main.closest('[role="dialog"]')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Email Verified' })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Email Verified' })).toBeTruthy();
  });

  it('the log-in form’s fieldset has a name', async () => {
    at('/login', <LoginPage />);
    expect(await screen.findByRole('group', { name: 'Log in details' }, { timeout: 4_000 })).toBeTruthy();
  });

  it('the sign-up form’s fieldset has a name', async () => {
    at('/signup', <SignupPage />);
    expect(await screen.findByRole('group', { name: 'Your account details' }, { timeout: 4_000 })).toBeTruthy();
  });
});
