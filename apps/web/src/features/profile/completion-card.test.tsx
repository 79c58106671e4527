// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { editorKeys } from './api/editor-api.ts';
import { COMPLETION_SKELETON_MS, CompletionCard } from './completion-card.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
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
