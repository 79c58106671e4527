// @vitest-environment happy-dom
import type { TalentStatusRead } from '@talentloop/contract/api/talent-pool';
import { ERRORS } from '@talentloop/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenState } from '../../lib/api-client.ts';
import { DashboardPage } from './dashboard-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  tokenState.set(null);
});

function showStatus(changedSinceRequest: boolean) {
  tokenState.set('token');
  const talentStatus: TalentStatusRead = {
    vettingStatus: 'changes_requested',
    timeline: [
      {
        id: 'e1',
        kind: 'changes_requested',
        at: '2026-11-20T10:00:00.000Z',
        reason: 'Add a portfolio item.',
        companyName: null,
        role: null,
        candidateId: null,
      },
    ],
    next: 'Read the reason from our team, edit your profile, then press Send for review.',
    canRequestReviewAt: null,
    changedSinceRequest,
    discoverable: false,
    profileViews30d: 0,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify({ status: 'success', talentStatus }), { headers: { 'content-type': 'application/json' } }),
    ),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Send for review after changes were requested', () => {
  it('is disabled until a change is saved, and says why', async () => {
    showStatus(false);
    const button = await screen.findByRole('button', { name: 'Send for review' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(ERRORS.TL_CORE_13002_E.message);
  });

  it('is enabled once a section was saved since the request', async () => {
    showStatus(true);
    const button = await screen.findByRole('button', { name: 'Send for review' });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(ERRORS.TL_CORE_13002_E.message)).toBeNull();
  });
});
