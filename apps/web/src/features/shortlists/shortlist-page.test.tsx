// @vitest-environment happy-dom
import { ERRORS } from '@talentloop/contract';
import { SHORTLIST_MESSAGES } from '@talentloop/contract/api/shortlists';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenState } from '../../lib/api-client.ts';
import { STALE_RELOADED } from './candidate-card.tsx';
import { ShortlistPage } from './shortlist-page.tsx';
import { failure, fakeServer, ok } from './test-server.ts';

// One shortlist's candidates (issue 20): Not selected asks for the reason first; a save made from a
// stale version is refused by the server (409 TL_CORE_10110_E), and the page says so and reloads the
// candidate instead of saving again over what was saved elsewhere.

configure({ asyncUtilTimeout: 15_000 });

const GET = 'GET /company/shortlists/s1';
const PUT = 'PUT /company/shortlists/s1/candidates/c1';
const STALE = ERRORS.TL_CORE_10110_E.message;

const shortlist = {
  id: 's1',
  name: 'Frontend lead',
  version: 3,
  createdAt: '2026-11-01T10:00:00.000Z',
  counts: { shortlisted: 1, interview: 0, selected: 0, not_selected: 0 },
};
const ada = {
  id: 'c1',
  slug: 'ada-lovelace',
  firstName: 'Ada',
  lastName: 'Lovelace',
  photoUrl: null,
  occupation: 'Frontend engineer',
  demo: false,
  stage: 'shortlisted' as const,
  reason: null,
  note: 'Strong React portfolio',
  version: 4,
  addedAt: '2026-11-02T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
};
const loaded = (candidate: typeof ada | Record<string, unknown>) => ok({ shortlist, candidates: [candidate] });

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

async function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/company/shortlists/s1']}>
        <Routes>
          <Route path="/company/shortlists/:shortlistId" element={<ShortlistPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const card = (await screen.findByRole('heading', { name: 'Ada Lovelace' })).closest('li') as HTMLElement;
  return within(card);
}

describe('shortlist page', () => {
  it('shows each candidate with a link to their profile, the stage and the private notes', async () => {
    server.on(GET, loaded(ada));
    const card = await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Frontend lead' })).toBeTruthy();
    expect(card.getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe('/company/talent/ada-lovelace');
    expect(card.getByRole('button', { name: 'Shortlisted' }).getAttribute('aria-pressed')).toBe('true');
    expect((card.getByLabelText('Private notes') as HTMLTextAreaElement).value).toBe('Strong React portfolio');
  });

  it('asks for the reason before a move to Not selected, and sends it with the version', async () => {
    server.on(GET, loaded(ada));
    server.on(
      PUT,
      ok({ responseMessage: 'Candidate updated', candidate: { ...ada, stage: 'not_selected', reason: 'Went with more Vue', version: 5 } }),
    );
    const card = await renderPage();
    fireEvent.click(card.getByRole('button', { name: 'Not selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Not selected: Ada Lovelace' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark not selected' }));
    expect(await within(dialog).findByText(SHORTLIST_MESSAGES.reasonRequired)).toBeTruthy();
    expect(server.sent(PUT)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: '  Went with more Vue ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark not selected' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.sent(PUT).map((c) => c.body)).toEqual([
      { stage: 'not_selected', reason: 'Went with more Vue', note: 'Strong React portfolio', version: 4 },
    ]);
    expect(card.getByRole('button', { name: 'Not selected' }).getAttribute('aria-pressed')).toBe('true');
    expect(card.getByText('Went with more Vue')).toBeTruthy();
  });

  it('moves to another stage at once, without a reason', async () => {
    server.on(GET, loaded(ada));
    server.on(PUT, ok({ responseMessage: 'Candidate updated', candidate: { ...ada, stage: 'interview', version: 5 } }));
    const card = await renderPage();
    fireEvent.click(card.getByRole('button', { name: 'Interview' }));
    await waitFor(() => expect(card.getByRole('button', { name: 'Interview' }).getAttribute('aria-pressed')).toBe('true'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.sent(PUT).map((c) => c.body)).toEqual([{ stage: 'interview', reason: null, note: 'Strong React portfolio', version: 4 }]);
  });

  it('refuses a stale note save: shows the message under the notes, reloads the candidate and does not save again', async () => {
    const elsewhere = { ...ada, stage: 'interview' as const, note: 'Call on Monday', version: 6 };
    server.on(GET, loaded(ada), loaded(elsewhere));
    server.on(PUT, failure(409, 'TL_CORE_10110_E', STALE));
    const card = await renderPage();
    const notes = card.getByLabelText('Private notes') as HTMLTextAreaElement;
    fireEvent.change(notes, { target: { value: 'My own take' } });
    fireEvent.click(card.getByRole('button', { name: 'Save notes' }));

    expect(await card.findByText(STALE_RELOADED)).toBeTruthy();
    expect(STALE_RELOADED).toContain(STALE);
    expect(notes.getAttribute('aria-describedby')).toContain(card.getByText(STALE_RELOADED).id);
    // The other tab's save shows: its note and its stage.
    await waitFor(() => expect(notes.value).toBe('Call on Monday'));
    expect(card.getByRole('button', { name: 'Interview' }).getAttribute('aria-pressed')).toBe('true');
    expect(server.sent(GET)).toHaveLength(2);
    expect(server.sent(PUT).map((c) => c.body)).toEqual([{ stage: 'shortlisted', reason: null, note: 'My own take', version: 4 }]);

    // What was typed here can be put back on purpose; the next save starts from the new version.
    server.on(PUT, ok({ responseMessage: 'Candidate updated', candidate: { ...elsewhere, note: 'My own take', version: 7 } }));
    fireEvent.click(card.getByRole('button', { name: 'Put back my text' }));
    expect(notes.value).toBe('My own take');
    fireEvent.click(card.getByRole('button', { name: 'Save notes' }));
    await waitFor(() => expect(server.sent(PUT)).toHaveLength(2));
    expect(server.sent(PUT)[1]?.body).toEqual({ stage: 'interview', reason: null, note: 'My own take', version: 6 });
  });

  it('refuses a stale stage move: shows the message under the stage and reloads the candidate', async () => {
    server.on(GET, loaded(ada), loaded({ ...ada, stage: 'selected', version: 9 }));
    server.on(PUT, failure(409, 'TL_CORE_10110_E', STALE));
    const card = await renderPage();
    fireEvent.click(card.getByRole('button', { name: 'Interview' }));
    expect(await card.findByText(STALE_RELOADED)).toBeTruthy();
    await waitFor(() => expect(card.getByRole('button', { name: 'Selected' }).getAttribute('aria-pressed')).toBe('true'));
    expect(server.sent(PUT)).toHaveLength(1);
  });

  it('removes quietly, or with a reason the freelancer will see', async () => {
    server.on(GET, loaded(ada), ok({ shortlist, candidates: [] }));
    server.on('POST /company/shortlists/s1/candidates/c1/remove', ok({ responseMessage: 'Removed from the shortlist' }));
    const card = await renderPage();
    fireEvent.click(card.getByRole('button', { name: 'Remove Ada Lovelace' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Ada Lovelace?' });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Tell them they were not selected/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText(SHORTLIST_MESSAGES.reasonRequired)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Role filled internally' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Ada Lovelace' })).toBeNull());
    expect(server.sent('POST /company/shortlists/s1/candidates/c1/remove').map((c) => c.body)).toEqual([
      { reason: 'Role filled internally', version: 4 },
    ]);
  });
});
