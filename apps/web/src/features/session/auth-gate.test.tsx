// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenState } from '../../lib/api-client.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { AuthGate } from './auth-gate.tsx';

// Issue 19: a signed-out visitor of a public talent page logged a 401 from the session refresh. The
// gate renews a session on a public page only when the browser holds a session hint (the user
// persisted at sign-in and dropped at logout).

let calls: string[];
beforeEach(() => {
  calls = [];
  localStorage.clear();
  tokenState.set(null);
  sessionStore.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string) => {
      calls.push(new URL(String(input)).pathname);
      return new Response('{}', { status: 401 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

const open = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AuthGate>
        <p>page</p>
      </AuthGate>
    </MemoryRouter>,
  );

describe('session gate', () => {
  it('a signed-out visitor’s public talent page makes no refresh call', async () => {
    open('/talent/asha-rao-1a2b');
    await screen.findByText('page', {}, { timeout: 4_000 });
    expect(calls).toEqual([]);
  });

  it('a browser that was signed in renews its session on a talent page', async () => {
    sessionStore.setUser({
      email: 'a@b.co',
      firstName: 'Maya',
      lastName: 'Iyer',
      profilePhotoUrl: null,
      roles: ['client'],
      onBoardingStage: null,
    });
    open('/talent/asha-rao-1a2b');
    await screen.findByText('page', {}, { timeout: 4_000 });
    expect(calls).toEqual(['/api/auth/refresh']);
  });

  it('a guarded page still tries to renew without a hint (a cookie may remain)', async () => {
    open('/freelancer/view-profile');
    await screen.findByText('page', {}, { timeout: 4_000 });
    expect(calls).toEqual(['/api/auth/refresh']);
  });
});
