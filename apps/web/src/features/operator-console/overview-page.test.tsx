// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenState } from '../../lib/api-client.ts';
import { ConsoleOverviewPage } from './overview-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  tokenState.set(null);
});

describe('the console overview', () => {
  it('says each queue’s count in the right number: 1 submission, 3 profiles, 0 requests', async () => {
    tokenState.set('token');
    const at = new Date().toISOString();
    const overview = {
      queues: {
        vetting: { waiting: 3, oldestAt: at },
        documents: { waiting: 1, oldestAt: at },
        partnerRequests: { waiting: 0, oldestAt: null },
        supportCalls: { waiting: 1, oldestAt: at },
        receipts: { waiting: 2, oldestAt: at },
        releasesDue: { waiting: 1, oldestAt: at },
      },
      signupsToday: { freelancers: 0, companies: 0 },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ status: 'success', overview }), { headers: { 'content-type': 'application/json' } })),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <ConsoleOverviewPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const card = async (name: RegExp) => within(await screen.findByRole('link', { name }));
    expect(await (await card(/Company documents/)).findByText('submission to check')).toBeTruthy();
    expect((await card(/Freelancer vetting/)).getByText('profiles in review')).toBeTruthy();
    expect((await card(/Partner requests/)).getByText('new requests')).toBeTruthy();
    expect((await card(/Support calls/)).getByText('upcoming call')).toBeTruthy();
    expect((await card(/Bank receipts/)).getByText('receipts to assign')).toBeTruthy();
    expect((await card(/Releases due/)).getByText('release waiting')).toBeTruthy();
  });
});
