// @vitest-environment happy-dom
import { TALENT_SEARCH_DEBOUNCE_MS, TALENT_SEARCH_MESSAGES, type TalentCard } from '@talentloop/contract/api/talent-search';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, type NavigateFunction, Route, Routes, useLocation, useNavigate, useNavigationType } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenState } from '../../lib/api-client.ts';
import { TalentSearchPage } from './talent-search-page.tsx';

// Issue 20: the company's talent search page: the address holds the search (typing replaces the
// history entry once it settles, a filter change pushes one), skeletons while loading, and an empty
// result offers the server's suggestions of which filter to loosen.

const card = (slug: string, extra: Partial<TalentCard> = {}): TalentCard => ({
  slug,
  firstName: 'Asha',
  lastName: slug,
  photoUrl: null,
  occupation: 'Web Developer',
  minHourlyRate: 30,
  maxHourlyRate: 45,
  level: 'senior',
  topSkills: ['React', 'TypeScript'],
  countryCode: 'IN',
  openToWork: true,
  demo: false,
  ...extra,
});

type SearchAnswer = { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;
let answer: (url: URL) => SearchAnswer;
let searches: URL[];
let verification: string;

const ok = (results: TalentCard[], extra: Record<string, unknown> = {}) => ({
  status: 200,
  body: { status: 'success', results, nextCursor: null, loosen: [], didYouMean: [], ...extra },
});

beforeEach(() => {
  searches = [];
  verification = 'verified';
  answer = () => ok([card('one')]);
  tokenState.set('token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string) => {
      const url = new URL(String(input));
      let res: { status: number; body: unknown };
      if (url.pathname === '/api/company/talent') {
        searches.push(url);
        res = await answer(url);
      } else if (url.pathname === '/api/company/home') {
        res = { status: 200, body: { status: 'success', verificationStatus: verification, companyName: 'Acme' } };
      } else res = { status: 404, body: {} };
      return new Response(JSON.stringify(res.body), { status: res.status, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  tokenState.set(null);
});

/** What the address bar holds, how it got there, and a way to press Back. */
const probe = { search: '', type: '', navigate: (() => {}) as NavigateFunction };
function Probe() {
  probe.search = useLocation().search;
  probe.type = useNavigationType();
  probe.navigate = useNavigate();
  return null;
}

function visit(url = '/company/talent') {
  render(
    <MemoryRouter initialEntries={[url]}>
      <QueryClientProvider client={new QueryClient()}>
        <Routes>
          <Route
            path="/company/talent"
            element={
              <>
                <TalentSearchPage />
                <Probe />
              </>
            }
          />
        </Routes>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const status = () => screen.getByRole('status');
const searchBox = () => screen.getByRole('searchbox', { name: 'Search talent' });

describe('talent search page', () => {
  it('shows skeleton cards while the search loads, then the cards, and announces the count politely', async () => {
    let release: (v: { status: number; body: unknown }) => void = () => {};
    answer = () => new Promise((r) => (release = r));
    visit('/company/talent?q=react');
    await waitFor(() => expect(searches).toHaveLength(1));
    expect(screen.getAllByTestId('talent-card-skeleton')).toHaveLength(6);
    expect(status().textContent).toBe('Searching…');
    expect(status().getAttribute('aria-live')).toBe('polite');

    release(ok([card('one'), card('two', { demo: true, level: 'expert' })]));
    await screen.findByRole('link', { name: 'Asha two' });
    // The level companies see, from work history (decision 163): the profile's level, never the wizard's.
    expect(screen.getAllByText('Senior level')).toHaveLength(1);
    expect(screen.getAllByText('Expert level')).toHaveLength(1);
    expect(screen.queryAllByTestId('talent-card-skeleton')).toHaveLength(0);
    expect(status().textContent).toBe('Showing 2 freelancers, all found');
    expect(screen.getAllByText('Demo profile')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Asha one' }).getAttribute('href')).toBe('/company/talent/one');
  });

  it('sends the address as the search: same parameters, skills repeated', async () => {
    visit('/company/talent?q=react&skill=TypeScript&skill=GraphQL&country=DE&rateMin=20&rateMax=80&sort=rate_asc');
    await waitFor(() => expect(searches).toHaveLength(1));
    const sent = searches[0]?.searchParams;
    expect(sent?.get('q')).toBe('react');
    expect(sent?.getAll('skill')).toEqual(['TypeScript', 'GraphQL']);
    expect([sent?.get('country'), sent?.get('rateMin'), sent?.get('rateMax'), sent?.get('sort')]).toEqual(['DE', '20', '80', 'rate_asc']);
    expect((searchBox() as HTMLInputElement).value).toBe('react');
  });

  it('searches as you type only once the text settles, replacing the history entry', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    visit('/company/talent?country=DE');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(searches).toHaveLength(1);

    fireEvent.change(searchBox(), { target: { value: 're' } });
    await act(() => vi.advanceTimersByTimeAsync(TALENT_SEARCH_DEBOUNCE_MS - 100));
    fireEvent.change(searchBox(), { target: { value: 'react' } });
    await act(() => vi.advanceTimersByTimeAsync(TALENT_SEARCH_DEBOUNCE_MS - 1));
    expect(searches).toHaveLength(1);
    expect(probe.search).toBe('?country=DE');

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(probe.search).toBe('?q=react&country=DE');
    expect(probe.type).toBe('REPLACE');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(searches.map((u) => u.searchParams.get('q'))).toEqual([null, 'react']);
  });

  it('offers the loosen suggestions of an empty result as buttons that remove that filter (a new history entry)', async () => {
    answer = (url) =>
      url.searchParams.get('country')
        ? ok([], {
            loosen: [
              { filter: 'country', count: 12 },
              { filter: 'rate', count: 100 },
            ],
          })
        : ok([card('found')]);
    visit('/company/talent?q=react&country=DE&rateMin=20&rateMax=30');
    await screen.findByRole('heading', { name: 'No freelancers match this search' });
    expect(status().textContent).toBe('No freelancers match this search.');
    // Said once on screen (the card); the line stays for screen readers.
    expect(status().className).toContain('sr-only');
    const suggestions = within(screen.getByRole('list', { name: 'Ways to loosen the search' }));
    expect(suggestions.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Remove the country filter: 12 freelancers',
      'Remove the hourly rate filter: 100+ freelancers',
    ]);

    fireEvent.click(suggestions.getByRole('button', { name: 'Remove the country filter: 12 freelancers' }));
    await screen.findByRole('link', { name: 'Asha found' });
    expect(probe.search).toBe('?q=react&rateMin=20&rateMax=30');
    expect(probe.type).toBe('PUSH');

    // Back undoes it: the country is in the address, and in the search, again.
    act(() => probe.navigate(-1));
    await screen.findByRole('heading', { name: 'No freelancers match this search' });
    expect(probe.search).toBe('?q=react&country=DE&rateMin=20&rateMax=30');
    expect((searchBox() as HTMLInputElement).value).toBe('react');
  });

  it('offers the closest words of a text that finds nobody as buttons that search for them (a new history entry)', async () => {
    answer = (url) =>
      url.searchParams.get('q') === 'suvreyro devloper'
        ? ok([], { didYouMean: ['surveyor developer', 'surveyor devloper'], loosen: [{ filter: 'country', count: 3 }] })
        : ok([card('found')]);
    visit('/company/talent?q=suvreyro+devloper&country=DE');
    await screen.findByRole('heading', { name: 'No freelancers match this search' });
    const offered = within(screen.getByRole('list', { name: 'Did you mean:' }));
    expect(offered.getAllByRole('button').map((b) => b.textContent)).toEqual(['surveyor developer', 'surveyor devloper']);
    expect(screen.getByText('Did you mean:').parentElement?.textContent).toBe('Did you mean:surveyor developer,surveyor devloper');

    fireEvent.click(offered.getByRole('button', { name: 'surveyor developer' }));
    await screen.findByRole('link', { name: 'Asha found' });
    // The filters stay; the text is the one chosen, in the address, the search and the box.
    expect(probe.search).toBe('?q=surveyor+developer&country=DE');
    expect(probe.type).toBe('PUSH');
    expect(searches.at(-1)?.searchParams.get('q')).toBe('surveyor developer');
    expect((searchBox() as HTMLInputElement).value).toBe('surveyor developer');

    act(() => probe.navigate(-1));
    await screen.findByRole('list', { name: 'Did you mean:' });
    expect((searchBox() as HTMLInputElement).value).toBe('suvreyro devloper');
  });

  it('clearing the search text from a suggestion empties the box, and Back brings the text back into it', async () => {
    answer = (url) => (url.searchParams.get('q') ? ok([], { loosen: [{ filter: 'q', count: 5 }] }) : ok([card('figma')]));
    visit('/company/talent?q=desinger&skill=Figma');
    fireEvent.click(await screen.findByRole('button', { name: 'Clear the search text: 5 freelancers' }));
    await screen.findByRole('link', { name: 'Asha figma' });
    expect(probe.search).toBe('?skill=Figma');
    expect((searchBox() as HTMLInputElement).value).toBe('');

    act(() => probe.navigate(-1));
    await screen.findByRole('button', { name: 'Clear the search text: 5 freelancers' });
    expect((searchBox() as HTMLInputElement).value).toBe('desinger');
  });

  it('an empty pool with no filters says so honestly, without suggestions', async () => {
    answer = () => ok([]);
    visit();
    await screen.findByRole('heading', { name: 'No freelancers match this search' });
    expect(screen.getByText('No vetted freelancers are open to work yet. New profiles are vetted every day.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Ways to loosen the search' })).toBeNull();
  });

  it('shows an inverted rate range with the contract message and does not call the server', async () => {
    visit('/company/talent?rateMin=90&rateMax=30');
    expect(await screen.findByText(TALENT_SEARCH_MESSAGES.rateInverted)).toBeTruthy();
    expect(screen.getByLabelText('Minimum').getAttribute('aria-invalid')).toBe('true');
    expect(status().textContent).toBe('Change the filters to search.');
    await act(() => new Promise((r) => setTimeout(r, TALENT_SEARCH_DEBOUNCE_MS)));
    expect(searches).toHaveLength(0);
  });

  it("shows the server's refusal of a filter under the filters", async () => {
    answer = () => ({
      status: 400,
      body: { status: 'error', responseCode: 'TL_CORE_00400_E', responseMessage: `skill: ${TALENT_SEARCH_MESSAGES.unknownSkill('Reakt')}` },
    });
    visit('/company/talent?skill=Reakt');
    expect(await screen.findByText('Unknown skill: Reakt. Choose a skill from the list.')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Skills' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('asks for the next keyset page with the last cursor on Show more', async () => {
    answer = (url) =>
      url.searchParams.get('cursor') === 'c1'
        ? ok([card('three')])
        : { status: 200, body: { status: 'success', results: [card('one'), card('two')], nextCursor: 'c1', loosen: [] } };
    visit('/company/talent?q=dev');
    await screen.findByRole('link', { name: 'Asha two' });
    expect(status().textContent).toBe('Showing 2 freelancers');
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByRole('link', { name: 'Asha three' });
    expect(searches.map((u) => u.searchParams.get('cursor'))).toEqual([null, 'c1']);
    expect(status().textContent).toBe('Showing 3 freelancers, all found');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('tells an unverified company it must verify before shortlisting, linking to the verification tab', async () => {
    verification = 'unverified';
    visit();
    const link = await screen.findByRole('link', { name: 'Verify your company' });
    expect(link.getAttribute('href')).toBe('/company/profile-setup?tab=verification');
    expect(screen.getByRole('link', { name: 'Asha one' })).toBeTruthy();
  });
});
