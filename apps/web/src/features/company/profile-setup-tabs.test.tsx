// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CompanyProfileSetupPage } from './profile-setup-page.tsx';

// Issue 19: on a phone the three tabs wrapped onto two lines. They are now the profile editor's
// scrolling pill bar: one line that scrolls sideways (happy-dom has no layout: the classes that
// make it so are what can be read here; the browser look is checked at 375 px).

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 503 })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('company profile setup tabs', () => {
  it('stay on one line that scrolls sideways, each tab unwrapped, as the editor’s section menu', () => {
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <CompanyProfileSetupPage />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const list = screen.getByRole('tablist', { name: 'Company profile setup' });
    const classes = list.className.split(/\s+/);
    expect(classes).toEqual(expect.arrayContaining(['flex', 'overflow-x-auto', 'snap-x']));
    expect(classes.some((c) => c.startsWith('grid'))).toBe(false);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Profile Basics', 'Contact Information', 'Account Verification']);
    for (const tab of tabs)
      expect(tab.className.split(/\s+/)).toEqual(expect.arrayContaining(['whitespace-nowrap', 'shrink-0', 'snap-start']));
  });
});
