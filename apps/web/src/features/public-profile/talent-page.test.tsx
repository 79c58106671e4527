// @vitest-environment happy-dom
import type { PublicProfile } from '@talentloop/contract/api/account';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenState } from '../../lib/api-client.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { TalentPage } from './talent-page.tsx';

// Issue 19: a shared talent page is where a visitor meets the product: it offers the way in
// (its session side: features/session/auth-gate.test.tsx).

const profile = {
  slug: 'asha-rao-1a2b',
  firstName: 'Asha',
  lastName: 'Rao',
  photoUrl: null,
  occupation: 'Web Developer',
  countryCode: 'IN',
  country: 'India',
  description: 'Frontend developer.',
  minHourlyRate: 0,
  maxHourlyRate: 30,
  openToWork: true,
  videoTitle: null,
  videoUrl: null,
  languages: [],
  skills: [],
  education: [],
  workExperience: [],
  certifications: [],
  portfolio: [],
  workPreferences: { minHoursPerWeek: null, maxHoursPerWeek: null, projectDurationPreference: null },
  level: { key: 'entry', label: 'Entry', years: 0, vetted: false, explanation: '0 years of work experience.', rule: 'Derived.' },
  rating: null,
  reviews: [],
  demo: false,
} as unknown as PublicProfile;

let shown: PublicProfile;
let calls: string[];
beforeEach(() => {
  calls = [];
  shown = profile;
  localStorage.clear();
  tokenState.set(null);
  sessionStore.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string) => {
      const path = new URL(String(input)).pathname;
      calls.push(path);
      if (path === '/api/auth/refresh') return new Response('{}', { status: 401 });
      return new Response(JSON.stringify({ status: 'success', profile: shown }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

function visit() {
  render(
    <MemoryRouter initialEntries={['/talent/asha-rao-1a2b']}>
      <QueryClientProvider client={new QueryClient()}>
        <Routes>
          <Route path="/talent/:slug" element={<TalentPage />} />
        </Routes>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('public talent page', () => {
  it('a signed-out visitor gets the site header with Log in, Sign up and Hire talent, and a Hire button', async () => {
    visit();
    await screen.findByRole('heading', { level: 1, name: 'Asha Rao' }, { timeout: 4_000 });
    const header = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(header.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(header.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(header.getByRole('link', { name: 'Hire talent' }).getAttribute('href')).toBe('/signup');
    screen.getByRole('link', { name: 'Hire Asha' }).click();
    // Sign-up then opens on a company account.
    expect(sessionStore.get().role).toBe('client');
    expect(screen.queryByText(/this person does not exist/)).toBeNull();
  });

  it('a demo profile (npm run seed:demo) says it is made up', async () => {
    shown = { ...profile, demo: true };
    visit();
    await screen.findByRole('heading', { level: 1, name: 'Asha Rao' }, { timeout: 4_000 });
    expect(screen.getByText(/Made up to show the product; this person does not exist\./)).toBeTruthy();
  });
});
