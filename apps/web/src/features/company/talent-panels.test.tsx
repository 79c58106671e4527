// @vitest-environment happy-dom
import type { TalentInsights } from '@talentloop/contract/api/talent-search';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenState } from '../../lib/api-client.ts';
import { HomeTalentSearch, TalentPanels } from './talent-panels.tsx';

// Issue 20: the company home's search box and its panels from real data, each honest when there is
// nothing to show yet (a donut only once there are hires).

let insights: TalentInsights;
beforeEach(() => {
  tokenState.set('token');
  insights = { topPerformance: [], hiringTime: { medianDays: null, hires: 0 }, trends: [] };
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ status: 'success', insights }), { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  tokenState.set(null);
});

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="Address">{pathname + search}</output>;
}

function visit() {
  render(
    <MemoryRouter initialEntries={['/company/Home']}>
      <QueryClientProvider client={new QueryClient()}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <HomeTalentSearch />
                <TalentPanels />
                <Where />
              </>
            }
          />
        </Routes>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const section = (name: string) => within(screen.getByRole('region', { name }));

describe('company home talent panels', () => {
  it('the search box opens the talent search with the typed text', async () => {
    visit();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search talent' }), { target: { value: 'react developer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe('/company/talent?q=react+developer');
  });

  it('says honestly that there is nothing yet: no shortlists, no hires (no donut), no skills', async () => {
    visit();
    await screen.findByText(
      'No talent has been shortlisted yet. The most shortlisted people of each category show here once companies start.',
    );
    expect(section('Hiring Time').getByText(/No hires on the platform yet/)).toBeTruthy();
    expect(screen.queryByTestId('hiring-donut')).toBeNull();
    expect(
      section('Technology and Trends').getByText(
        'No vetted profiles list skills yet. The most listed skills show here as the talent pool grows.',
      ),
    ).toBeTruthy();
  });

  it('shows three talents per category with +N and View All opening the search for that category, the median with a donut, and skill trends', async () => {
    insights = {
      topPerformance: [
        {
          category: 'Web Developer',
          talents: [
            { slug: 'a', firstName: 'Asha', lastName: 'Rao', photoUrl: null },
            { slug: 'b', firstName: 'Ben', lastName: 'Ode', photoUrl: null },
            { slug: 'c', firstName: 'Chen', lastName: 'Li', photoUrl: null },
          ],
          more: 4,
        },
      ],
      hiringTime: { medianDays: 12, hires: 3 },
      trends: [
        { skill: 'React', count: 40, change30d: 5 },
        { skill: 'Figma', count: 10, change30d: 0 },
      ],
    };
    visit();
    const top = within(await screen.findByRole('list', { name: 'Top Web Developer talent' }));
    expect(top.getAllByRole('link').map((a) => [a.textContent?.slice(2), a.getAttribute('href')])).toEqual([
      ['Asha Rao', '/company/talent/a'],
      ['Ben Ode', '/company/talent/b'],
      ['Chen Li', '/company/talent/c'],
    ]);
    expect(section('Top Performance').getByText('+4')).toBeTruthy();
    expect(section('Top Performance').getByRole('link', { name: 'View All Web Developer talent' }).getAttribute('href')).toBe(
      '/company/talent?q=Web+Developer',
    );
    expect(section('Hiring Time').getByText('12')).toBeTruthy();
    expect(section('Hiring Time').getByText('Median over 3 hires; the ring is a 30-day month.')).toBeTruthy();
    expect(section('Hiring Time').getByTestId('hiring-donut')).toBeTruthy();
    expect(section('Technology and Trends').getByText('+5')).toBeTruthy();
    expect(section('Technology and Trends').getByRole('link', { name: 'React' }).getAttribute('href')).toBe('/company/talent?skill=React');
  });
});
