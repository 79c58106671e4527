// @vitest-environment happy-dom
import { ACCOUNT_MESSAGES } from '@talentloop/contract/api/account';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenState } from '../../lib/api-client.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { accountKeys } from './api/keys.ts';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

type Answer = { status: number; body: unknown };
const failure = (status: number, responseCode: string, responseMessage = 'x'): Answer => ({
  status,
  body: { status: 'failure', responseCode, responseMessage },
});
const ok = (responseMessage = 'ok'): Answer => ({ status: 200, body: { status: 'success', responseMessage } });

let answers: Record<string, Answer[]>;
let calls: Array<{ path: string; body: unknown }>;

beforeEach(() => {
  calls = [];
  tokenState.set('token');
  sessionStore.setUser({
    email: 'a@example.com',
    firstName: 'A',
    lastName: 'B',
    profilePhotoUrl: null,
    roles: ['freelancer'],
    onBoardingStage: 'COMPLETED',
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      const path = new URL(String(input)).pathname.replace(/^\/api/, '');
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const next = answers[path]?.shift() ?? ok();
      return new Response(JSON.stringify(next.body), { status: next.status, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

let queryClient: QueryClient;

function renderDialog() {
  const onOpenChange = vi.fn();
  queryClient = new QueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/freelancer/view-profile']}>
        <Routes>
          <Route path="/freelancer/view-profile" element={<DeleteAccountDialog open onOpenChange={onOpenChange} />} />
          <Route path="/login" element={<h1>Login page</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onOpenChange;
}

describe('delete account dialog', () => {
  it('asks first with the spec text, and Cancel closes without a call', () => {
    const onOpenChange = renderDialog();
    expect(screen.getByRole('alertdialog', { name: ACCOUNT_MESSAGES.deleteTitle })).toBeTruthy();
    expect(screen.getByText(ACCOUNT_MESSAGES.deleteConfirm)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(calls).toEqual([]);
  });

  it('deletes with the password, signs out and goes to the login page', async () => {
    answers = { '/account/delete': [ok()] };
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Str0ng!pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    expect(calls.find((c) => c.path === '/account/delete')?.body).toEqual({ password: 'Str0ng!pass' });
    expect(sessionStore.get().user).toBeNull();
    expect(tokenState.get()).toBeNull();
  });

  it('shows a wrong password under the field and keeps the account', async () => {
    answers = { '/account/delete': [failure(403, 'TL_CORE_10130_E', "Password doesn't match")] };
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText("Password doesn't match")).toBeTruthy();
    expect(sessionStore.get().user).not.toBeNull();
  });

  it('switches an account without a password to a mailed code', async () => {
    answers = {
      '/account/delete': [failure(400, 'TL_CORE_10132_E'), ok()],
      '/account/deletion-code': [ok(ACCOUNT_MESSAGES.codeSent)],
    };
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'anything' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.codeSent)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Digit 1 of 5'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/account/delete').at(-1)?.body).toEqual({ otp: '12345' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
  });

  const security = (hasPassword: boolean, googleLinked: boolean): Answer => ({
    status: 200,
    body: { status: 'success', hasPassword, googleLinked, activeSessions: 1 },
  });
  const GOOGLE_OFFER = 'Signed up with Google? Email me a code instead';
  /** The dialog has read whether the account has a password. */
  const securityRead = () => waitFor(() => expect(queryClient.getQueryState(accountKeys.security)?.status).toBe('success'));

  it.each([
    { name: 'a password account', hasPassword: true, googleLinked: false },
    { name: 'a password account with Google linked too', hasPassword: true, googleLinked: true },
  ])('does not offer a mailed code to $name', async ({ hasPassword, googleLinked }) => {
    answers = { '/account/security': [security(hasPassword, googleLinked)] };
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByLabelText('Password')).toBeTruthy();
    await securityRead();
    expect(screen.queryByRole('button', { name: GOOGLE_OFFER })).toBeNull();
    expect(calls.some((c) => c.path === '/account/deletion-code')).toBe(false);
  });

  it('offers an account that signed up with Google and has no password a mailed code', async () => {
    answers = { '/account/security': [security(false, true)], '/account/deletion-code': [ok(ACCOUNT_MESSAGES.codeSent)] };
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: GOOGLE_OFFER }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.codeSent)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/account/deletion-code')).toHaveLength(1);
  });
});
