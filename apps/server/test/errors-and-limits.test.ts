import crypto from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { type ApiResponse, PASSWORD, type TestApp, countUsers, expectFailure, outboxFor, uniqueEmail, useApi } from './helpers.ts';

const env = useApi();

/** A random documentation-range IPv6 address, so per-IP counters of different tests never meet. */
const uniqueIp = () => `2001:db8:${Array.from({ length: 6 }, () => crypto.randomInt(0, 0x10000).toString(16)).join(':')}`;

describe('bad requests', () => {
  test('malformed JSON gets a clear 400 envelope and stores nothing', async () => {
    const app = await env.start();
    const email = uniqueEmail();
    const res = await app.post('/api/user/register', undefined, {
      body: `{"firstName":"Ada","lastName":"Lovelace","emailId":"${email}","password":"${PASSWORD}"`,
      headers: { 'content-type': 'application/json' },
    });
    expectFailure(res, 400, 'TL_CORE_00400_E');
    expect(res.body.responseMessage).toBe('The request body is not valid.');
    expect(await countUsers(app.db, email)).toBe(0);
    expect(await outboxFor(app.db, email)).toHaveLength(0);
  });

  test('a JSON body that tries to set __proto__ is refused with a 400 envelope and stores nothing', async () => {
    const app = await env.start();
    const email = uniqueEmail();
    const res = await app.post('/api/user/register', undefined, {
      body: `{"firstName":"Ada","lastName":"Lovelace","emailId":"${email}","password":"${PASSWORD}","__proto__":{"emailVerifiedAt":"2020-01-01"}}`,
      headers: { 'content-type': 'application/json' },
    });
    expectFailure(res, 400, 'TL_CORE_00400_E');
    expect(await countUsers(app.db, email)).toBe(0);
  });

  test('an empty JSON body gets a clear 400 envelope', async () => {
    const app = await env.start();
    expectFailure(
      await app.post('/api/auth/login', undefined, { body: '', headers: { 'content-type': 'application/json' } }),
      400,
      'TL_CORE_00400_E',
    );
  });

  test('an oversized body gets 413 and stores nothing', async () => {
    const app = await env.start();
    const email = uniqueEmail();
    const res = await app.post('/api/user/register', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      emailId: email,
      password: PASSWORD,
      padding: 'x'.repeat(70 * 1024),
    });
    expectFailure(res, 413, 'TL_CORE_00413_E');
    expect(await countUsers(app.db, email)).toBe(0);
    expect(await outboxFor(app.db, email)).toHaveLength(0);
  });

  test('an unknown API path answers the 404 envelope', async () => {
    const app = await env.start();
    expectFailure(await app.get('/api/no-such-thing'), 404, 'TL_CORE_00404_E');
    expectFailure(await app.post('/api/auth/no-such-thing', {}), 404, 'TL_CORE_00404_E');
  });

  test('the wrong method on a known path answers the 404 envelope', async () => {
    const app = await env.start();
    expectFailure(await app.get('/api/auth/login'), 404, 'TL_CORE_00404_E');
  });
});

