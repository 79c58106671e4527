// @vitest-environment happy-dom
import { MESSAGES } from '@talentloop/contract';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../lib/session-store.ts';
import { SIGNUP_COPY, SignupPage } from './signup-page.tsx';

// The sign-up form's own checks (issue 9: field messages in component tests; the browser suite
// shows them once, in first-visit.spec.ts). Nothing reaches the server from an invalid form.

// Rendering a whole form in happy-dom takes seconds on a loaded 2-core machine: wait for states, generously.
configure({ asyncUtilTimeout: 15_000 });

let registered: unknown[];

beforeEach(() => {
  registered = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      const path = new URL(String(input)).pathname;
      if (path.endsWith('/register')) registered.push(init?.body);
      const body = path.endsWith('/config')
        ? { googleClientId: null, clientAccounts: true, communityFormUrl: null, peerNetworkUrl: null }
        : { status: 'success' };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

function renderSignup() {
  render(
    <MemoryRouter initialEntries={['/signup']}>
      <Routes>
        <Route path="/signup" element={<SignupPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The message wired to a field: its aria-describedby names the element holding the text. */
function messageOf(field: HTMLElement): string {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('sign-up: an empty submit', { timeout: 90_000 }, () => {
  it('shows the summary and each required field its message, marked invalid, and sends nothing', async () => {
    renderSignup();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(MESSAGES.allRequired)).toBeTruthy();
    for (const [label, message] of [
      ['First name', MESSAGES.firstNameRequired],
      ['Last name', MESSAGES.lastNameRequired],
      ['Email', MESSAGES.emailRequired],
      ['Password', MESSAGES.passwordRequired],
      ['Confirm password', MESSAGES.confirmRequired],
    ] as const) {
      const field = screen.getByLabelText(label, { exact: true, selector: 'input' });
      expect(field.getAttribute('aria-invalid'), label).toBe('true');
      expect(messageOf(field), label).toContain(message);
    }
    const terms = screen.getByRole('checkbox');
    expect(terms.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(terms)).toContain(MESSAGES.termsRequired);
    expect(registered).toEqual([]);
  });

  it('asks a company for its name once the rest is filled in', async () => {
    renderSignup();
    fireEvent.click(screen.getByRole('radio', { name: 'Hire Talent' }));
    const company = await screen.findByLabelText('Company', { exact: true, selector: 'input' });
    for (const [label, value] of [
      ['First name', 'Maya'],
      ['Last name', 'Iyer'],
      ['Email', 'maya@example.com'],
      ['Password', 'Str0ng!pass'],
      ['Confirm password', 'Str0ng!pass'],
    ] as const)
      fireEvent.input(screen.getByLabelText(label, { exact: true, selector: 'input' }), { target: { value } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await within(document.body).findAllByText(MESSAGES.companyRequired)).not.toHaveLength(0);
    expect(company.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(company)).toContain(MESSAGES.companyRequired);
    expect(registered).toEqual([]);
  });

  it('speaks to a company once Hire Talent is chosen, and to a freelancer again after (issue 32)', async () => {
    renderSignup();
    expect(screen.getByRole('heading', { level: 1, name: SIGNUP_COPY.freelancer.title })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Hire Talent' }));
    expect(await screen.findByRole('heading', { level: 1, name: SIGNUP_COPY.client.title })).toBeTruthy();
    expect(screen.getByText(SIGNUP_COPY.client.subtitle)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Join as Remote Talent' }));
    expect(await screen.findByRole('heading', { level: 1, name: SIGNUP_COPY.freelancer.title })).toBeTruthy();
  });
});

describe('sign-up: names', { timeout: 90_000 }, () => {
  it('takes a name with a typographic apostrophe and one with combining marks, and sends them as typed', async () => {
    renderSignup();
    for (const [label, value] of [
      ['First name', 'अनुष्का'],
      ['Last name', 'O’Brien'],
      ['Email', 'anushka@example.com'],
      ['Password', 'Str0ng!pass'],
      ['Confirm password', 'Str0ng!pass'],
    ] as const)
      fireEvent.input(screen.getByLabelText(label, { exact: true, selector: 'input' }), { target: { value } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(registered).toHaveLength(1));
    expect(JSON.parse(String(registered[0]))).toMatchObject({ firstName: 'अनुष्का', lastName: 'O’Brien' });
    expect(screen.queryByText(MESSAGES.lastNameLetters)).toBeNull();
  });

  it('refuses digits in a name with the name message, and sends nothing', async () => {
    renderSignup();
    const first = screen.getByLabelText('First name', { exact: true, selector: 'input' });
    fireEvent.input(first, { target: { value: 'R2D2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(messageOf(first)).toContain(MESSAGES.firstNameLetters));
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(registered).toEqual([]);
  });
});
