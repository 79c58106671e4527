// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenState } from '../../lib/api-client.ts';
import { ShortlistButton, VERIFY_COMPANY_PATH, VERIFY_TO_SHORTLIST } from './shortlist-button.tsx';
import { fakeServer, ok } from './test-server.ts';

// The 'Shortlist' control on a freelancer's profile (issue 20).

configure({ asyncUtilTimeout: 15_000 });

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  tokenState.set('token');
  server = fakeServer();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  tokenState.set(null);
});

const counts = { shortlisted: 1, interview: 0, selected: 0, not_selected: 0 };
const list = (id: string, name: string) => ({ id, name, version: 0, createdAt: '2026-11-01T10:00:00.000Z', counts });
const candidate = {
  id: 'c9',
  slug: 'ada',
  firstName: 'Ada',
  lastName: 'L',
  photoUrl: null,
  occupation: null,
  demo: false,
  stage: 'shortlisted',
};

function renderButton(props: Partial<Parameters<typeof ShortlistButton>[0]> = {}) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ShortlistButton slug="ada" memberships={[]} canShortlist {...props} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ShortlistButton', () => {
  it('tells an unverified company why it cannot shortlist and links to verification, without a call or a dialog', () => {
    renderButton({ canShortlist: false });
    const button = screen.getByRole('button', { name: 'Shortlist' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(String(button.getAttribute('aria-describedby')))?.textContent).toContain(VERIFY_TO_SHORTLIST);
    expect(screen.getByRole('link', { name: 'Verify your company' }).getAttribute('href')).toBe(VERIFY_COMPANY_PATH);
    expect(VERIFY_COMPANY_PATH).toBe('/company/profile-setup?tab=verification');
    fireEvent.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.calls).toEqual([]);
  });

  it('names the lists the freelancer is already on, with their stage', () => {
    renderButton({
      memberships: [
        { shortlistId: 's1', shortlistName: 'Frontend lead', candidateId: 'c1', stage: 'interview' },
        { shortlistId: 's2', shortlistName: 'Backend', candidateId: 'c2', stage: 'not_selected' },
      ],
    });
    expect(screen.getByText(/On:/).parentElement?.textContent).toBe('On: Frontend lead (Interview), Backend (Not selected)');
  });

  it('adds the freelancer to a picked list, leaving out the lists they are already on', async () => {
    server.on('GET /company/shortlists', ok({ shortlists: [list('s1', 'Frontend lead'), list('s2', 'Designer')] }));
    server.on('POST /company/shortlists/s2/candidates', ok({ responseMessage: 'Added to the shortlist', candidate }));
    renderButton({ memberships: [{ shortlistId: 's1', shortlistName: 'Frontend lead', candidateId: 'c1', stage: 'interview' }] });
    fireEvent.click(screen.getByRole('button', { name: 'Shortlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Shortlist this freelancer' });
    const designer = await within(dialog).findByRole('radio', { name: /Designer/ });
    expect(within(dialog).queryByRole('radio', { name: /Frontend lead/ })).toBeNull();
    expect((designer as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to shortlist' }));
    expect(await screen.findByText(/Designer \(Shortlisted\)/)).toBeTruthy();
    expect(server.sent('POST /company/shortlists/s2/candidates').map((c) => c.body)).toEqual([{ slug: 'ada' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('creates a list for a new role, then adds the freelancer to it', async () => {
    server.on('GET /company/shortlists', ok({ shortlists: [] }));
    server.on('POST /company/shortlists', ok({ responseMessage: 'Shortlist created', shortlist: list('s7', 'Data engineer') }));
    server.on('POST /company/shortlists/s7/candidates', ok({ responseMessage: 'Added to the shortlist', candidate }));
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Shortlist' }));
    const dialog = await screen.findByRole('dialog');
    // No list yet: 'New list for a role' is picked and asks for the role.
    const role = await within(dialog).findByLabelText('Role');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to shortlist' }));
    expect(await within(dialog).findByText('Please enter the role this list is for.')).toBeTruthy();
    expect(server.sent('POST /company/shortlists')).toEqual([]);
    fireEvent.change(role, { target: { value: '  Data engineer ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to shortlist' }));
    expect(await screen.findByText(/Data engineer \(Shortlisted\)/)).toBeTruthy();
    expect(server.sent('POST /company/shortlists').map((c) => c.body)).toEqual([{ name: 'Data engineer' }]);
    expect(server.sent('POST /company/shortlists/s7/candidates')).toHaveLength(1);
  });
});
