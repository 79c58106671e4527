import { SignJWT } from 'jose';
import { describe, expect, test } from 'vitest';
import { NEW_PASSWORD, type TestApp, expectFailure, findUser, useApi } from './helpers.ts';

// Access tokens are tied to their session: a revoked session's tokens stop working at once, on
// the routes that load the user (requireUser) and on those that only need a token (requireToken).

const env = useApi();
const SECRET = 'access-token-test-secret-0123456789-abcdef';
const PROFILE = '/api/freelancer/onboarding-profile';
const SEARCH = '/api/search/skill?query=re';

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

async function expectAccepted(app: TestApp, token: string) {
  expect((await app.get(PROFILE, bearer(token))).status).toBe(200);
  expect((await app.get(SEARCH, bearer(token))).status).toBe(200);
}
async function expectRefused(app: TestApp, token: string) {
  expectFailure(await app.get(PROFILE, bearer(token)), 401, 'TL_CORE_00401_E', PROFILE);
  expectFailure(await app.get(SEARCH, bearer(token)), 401, 'TL_CORE_00401_E', SEARCH);
}

describe('access tokens end with their session', () => {
  test('logout makes the access token stop working at once', async () => {
    const app = await env.start();
    const { accessToken, refreshCookie } = await app.createUser();
    await expectAccepted(app, accessToken);
    expect((await app.get('/api/auth/logout', { cookies: { tl_refresh: refreshCookie } })).status).toBe(200);
    await expectRefused(app, accessToken);
  });

  test('logout of one session leaves the access tokens of the same user’s other sessions working', async () => {
    const app = await env.start();
    const { email, accessToken, refreshCookie } = await app.createUser();
    const other = await app.signIn(email);
    expect((await app.get('/api/auth/logout', { cookies: { tl_refresh: refreshCookie } })).status).toBe(200);
    await expectRefused(app, accessToken);
    await expectAccepted(app, other.accessToken);
  });

  test('an access token from a refresh keeps working after the next rotation, and ends at logout', async () => {
    const app = await env.start();
    const { refreshCookie } = await app.createUser();
    const first = await app.refresh(refreshCookie);
    const second = await app.refresh(first.cookies.get('tl_refresh')?.value ?? '');
    expect(second.status).toBe(200);
    await expectAccepted(app, first.body.accessToken);
    await expectAccepted(app, second.body.accessToken);
    await app.get('/api/auth/logout', { cookies: { tl_refresh: second.cookies.get('tl_refresh')?.value ?? '' } });
    await expectRefused(app, first.body.accessToken);
    await expectRefused(app, second.body.accessToken);
  });

  test('a password reset makes every existing access token of the user stop working', async () => {
    const app = await env.start();
    const { email, accessToken } = await app.createUser();
    const other = await app.signIn(email);
    expect((await app.post('/api/auth/request-password-reset', { email })).status).toBe(200);
    const otp = await env.mailbox.waitForCode(email, 'password_reset');
    const verified = await app.post('/api/otp/verify', { email, otp, purpose: 'password_reset' });
    const grant = verified.cookies.get('tl_reset')?.value ?? '';
    expect(grant).toBeTruthy();
    expect(
      (await app.post('/api/user/password-reset', { email, newPassword: NEW_PASSWORD }, { cookies: { tl_reset: grant } })).status,
    ).toBe(200);
    await expectRefused(app, accessToken);
    await expectRefused(app, other.accessToken);
    await expectAccepted(app, (await app.signIn(email, NEW_PASSWORD)).accessToken);
  });

  test('a detected refresh-token replay makes the access tokens of that session family stop working', async () => {
    const app = await env.start();
    const { accessToken, refreshCookie } = await app.createUser();
    const rotated = await app.refresh(refreshCookie);
    expect(rotated.status).toBe(200);
    app.clock.advance(11_000);
    expectFailure(await app.refresh(refreshCookie), 401, 'TL_CORE_00401_E');
    await expectRefused(app, accessToken);
    await expectRefused(app, rotated.body.accessToken);
  });
});

