// @vitest-environment happy-dom
import { PROFILE_MESSAGES } from '@talentloop/contract/validation/profile';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenState } from '../../lib/api-client.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { notify } from '../../ui/toast.ts';
import { MyProfileCard } from './my-profile-card.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const details = {
  status: 'success',
  version: 1,
  competitionPercentage: 80,
  profileDetails: { firstName: 'Asha', lastName: 'Rao', country: 'India', profilePhotoUrl: '/api/files/p1' },
};

let deleteAnswer: Response;
const calls: string[] = [];

beforeEach(() => {
  calls.length = 0;
  tokenState.set('token');
  sessionStore.setUser({
    email: 'a@example.com',
    firstName: 'Asha',
    lastName: 'Rao',
    profilePhotoUrl: '/api/files/p1',
    roles: ['freelancer'],
    onBoardingStage: 'COMPLETED',
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      const path = new URL(String(input)).pathname.replace(/^\/api/, '');
      calls.push(`${init?.method} ${path}`);
      if (path === '/freelancer/delete-profile-photo') return deleteAnswer;
      return json(200, details);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

const renderCard = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MyProfileCard />
    </QueryClientProvider>,
  );

describe('My Profile card', () => {
  it('shows the photo, full name and country', async () => {
    renderCard();
    expect(await screen.findByRole('heading', { name: 'Asha Rao' })).toBeTruthy();
    expect(screen.getByText('India')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Asha Rao' }).getAttribute('src')).toBe('/api/files/p1');
  });

  it('treats "no photo" (TL_CORE_10064_E) on Delete as deleted', async () => {
    deleteAnswer = json(404, {
      status: 'failure',
      responseCode: 'TL_CORE_10064_E',
      responseMessage: 'There is no profile photo to delete.',
    });
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sessionStore.get().user?.profilePhotoUrl).toBeNull());
    expect(screen.queryByRole('img', { name: 'Asha Rao' })).toBeNull();
    expect(screen.getByText('Upload photo')).toBeTruthy();
    expect(calls).toContain('DELETE /freelancer/delete-profile-photo');
  });

  it('keeps the photo when Delete fails for another reason', async () => {
    deleteAnswer = json(500, { status: 'failure', responseCode: 'TL_CORE_00500_E', responseMessage: 'Something went wrong.' });
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls).toContain('DELETE /freelancer/delete-profile-photo'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(false));
    expect(sessionStore.get().user?.profilePhotoUrl).toBe('/api/files/p1');
    expect(screen.getByRole('img', { name: 'Asha Rao' })).toBeTruthy();
  });

  it('refuses a file that is not an image before sending it', async () => {
    renderCard();
    const refused = vi.spyOn(notify, 'error');
    const input = (await screen.findByLabelText('Change photo')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.pdf', { type: 'application/pdf' })] } });
    expect(refused).toHaveBeenCalledWith(PROFILE_MESSAGES.photoTypeTitle, PROFILE_MESSAGES.photoType);
    expect(screen.getByText('Change photo')).toBeTruthy();
    expect(calls.some((c) => c.includes('update-photo'))).toBe(false);
  });
});
