// @vitest-environment happy-dom
import type { PublicProfile } from '@talentloop/contract/api/account';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenState } from '../../lib/api-client.ts';
import { type ShortlistButtonComponent, TalentProfilePage } from './talent-profile-page.tsx';

// Issue 20: the profile a company opens from the search: Back keeps the search, Share only for a
// public profile, the shortlist control gets the memberships and whether the company may shortlist.

const profile = { slug: 'asha-rao', firstName: 'Asha', lastName: 'Rao' } as PublicProfile;
let body: Record<string, unknown>;

beforeEach(() => {
  tokenState.set('token');
  body = { status: 'success', profile, demo: false, publicUrl: null, memberships: [], canShortlist: true };
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  tokenState.set(null);
});

const View = ({ profile: p, actions }: { profile: PublicProfile; actions?: ReactNode }) => (
  <section>
    <h1>{`${p.firstName} ${p.lastName}`}</h1>
    {actions}
  </section>
);
const shortlistProps: unknown[] = [];
const Shortlist: ShortlistButtonComponent = (props) => {
  shortlistProps.push(props);
  return <button type="button">Shortlist</button>;
};

function visit(state?: unknown) {
  render(
    <MemoryRouter initialEntries={[{ pathname: '/company/talent/asha-rao', state }]}>
      <QueryClientProvider client={new QueryClient()}>
        <Routes>
          <Route
            path="/company/talent/:slug"
            element={<TalentProfilePage ProfileView={View} ProfileSkeleton={() => <p>Loading</p>} ShortlistButton={Shortlist} />}
          />
        </Routes>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('talent profile as a company sees it', () => {
  it('links back to the search it came from, with the shortlist control and no Share for a profile that is not public', async () => {
    visit({ fromSearch: '?q=react&country=DE' });
    await screen.findByRole('heading', { name: 'Asha Rao' });
    expect(screen.getByRole('link', { name: 'Back to search' }).getAttribute('href')).toBe('/company/talent?q=react&country=DE');
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    expect(shortlistProps.at(-1)).toMatchObject({ slug: 'asha-rao', memberships: [], canShortlist: true, name: 'Asha Rao' });
    expect(screen.queryByText('Demo profile.')).toBeNull();
  });

  it('offers Share for a public profile and marks a demo profile', async () => {
    body = { ...body, demo: true, publicUrl: 'https://talentloop.example/talent/asha-rao' };
    visit();
    await screen.findByRole('heading', { name: 'Asha Rao' });
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
    expect(screen.getByText('Demo profile.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to search' }).getAttribute('href')).toBe('/company/talent');
  });
});