describe('bad access tokens answer 401 with the envelope, never 500', () => {
  test('a table of malformed and forged tokens', async () => {
    const app = await env.start({ config: { jwtSecret: SECRET } });
    const { email, accessToken } = await app.createUser();
    const user = await findUser(app.db, email);
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString());
    const key = new TextEncoder().encode(SECRET);
    // Correctly signed with the server's secret, so only the claim checks stand between them and the database.
    const signed = (extra: Record<string, unknown>) => new SignJWT({ ...claims, ...extra }).setProtectedHeader({ alg: 'HS256' }).sign(key);
    const otherUuid = '3f1c5a9e-2b7d-4c8e-9f0a-1b2c3d4e5f60';
    const cases: [string, string][] = [
      ['sub not a uuid', await signed({ sub: 'not-a-uuid' })],
      ['sub an SQL fragment', await signed({ sub: "x' OR '1'='1" })],
      ['sub a number', await signed({ sub: 12345 })],
      ['sid not a uuid', await signed({ sid: 'nope' })],
      ['sid missing', await signed({ sid: undefined })],
      ['sid of no session', await signed({ sid: otherUuid })],
      ['sub of another user with this session', await signed({ sub: otherUuid })],
      ['sub of the user in upper case with another sid', await signed({ sub: user?.id.toUpperCase(), sid: otherUuid })],
      ['roles not an array', await signed({ roles: 'operator' })],
      ['roles of wrong types', await signed({ roles: [{ role: 'operator' }] })],
      ['exp a string', await signed({ exp: 'never' })],
      ['iat in the far future', await signed({ iat: 99_999_999_999 })],
      ['a token of 5 KB', `${accessToken}${'A'.repeat(5_000)}`],
      ['a token of 12 KB of dots', '.'.repeat(12_000)],
      ['a NUL-free binary-looking token', 'e30.e30.e30'],
      ['payload that is JSON but not an object', `${accessToken.split('.')[0]}.${Buffer.from('[1,2]').toString('base64url')}.x`],
      ['payload that is not JSON', `${accessToken.split('.')[0]}.${Buffer.from('{"sub":').toString('base64url')}.x`],
    ];
    for (const [label, token] of cases) {
      expectFailure(await app.get(PROFILE, bearer(token)), 401, 'TL_CORE_00401_E', `${label} (user route)`);
      expectFailure(await app.get(SEARCH, bearer(token)), 401, 'TL_CORE_00401_E', `${label} (token route)`);
    }
    const headers: [string, string][] = [
      ['a scheme other than Bearer', `Basic ${accessToken}`],
      ['Bearer with nothing after it', 'Bearer '],
      ['two tokens', `Bearer ${accessToken} ${accessToken}`],
      ['a token with spaces and quotes', 'Bearer "a b"'],
    ];
    for (const [label, authorization] of headers) {
      expectFailure(await app.get(PROFILE, { headers: { authorization } }), 401, 'TL_CORE_00401_E', label);
      expectFailure(await app.get(SEARCH, { headers: { authorization } }), 401, 'TL_CORE_00401_E', label);
    }
    // The real token still works after all of that.
    await expectAccepted(app, accessToken);
  });
});

describe('odd auth cookies answer 4xx with the envelope, never 500', () => {
  test('a table of refresh, reset and code cookies', async () => {
    const app = await env.start();
    const { email } = await app.createUser();
    const odd = ['x', 'A'.repeat(3_000), '%00%00', '\u00e9\u00e9', '{"$ne":null}', ' '];
    for (const value of odd) {
      const label = JSON.stringify(value.slice(0, 20));
      expectFailure(await app.get('/api/auth/refresh', { cookies: { tl_refresh: value } }), 401, 'TL_CORE_00401_E', `refresh ${label}`);
      expect((await app.get('/api/auth/logout', { cookies: { tl_refresh: value } })).status, `logout ${label}`).toBe(200);
      expectFailure(
        await app.post('/api/user/password-reset', { email, newPassword: NEW_PASSWORD }, { cookies: { tl_reset: value } }),
        403,
        'TL_CORE_01033_E',
        `reset ${label}`,
      );
      expectFailure(
        await app.post('/api/otp/verify', { email, otp: '12345', purpose: 'password_reset' }, { cookies: { tl_code: value } }),
        400,
        'TL_CORE_01019_E',
        `code ${label}`,
      );
    }
    await app.signIn(email);
  });
});
