// @vitest-environment happy-dom
import { PROFILE_MESSAGES as M } from '@talentloop/contract/validation/profile';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenState } from '../../../lib/api-client.ts';
import { AboutMeSection } from './about-me-section.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const profileDetails = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  description: 'Engineer',
  countryCode: 'gb',
  country: 'United Kingdom',
  dialingCode: '+44',
  mobileNo: '7400123456',
  occupation: 'Software Engineer',
  minHourlyRate: 0,
  maxHourlyRate: 50,
  experienceLevel: 'Expert',
  languages: [{ languageCode: 'en', proficiency: 'Fluent' }],
  videoTitle: null,
  videoUrl: null,
  profilePhotoUrl: null,
};

let saves: number;
beforeEach(() => {
  saves = 0;
  tokenState.set('token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        saves += 1;
        return json(500, {});
      }
      if (String(input).includes('/freelancer-settings/profile-details'))
        return json(200, { status: 'success', message: '', version: 1, competitionPercentage: 80, profileDetails });
      return json(404, {});
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('About Me section', () => {
  it('shows every field error on the first Save, the video pair with the others', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AboutMeSection />
      </QueryClientProvider>,
    );
    const first = await screen.findByLabelText('First name');
    fireEvent.change(first, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Video title'), { target: { value: 'My intro' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // One Save: the empty name and the title without its URL, together; nothing sent.
    expect(await screen.findByText(M.videoUrlRequired)).toBeTruthy();
    expect(screen.getByLabelText('First name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Video URL').getAttribute('aria-invalid')).toBe('true');
    expect(saves).toBe(0);
  }, 20_000);
});
