// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenState } from '../../lib/api-client.ts';
import { sessionStore, storedStage } from '../../lib/session-store.ts';
import { ProfileSetupWizard } from './profile-setup-wizard.tsx';

// Which step profile setup opens on. The stage stored in the tab can be behind the server's (a
// step saved in another tab or on another device, a session still being restored): the page waits
// for the server's stage before it picks the step, and never goes back to an earlier one.

configure({ asyncUtilTimeout: 15_000 });

function stubServer(serverStage: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string) => {
      const path = new URL(String(input)).pathname.replace(/^\/api/, '');
      // Each read in its contract's shape (an incomplete one crashes the step it feeds).
      const preferences = { minHoursPerWeek: null, maxHoursPerWeek: null, projectDurationPreference: null };
      const bodies: Record<string, object> = {
        '/freelancer/onboarding-profile': {
          firstName: 'Asha',
          lastName: 'Rao',
          description: '',
          mobileNo: null,
          dialingCode: null,
          countryCode: null,
          country: null,
          occupation: null,
          minHourlyRate: null,
          maxHourlyRate: null,
          experienceLevel: null,
          profilePhotoUrl: null,
          skills: [],
          languages: [],
        },
        '/freelancer/education-work': { educationDetails: [], workExperience: [] },
        '/freelancer/work-preference': { workPreferences: preferences, ...preferences, version: 0, competitionPercentage: 0 },
      };
      const body = { status: 'success', onBoardingStage: serverStage, data: [], ...bodies[path] };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}

function Search() {
  return <output aria-label="search">{useLocation().search}</output>;
}

function renderWizard(localStage: string) {
  sessionStore.setUser({
    email: 'asha@example.com',
    firstName: 'Asha',
    lastName: 'Rao',
    profilePhotoUrl: null,
    roles: [],
    onBoardingStage: localStage,
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/freelancer/profile-setup']}>
        <ProfileSetupWizard />
        <Search />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => tokenState.set('token'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('profile setup opens on the stage the server holds', { timeout: 60_000 }, () => {
  it('a step saved elsewhere: the tab stored Profile Basics, the server says Education, the page opens Education', async () => {
    stubServer('EDUCATION_DETAILS');
    renderWizard('PROFILE_BASICS');
    expect(await screen.findByRole('tab', { name: 'Education & Experience', selected: true })).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('search').textContent).toBe('?stage=education-and-experience'));
    // The tab's own record moves forward with it.
    expect(storedStage()).toBe('EDUCATION_DETAILS');
  });

  it('never back: a server behind the stored stage leaves the page on the stored step', async () => {
    stubServer('PROFILE_BASICS');
    renderWizard('WORK_PREFERENCES');
    expect(await screen.findByRole('tab', { name: 'Work Preference', selected: true })).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('search').textContent).toBe('?stage=work-preference'));
    expect(storedStage()).toBe('WORK_PREFERENCES');
  });
});
