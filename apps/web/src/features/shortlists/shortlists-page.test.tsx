// @vitest-environment happy-dom
import { ERRORS } from '@talentloop/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenState } from '../../lib/api-client.ts';
import { ShortlistsPage } from './shortlists-page.tsx';
import { failure, fakeServer, ok } from './test-server.ts';

// The company's lists (issue 20): an unverified company reads its lists but cannot make new ones;
// rename and delete carry the list's version.

configure({ asyncUtilTimeout: 15_000 });

const completion = { basics: 0, contact: 0, verification: 0, overall: 0 };
const home = (verificationStatus: string) => ok({ companyName: 'Acme', showWelcome: false, completion, verificationStatus });
const list = {
  id: 's1',
  name: 'Frontend lead',
  version: 2,
  createdAt: '2026-11-01T10:00:00.000Z',
  counts: { shortlisted: 2, interview: 1, selected: 0, not_selected: 1 },
};

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

let queryClient: QueryClient;
function renderPage() {
  queryClient = new QueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ShortlistsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('shortlists page', () => {
  it('lets an unverified company read its lists, and says why it cannot create one', async () => {
    server.on('GET /company/home', home('unverified'));
    server.on('GET /company/shortlists', ok({ shortlists: [list] }));
    renderPage();
    const card = (await screen.findByRole('heading', { name: 'Frontend lead' })).closest('li') as HTMLElement;
    expect(within(card).getByText('4 candidates', { exact: false })).toBeTruthy();
    expect(within(card).getByText('Interview').nextElementSibling?.textContent).toBe('1');
    expect(await screen.findByRole('heading', { name: 'Verify your company to create shortlists' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Verify your company' }).getAttribute('href')).toBe('/company/profile-setup?tab=verification');
    expect(screen.queryByRole('button', { name: 'Create list' })).toBeNull();
  });

  it('renames with the version it loaded, and a stale rename says so and reloads the lists', async () => {
    server.on('GET /company/home', home('verified'));
    server.on('GET /company/shortlists', ok({ shortlists: [list] }), ok({ shortlists: [{ ...list, version: 5 }] }));
    server.on(
      'PUT /company/shortlists/s1',
      failure(409, 'TL_CORE_10110_E', ERRORS.TL_CORE_10110_E.message),
      ok({ responseMessage: 'Shortlist renamed', shortlist: { ...list, name: 'Frontend lead (React)', version: 6 } }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Frontend lead' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename list' });
    fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'Frontend lead (React)' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await within(dialog).findByText(ERRORS.TL_CORE_10110_E.message)).toBeTruthy();
    // The lists reload (version 5 now), so a second try is made from the saved version.
    await waitFor(() =>
      expect(queryClient.getQueryData<{ shortlists: Array<{ version: number }> }>(['shortlists', 'list'])?.shortlists[0]?.version).toBe(5),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(server.sent('PUT /company/shortlists/s1')).toHaveLength(2));
    expect(server.sent('PUT /company/shortlists/s1').map((c) => c.body)).toEqual([
      { name: 'Frontend lead (React)', version: 2 },
      { name: 'Frontend lead (React)', version: 5 },
    ]);
    expect(await screen.findByRole('heading', { name: 'Frontend lead (React)' })).toBeTruthy();
  });
});
