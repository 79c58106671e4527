// @vitest-environment happy-dom
import { api } from '@talentloop/contract';
import { defineEndpoint } from '@talentloop/contract/api/define';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, call, refreshSession, setSessionLostHandler, tokenState } from './api-client.ts';
import { sessionStore } from './session-store.ts';

const protectedEndpoint = defineEndpoint({
  tag: 't',
  method: 'GET',
  path: '/thing',
  summary: 't',
  auth: true,
  access: ['freelancer'],
  response: z.object({ ok: z.boolean() }),
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const session = (token: string) => ({
  status: 'success',
  responseCode: 'TL_CORE_00200_S',
  accessToken: token,
  email: 'a@example.com',
  firstName: 'A',
  lastName: 'B',
  profilePhotoUrl: null,
  roles: ['freelancer'],
  onBoardingStage: 'COMPLETED',
});

describe('API client session handling', () => {
  let refreshes = 0;
  let refreshWorks = true;
  beforeEach(() => {
    refreshes = 0;
    refreshWorks = true;
    tokenState.set('old');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: URL | string, init?: RequestInit) => {
        const url = String(input);
        if (url.endsWith(api.refresh.path)) {
          refreshes++;
          await new Promise((r) => setTimeout(r, 20));
          return refreshWorks
            ? json(200, session('new'))
            : json(401, { status: 'failure', responseCode: 'TL_CORE_00401_E', responseMessage: 'x' });
        }
        const auth = new Headers(init?.headers).get('Authorization');
        return auth === 'Bearer new'
          ? json(200, { ok: true })
          : json(401, { status: 'failure', responseCode: 'TL_CORE_00401_E', responseMessage: 'x' });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('replays concurrent 401s after one shared refresh', async () => {
    const results = await Promise.all([call(protectedEndpoint), call(protectedEndpoint), call(protectedEndpoint)]);
    expect(results).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(refreshes).toBe(1);
    expect(tokenState.get()).toBe('new');
    expect(sessionStore.get().user?.email).toBe('a@example.com');
  });

  it('rejects every waiting call and reports the lost session when the refresh fails', async () => {
    refreshWorks = false;
    const lost = vi.fn();
    setSessionLostHandler(lost);
    const settled = await Promise.allSettled([call(protectedEndpoint), call(protectedEndpoint)]);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    expect(refreshes).toBe(1);
    expect(lost).toHaveBeenCalled();
    expect(tokenState.get()).toBeNull();
  });

  it('refuses a refresh answer from another origin', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        const res = json(200, session('new'));
        res.headers.set('Access-Control-Allow-Origin', 'https://evil.example');
        return res;
      }),
    );
    await expect(refreshSession()).rejects.toThrow('Invalid response origin');
  });

  it('refuses a refresh answer without an access token', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { ...session(''), accessToken: '' })),
    );
    await expect(refreshSession()).rejects.toBeInstanceOf(ApiError);
  });
});

describe('request building from the contract', () => {
  it('fills the path parameters, encoded, into the address it calls', async () => {
    const fetchMock = vi.fn(async () => json(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    try {
      const endpoint = { ...protectedEndpoint, path: '/company/shortlists/:shortlistId/candidates/:candidateId' };
      await call(endpoint, undefined, { params: { shortlistId: 'a/b', candidateId: 'c d' } });
      const url = new URL(String((fetchMock.mock.calls[0] as unknown[])[0]));
      expect(url.pathname).toBe('/api/company/shortlists/a%2Fb/candidates/c%20d');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('repeats array query parameters and leaves out empty ones', async () => {
    const fetchMock = vi.fn(async () => json(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    try {
      await call(protectedEndpoint, undefined, { query: { skill: ['React', 'Go'], q: '', country: undefined, limit: 20 } });
      const url = new URL(String((fetchMock.mock.calls[0] as unknown[])[0]));
      expect(url.search).toBe('?skill=React&skill=Go&limit=20');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
