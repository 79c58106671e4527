// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenState } from '../../lib/api-client.ts';
import { PortfolioSection } from './portfolio-section.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const item = (id: string, title: string) => ({
  freelancerPortfolioId: id,
  portfolioTitle: title,
  portfolioDesc: 'd',
  portfolioSkills: ['React'],
  portfolioUrl: `https://example.com/${id}`,
  contentType: 'LINK',
  fileUrl: null,
  fileMime: null,
  fileSize: null,
});
const load = {
  status: 'success',
  message: '',
  version: 3,
  competitionPercentage: 90,
  portfolioDto: [item('p1', 'Shop'), item('p2', 'Blog')],
};

let saveAnswer: () => Response;
let sent: FormData | null;

beforeEach(() => {
  sent = null;
  tokenState.set('token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: URL | string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        sent = init.body as FormData;
        return saveAnswer();
      }
      return json(200, load);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderSection = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PortfolioSection />
    </QueryClientProvider>,
  );

describe('portfolio section', () => {
  it('saves the edited list at once with the version it was loaded at', async () => {
    saveAnswer = () =>
      json(200, {
        status: 'success',
        responseCode: 'x',
        responseMessage: 'ok',
        version: 4,
        competitionPercentage: 90,
        portfolioDetails: [item('p2', 'Blog')],
      });
    renderSection();
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Shop' }));
    // One item left: it cannot be removed.
    expect(screen.getByRole('button', { name: 'Remove Blog' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).not.toBeNull());
    const profileData = JSON.parse(String(sent?.get('profileData')));
    expect(profileData).toEqual({
      version: 3,
      portfolioDetails: [
        {
          freelancerPortfolioId: 'p2',
          portfolioTitle: 'Blog',
          portfolioDesc: 'd',
          portfolioSkills: ['React'],
          portfolioUrl: 'https://example.com/p2',
          fileIndex: null,
        },
      ],
    });
    expect(sent?.getAll('portfolioContent')).toEqual([]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true));
  });

  it('a save refused as stale offers the reload, which brings back the saved list', async () => {
    saveAnswer = () => json(409, { status: 'failure', responseCode: 'TL_CORE_10110_E', responseMessage: 'changed' });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Shop' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toMatch(/changed elsewhere/);
    // The local edit is kept until the user chooses to reload.
    expect(screen.queryByRole('heading', { name: 'Shop' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Reload section/ }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Portfolio items' })).getByRole('heading', { name: 'Shop' })).toBeTruthy(),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a saved image as a thumbnail, read with the session token', async () => {
    const image = {
      ...item('p3', 'Poster'),
      portfolioUrl: null,
      contentType: 'IMAGE',
      fileUrl: '/api/files/f3',
      fileMime: 'image/webp',
      fileSize: 10,
    };
    const seen: Array<string | null> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: URL | string, init?: RequestInit) => {
        if (String(input) === '/api/files/f3') {
          seen.push(new Headers(init?.headers).get('authorization'));
          return new Response(new Blob(['webp'], { type: 'image/webp' }), { status: 200 });
        }
        return json(200, { ...load, portfolioDto: [image] });
      }),
    );
    renderSection();
    const img = await screen.findByRole('img', { name: 'Preview of Poster' });
    expect(img.getAttribute('src')).toMatch(/^blob:/);
    expect(img.className).toContain('object-cover');
    expect(seen).toEqual(['Bearer token']);
  });
});
