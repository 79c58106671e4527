// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenState } from '../../lib/api-client.ts';
import { editorKeys } from './api/keys.ts';
import { COMPLETION_SKELETON_MS, CompletionCard } from './completion-card.tsx';

beforeEach(() => {
  vi.useFakeTimers();
  // The list of sections left is read from the server: none answers here unless a test says so.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 503 })),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderCard(percent: number) {
  const client = new QueryClient();
  client.setQueryData(editorKeys.completion(), percent);
  render(
    <QueryClientProvider client={client}>
      <CompletionCard />
    </QueryClientProvider>,
  );
  return client;
}

describe('profile completion card', () => {
  it('shows a skeleton for its first second, then the percentage', () => {
    renderCard(75);
    expect(screen.getByTestId('completion-skeleton')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(COMPLETION_SKELETON_MS);
    });
    expect(screen.queryByTestId('completion-skeleton')).toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Profile completion' }).getAttribute('aria-valuenow')).toBe('75');
    expect(screen.getByTestId('completion-value').textContent).toBe('75%');
  });

  it('follows the percentage a section save answers', () => {
    const client = renderCard(60);
    act(() => {
      vi.advanceTimersByTime(COMPLETION_SKELETON_MS);
    });
    act(() => {
      client.setQueryData(editorKeys.completion(), 85);
      // React Query tells its observers on the next tick.
      vi.runOnlyPendingTimers();
    });
    expect(screen.getByTestId('completion-value').textContent).toBe('85%');
  });
});

describe('profile completion card, below 100 %', () => {
  it('lists the sections left, heaviest first, each with what it adds and a link to it', async () => {
    vi.useRealTimers();
    tokenState.set('token');
    const sections = { aboutMe: 1, skills: 1, workExperience: 1, portfolio: 0, education: 1, certification: 0, workPreferences: 0.5 };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ status: 'success', competitionPercentage: 70, sections }), { status: 200 })),
    );
    const client = new QueryClient();
    client.setQueryData(editorKeys.completion(), 70);
    render(
      <MemoryRouter>
        <QueryClientProvider client={client}>
          <CompletionCard />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const list = await screen.findByTestId('completion-left', {}, { timeout: 3_000 });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('link').textContent)).toEqual(['Portfolio', 'Certification', 'Work Preferences']);
    expect(items[0]?.textContent).toContain('+15%');
    expect(items[0]?.textContent).toContain('A project companies can see for themselves.');
    expect(items[2]?.textContent).toContain('+5%');
    expect(within(list).getByRole('link', { name: 'Portfolio' }).getAttribute('href')).toBe('/?section=portfolio');
    expect(
      within(items[2] as HTMLElement)
        .getByRole('progressbar', { name: 'Work Preferences completion' })
        .getAttribute('aria-valuenow'),
    ).toBe('50');
  });
});
