import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { sessions } from '../src/infra/db/schema.ts';
import { createTokenService } from '../src/infra/tokens.ts';
import { DAY, expectFailure, findUser, useApi } from './helpers.ts';

const env = useApi();

describe('GET /api/auth/refresh', () => {
  test('refresh rotates the cookie and returns a new access token', async () => {
    const app = await env.start();
    const { email, refreshCookie } = await app.createUser();
    const res = await app.refresh(refreshCookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', email, accessToken: expect.any(String), roles: ['freelancer'] });
    const next = res.cookies.get('tl_refresh');
    expect(next?.value).toBeTruthy();
    expect(next?.value).not.toBe(refreshCookie);
    expect(next?.raw).toMatch(/; HttpOnly/);
    expect(next?.raw).toMatch(/; Path=\/api\/auth(;|$)/);
    expect((await app.refresh(next?.value ?? '')).status).toBe(200);
  });

  test('a rotated cookie replayed within 10 seconds still works (another tab) and sets no new cookie', async () => {
    const app = await env.start();
    const { refreshCookie } = await app.createUser();
    const first = await app.refresh(refreshCookie);
    expect(first.status).toBe(200);
    app.clock.advance(5_000); // well inside the 10 s window, with room for a slow machine
    const replay = await app.refresh(refreshCookie);
    expect(replay.status).toBe(200);
    expect(replay.body.accessToken).toEqual(expect.any(String));
    expect(replay.cookies.has('tl_refresh')).toBe(false);
    expect((await app.refresh(first.cookies.get('tl_refresh')?.value ?? '')).status).toBe(200);
  });

  test('a rotated cookie replayed after the grace window gets 401 and revokes the whole family', async () => {
    const app = await env.start();
    const { refreshCookie } = await app.createUser();
    const rotated = await app.refresh(refreshCookie);
    const newCookie = rotated.cookies.get('tl_refresh')?.value ?? '';
    expect(newCookie).toBeTruthy();
    app.clock.advance(11_000);
    const replay = await app.refresh(refreshCookie);
    expectFailure(replay, 401, 'TL_CORE_00401_E');
    expect(replay.cookies.get('tl_refresh')?.value).toBe('');
    // The legitimate holder of the newest cookie is logged out too.
    expectFailure(await app.refresh(newCookie), 401, 'TL_CORE_00401_E');
    expect(app.logs.text()).toMatch(/refresh token reuse detected/);
  });

  test("reuse of one family does not end the same user's other sessions", async () => {
    const app = await env.start();
    const { email, refreshCookie } = await app.createUser();
    const other = await app.signIn(email);
    await app.refresh(refreshCookie);
    app.clock.advance(11_000);
    expectFailure(await app.refresh(refreshCookie), 401, 'TL_CORE_00401_E');
    expect((await app.refresh(other.refreshCookie)).status).toBe(200);
  });

  test('20 parallel refreshes with one cookie all succeed and exactly one rotates it', async () => {
    const app = await env.start();
    const { refreshCookie } = await app.createUser();
    const results = await Promise.all(Array.from({ length: 20 }, () => app.refresh(refreshCookie)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const rotated = results.flatMap((r) => (r.cookies.has('tl_refresh') ? [r.cookies.get('tl_refresh')?.value ?? ''] : []));
    expect(rotated).toHaveLength(1);
    expect((await app.refresh(rotated[0] ?? '')).status).toBe(200);
  });

  test('a session lasts at most 30 days, however often it is refreshed', async () => {
    const app = await env.start();
    const { refreshCookie } = await app.createUser();
    app.clock.advance(29 * DAY);
    const res = await app.refresh(refreshCookie);
    expect(res.status).toBe(200);
    const maxAge = Number(/Max-Age=(\d+)/.exec(res.cookies.get('tl_refresh')?.raw ?? '')?.[1]);
    expect(maxAge).toBeLessThanOrEqual(DAY / 1000);
    expect(maxAge).toBeGreaterThan(DAY / 1000 - 60);
    app.clock.advance(DAY + 1_000);
    expectFailure(await app.refresh(res.cookies.get('tl_refresh')?.value ?? ''), 401, 'TL_CORE_00401_E');
  });

  test('refresh without a cookie or with an unknown one answers 401', async () => {
    const app = await env.start();
    expectFailure(await app.get('/api/auth/refresh'), 401, 'TL_CORE_00401_E');
    expectFailure(await app.refresh('not-a-real-token'), 401, 'TL_CORE_00401_E');
  });
});

describe('GET /api/auth/logout', () => {
  test('logout revokes the session and clears the cookie', async () => {
    const app = await env.start();
    const { email, refreshCookie } = await app.createUser();
    const res = await app.get('/api/auth/logout', { cookies: { tl_refresh: refreshCookie } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', responseMessage: expect.any(String) });
    const cleared = res.cookies.get('tl_refresh');
    expect(cleared?.value).toBe('');
    expect(cleared?.raw).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    expectFailure(await app.refresh(refreshCookie), 401, 'TL_CORE_00401_E');
    const user = await findUser(app.db, email);
    const rows = await app.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user?.id ?? ''));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.revokedAt).toBeInstanceOf(Date);
  });

  test('logout also ends the rotated descendants of the cookie', async () => {
    const app = await env.start();
    const { refreshCookie } = await app.createUser();
    const rotated = (await app.refresh(refreshCookie)).cookies.get('tl_refresh')?.value ?? '';
    expect((await app.get('/api/auth/logout', { cookies: { tl_refresh: rotated } })).status).toBe(200);
    expectFailure(await app.refresh(rotated), 401, 'TL_CORE_00401_E');
    expectFailure(await app.refresh(refreshCookie), 401, 'TL_CORE_00401_E');
  });

  test('logout without a session still answers success', async () => {
    const app = await env.start();
    const res = await app.get('/api/auth/logout');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
  });
});

describe('access tokens', () => {
  test('the access token names the user, its session and roles, lasts 60 minutes and is accepted by the token service', async () => {
    const secret = 'a-test-secret-that-is-long-enough-0123456789';
    const app = await env.start({ config: { jwtSecret: secret } });
    const { email, accessToken } = await app.createUser();
    const user = await findUser(app.db, email);
    const [session] = await app.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user?.id ?? ''));
    const tokens = createTokenService(secret, app.clock);
    expect(await tokens.verify(accessToken)).toEqual({ userId: user?.id, sessionId: session?.id, roles: ['freelancer'] });
    const [, payload = ''] = accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(3600);
    app.clock.advance(60 * 60_000 + 1_000);
    expect(await tokens.verify(accessToken)).toBeNull();
  });
});