describe('per-IP rate limits', () => {
  const limited: [string, (app: TestApp, headers: Record<string, string>) => Promise<ApiResponse>][] = [
    [
      'POST /api/user/register',
      (app, headers) =>
        app.post('/api/user/register', { firstName: 'Ada', lastName: 'Lovelace', emailId: uniqueEmail(), password: PASSWORD }, { headers }),
    ],
    ['POST /api/otp/verify', (app, headers) => app.post('/api/otp/verify', { email: uniqueEmail(), otp: '12345' }, { headers })],
    ['POST /api/otp/resend', (app, headers) => app.post('/api/otp/resend', { email: uniqueEmail() }, { headers })],
    ['POST /api/auth/login', (app, headers) => app.post('/api/auth/login', { email: uniqueEmail(), password: PASSWORD }, { headers })],
    ['GET /api/auth/refresh', (app, headers) => app.get('/api/auth/refresh', { headers })],
    [
      'POST /api/auth/request-password-reset',
      (app, headers) => app.post('/api/auth/request-password-reset', { email: uniqueEmail() }, { headers }),
    ],
    [
      'POST /api/user/password-reset',
      (app, headers) => app.post('/api/user/password-reset', { email: uniqueEmail(), newPassword: PASSWORD }, { headers }),
    ],
    ['POST /api/auth/google-signin', (app, headers) => app.post('/api/auth/google-signin', { credential: 'x.y.z' }, { headers })],
    ['POST /api/auth/google-signup', (app, headers) => app.post('/api/auth/google-signup', { credential: 'x.y.z' }, { headers })],
  ];

  test('every auth and code endpoint answers 429 with the failure envelope past the per-minute limit', async () => {
    const app = await env.start({ config: { rateLimitPerMinute: 3, trustProxy: true } });
    for (const [label, call] of limited) {
      const headers = { 'x-forwarded-for': uniqueIp() };
      for (let i = 0; i < 3; i++) expect((await call(app, headers)).status, label).not.toBe(429);
      expectFailure(await call(app, headers), 429, 'TL_CORE_00429_E', label);
    }
  });

  test('the limit counts per address and ends after a minute', async () => {
    const app = await env.start({ config: { rateLimitPerMinute: 2, trustProxy: true } });
    // Earlier tests in this file counted requests from 127.0.0.1 (malformed ones too): start a fresh window.
    app.clock.advance(61_000);
    const { email } = await app.createUser();
    const mine = { 'x-forwarded-for': uniqueIp() };
    for (let i = 0; i < 2; i++)
      expect((await app.post('/api/auth/login', { email, password: PASSWORD }, { headers: mine })).status).toBe(200);
    expectFailure(await app.post('/api/auth/login', { email, password: PASSWORD }, { headers: mine }), 429, 'TL_CORE_00429_E');
    // Someone else is not affected.
    expect((await app.post('/api/auth/login', { email, password: PASSWORD }, { headers: { 'x-forwarded-for': uniqueIp() } })).status).toBe(
      200,
    );
    app.clock.advance(61_000);
    expect((await app.post('/api/auth/login', { email, password: PASSWORD }, { headers: mine })).status).toBe(200);
  });

  test('a rate-limited sign-up stores nothing', async () => {
    const app = await env.start({ config: { rateLimitPerMinute: 1, trustProxy: true } });
    const headers = { 'x-forwarded-for': uniqueIp() };
    await app.post(
      '/api/user/register',
      { firstName: 'Ada', lastName: 'Lovelace', emailId: uniqueEmail(), password: PASSWORD },
      { headers },
    );
    const email = uniqueEmail();
    const res = await app.post(
      '/api/user/register',
      { firstName: 'Ada', lastName: 'Lovelace', emailId: email, password: PASSWORD },
      { headers },
    );
    expectFailure(res, 429, 'TL_CORE_00429_E');
    expect(await countUsers(app.db, email)).toBe(0);
  });
});

describe('service endpoints', () => {
  test('health reports the database reachable', async () => {
    const app = await env.start();
    const res = await app.get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'ok' });
  });

  test('config gives the public settings and nothing secret', async () => {
    const app = await env.start({ config: { clientAccounts: true, jwtSecret: 'config-test-secret-0123456789-abcdefghijkl' } });
    const res = await app.get('/api/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      googleClientId: null,
      clientAccounts: true,
      communityFormUrl: expect.stringMatching(/^https:\/\//),
      peerNetworkUrl: expect.stringMatching(/^https:\/\//),
    });
    expect(JSON.stringify(res.body)).not.toContain('config-test-secret');
    // Companies are on by default; CLIENT_ACCOUNTS=off is the freelancer-only launch.
    expect((await (await env.start()).get('/api/config')).body.clientAccounts).toBe(true);
    expect((await (await env.start({ config: { clientAccounts: false } })).get('/api/config')).body.clientAccounts).toBe(false);
  });

  test('docs returns an OpenAPI document describing every endpoint', async () => {
    const app = await env.start();
    const res = await app.get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(res.body.servers).toEqual([{ url: '/api' }]);
    const paths = res.body.paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/auth/login'] ?? {})).toContain('post');
    for (const [path, method] of [
      ['/user/register', 'post'],
      ['/otp/verify', 'post'],
      ['/otp/resend', 'post'],
      ['/auth/login', 'post'],
      ['/auth/refresh', 'get'],
      ['/auth/logout', 'get'],
      ['/auth/request-password-reset', 'post'],
      ['/user/password-reset', 'post'],
      ['/auth/google-signin', 'post'],
      ['/auth/google-signup', 'post'],
      ['/health', 'get'],
      ['/config', 'get'],
    ] as const) {
      expect(paths[path], path).toHaveProperty(method);
    }
    expect(paths['/user/register']?.post).toHaveProperty('requestBody');
  });

  test('answers carry the security headers, a CSP included', async () => {
    const app = await env.start();
    const res = await app.get('/api/health');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});
