// @vitest-environment happy-dom
import type { PublicProfile } from '@talentloop/contract/api/account';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenState } from '../../lib/api-client.ts';
import { ProfileView, hoursLabel, monthYear, rateLabel } from './profile-view.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  tokenState.set(null);
});

const profile: PublicProfile = {
  slug: 'asha-rao-1a2b',
  firstName: 'Asha',
  lastName: 'Rao',
  photoUrl: null,
  occupation: 'Web Developer',
  countryCode: 'IN',
  country: 'India',
  description: 'Frontend developer.',
  minHourlyRate: 0,
  maxHourlyRate: 30,
  openToWork: false,
  videoTitle: null,
  videoUrl: null,
  languages: [{ languageCode: 'en', proficiency: 'Fluent' }],
  skills: [{ skillName: 'React', experienceLevel: 0 }],
  education: [],
  workExperience: [{ title: 'Frontend Developer', company: 'Infosys', startDate: '2020-07-01', endDate: null }],
  certifications: [],
  portfolio: [],
  workPreferences: { minHoursPerWeek: 30, maxHoursPerWeek: 48, projectDurationPreference: '1-6 months' },
  level: {
    key: 'senior',
    label: 'Senior',
    years: 6,
    vetted: true,
    explanation: '6 years of work experience on a vetted profile.',
    rule: 'Derived from the work experience on the profile.',
  },
  rating: null,
  reviews: [],
  demo: false,
};

const review = {
  id: 'r1',
  companyName: 'Globex <b>Labs</b>',
  ratings: { quality: 5, communication: 4, reliability: 4, expertise: 5 },
  overall: 4.5,
  text: 'Great work <script>alert(1)</script>',
  createdAt: '2026-05-01T10:00:00.000Z',
  reply: 'Thank you!',
  repliedAt: '2026-05-02T10:00:00.000Z',
};

describe('public profile view', () => {
  it('shows the saved profile and honest empty states, nothing invented', () => {
    render(<ProfileView profile={profile} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Asha Rao' })).toBeTruthy();
    expect(screen.getByText('Web Developer')).toBeTruthy();
    expect(screen.getByText('6 years of work experience on a vetted profile.')).toBeTruthy();
    expect(screen.queryByText('Mid-Exp')).toBeNull();
    expect(screen.getByText('React')).toBeTruthy();
    expect(screen.getByText('English')).toBeTruthy();
    expect(screen.getByText('Jul 2020 – Present')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Reviews' })).toBeNull();
    expect(screen.getByText('No portfolio projects yet.')).toBeTruthy();
    expect(screen.queryByText('Open to work')).toBeNull();
    expect(screen.queryByText(/rating|★/i)).toBeNull();
  });

  it('shows a portfolio image as a fixed-size thumbnail named after its project', () => {
    const image = {
      freelancerPortfolioId: 'p1',
      portfolioTitle: 'Shop',
      portfolioDesc: 'An online shop',
      portfolioSkills: ['React'],
      portfolioUrl: null,
      contentType: 'IMAGE',
      fileUrl: '/api/public/talent/asha-rao-1a2b/portfolio/p1',
      fileMime: 'image/webp',
      fileSize: 1000,
    };
    render(<ProfileView profile={{ ...profile, portfolio: [image] as PublicProfile['portfolio'] }} />);
    const img = screen.getByRole('img', { name: 'Preview of Shop' });
    expect(img.getAttribute('src')).toBe('/api/public/talent/asha-rao-1a2b/portfolio/p1');
    expect(img.getAttribute('width')).toBe('64');
    expect(img.className).toContain('object-cover');
  });

  it("opens a file that needs the session's token (an operator's or the owner's view) from memory, read with the token", async () => {
    tokenState.set('token-1');
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith('?inline=1')
        ? new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/png', 'content-disposition': 'inline' } })
        : new Response(null, { status: 404 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const tab = { opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const image = {
      freelancerPortfolioId: 'p1',
      portfolioTitle: 'Shop',
      portfolioDesc: 'An online shop',
      portfolioSkills: [],
      portfolioUrl: null,
      contentType: 'IMAGE',
      fileUrl: '/api/files/f1',
      fileMime: 'image/png',
      fileSize: 3,
    };
    render(<ProfileView profile={{ ...profile, portfolio: [image] as PublicProfile['portfolio'] }} />);
    // A button, not a link: a link to /api/files opened in a tab of its own sends no token (401).
    expect(screen.queryByRole('link', { name: /View image/ })).toBeNull();
    expect(document.querySelector('a[href^="/api/files/"]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'View image Shop (opens in a new tab)' }));
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    await waitFor(() => expect(tab.location.href).toMatch(/^blob:/));
    expect(tab.opener).toBeNull();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/files/f1?inline=1') as unknown as [string, RequestInit];
    expect(call[1].headers).toEqual({ Authorization: 'Bearer token-1' });
  });

  it('an access token that expired while the page was open is renewed once and the file read again', async () => {
    tokenState.set('old-token');
    const fetchMock = vi.fn(async (url: string | URL, init?: RequestInit) => {
      if (String(url).endsWith('/auth/refresh'))
        return new Response(JSON.stringify({ status: 'success', accessToken: 'new-token', roles: ['client', 'operator'] }), {
          headers: { 'content-type': 'application/json' },
        });
      const auth = (init?.headers as Record<string, string> | undefined)?.Authorization;
      if (auth !== 'Bearer new-token') return new Response(null, { status: 401 });
      return new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/png', 'content-disposition': 'inline' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const tab = { opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const image = {
      freelancerPortfolioId: 'p1',
      portfolioTitle: 'Shop',
      portfolioDesc: 'An online shop',
      portfolioSkills: [],
      portfolioUrl: null,
      contentType: 'IMAGE',
      fileUrl: '/api/files/f1',
      fileMime: 'image/png',
      fileSize: 3,
    };
    render(<ProfileView profile={{ ...profile, portfolio: [image] as PublicProfile['portfolio'] }} />);
    fireEvent.click(screen.getByRole('button', { name: /View image/ }));
    await waitFor(() => expect(tab.location.href).toMatch(/^blob:/));
    expect(tokenState.get()).toBe('new-token');
  });

  it('shows the rating and the reviews from finished hires, as text', () => {
    render(<ProfileView profile={{ ...profile, rating: { average: 4.5, count: 1 }, reviews: [review] }} />);
    expect(screen.getAllByRole('img', { name: '4.5 out of 5 stars' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'Reviews' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Globex <b>Labs</b>' })).toBeTruthy();
    expect(screen.getByText('Great work <script>alert(1)</script>')).toBeTruthy();
    expect(screen.getByText('Thank you!')).toBeTruthy();
    expect(screen.getByText('1 review')).toBeTruthy();
  });

  it('shows Open to work only when it is set', () => {
    render(<ProfileView profile={{ ...profile, openToWork: true }} />);
    expect(screen.getByText('Open to work')).toBeTruthy();
  });

  it('formats dates, rates and hours as a company reads them', () => {
    expect(monthYear('2019-07-01')).toBe('Jul 2019');
    expect(rateLabel(0, 30)).toBe('$30 /hr');
    expect(rateLabel(20, 30)).toBe('$20 - $30 /hr');
    expect(rateLabel(null, null)).toBeNull();
    expect(hoursLabel(30, 48)).toBe('30+ hours a week');
    expect(hoursLabel(10, 20)).toBe('10-20 hours a week');
  });
});
