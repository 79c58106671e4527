import { describe, expect, test } from 'vitest';
import { users } from '../src/infra/db/schema.ts';
import { MINUTE, NEW_PASSWORD, PASSWORD, type TestApp, expectFailure, findUser, uniqueEmail, useApi } from './helpers.ts';

const env = useApi();

/** Requests a reset code, reads it from the mail and verifies it: returns the reset grant cookie. */
async function verifiedResetGrant(app: TestApp, email: string, purpose = 'password_reset'): Promise<string> {
  expect((await app.post('/api/auth/request-password-reset', { email })).status).toBe(200);
  const otp = await env.mailbox.waitForCode(email, 'password_reset');
  const res = await app.post('/api/otp/verify', { email, otp, purpose });
  expect(res.status).toBe(200);
  const grant = res.cookies.get('tl_reset')?.value;
  if (!grant) throw new Error('no reset grant cookie');
  return grant;
}

describe('password reset', () => {
  test('a user resets a forgotten password with a mailed code', async () => {
    const app = await env.start();
    const { email } = await app.createUser();
    const requested = await app.post('/api/auth/request-password-reset', { email });
    expect(requested.status).toBe(200);
    expect(requested.body).toEqual({ status: 'success', responseMessage: expect.any(String) });
    const otp = await env.mailbox.waitForCode(email, 'password_reset');

    const verified = await app.post('/api/otp/verify', { email, otp, purpose: 'password_reset' });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ status: 'success', responseCode: 'TL_CORE_00200_S', emailId: email });
    expect(verified.body.accessToken).toBeUndefined();
    expect(verified.cookies.has('tl_refresh')).toBe(false);
    const grant = verified.cookies.get('tl_reset');
    expect(grant?.raw).toMatch(/; HttpOnly/);
    expect(grant?.raw).toMatch(/; SameSite=Strict/);
    expect(grant?.raw).toMatch(/; Path=\/api\/user\/password-reset(;|$)/);

    const reset = await app.post(
      '/api/user/password-reset',
      { email, newPassword: NEW_PASSWORD },
      { cookies: { tl_reset: grant?.value ?? '' } },
    );
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ status: 'success', responseMessage: expect.any(String) });
    expect(reset.cookies.get('tl_reset')?.value).toBe('');

    expectFailure(await app.post('/api/auth/login', { email, password: PASSWORD }), 401, 'TL_CORE_01040_E');
    await app.signIn(email, NEW_PASSWORD);
  });

  test('the purpose may be spelled "password reset" as the spec shows', async () => {
    const app = await env.start();
    const { email } = await app.createUser();
    const grant = await verifiedResetGrant(app, email, 'password reset');
    expect(
      (await app.post('/api/user/password-reset', { email, newPassword: NEW_PASSWORD }, { cookies: { tl_reset: grant } })).status,
    ).toBe(200);
  });

  test('requesting a reset for an unknown email answers 01028 and sends nothing', async () => {
    const app = await env.start();
    const email = uniqueEmail();
    expectFailure(await app.post('/api/auth/request-password-reset', { email }), 404, 'TL_CORE_01028_E');
    expect(env.mailbox.mailTo(email)).toHaveLength(0);
  });

  test('a reset request with a missing or invalid email is refused with its catalogue code', async () => {
    const app = await env.start();
    const cases: [string, unknown, string][] = [
      ['a missing email', {}, 'TL_CORE_01026_E'],
      ['an invalid email', { email: 'a@b' }, 'TL_CORE_01007_E'],
      ['a body that is not an object', [1], 'TL_CORE_01027_E'],
    ];
    for (const [label, body, code] of cases) expectFailure(await app.post('/api/auth/request-password-reset', body), 400, code, label);
  });

  test('a second reset request within 30 seconds answers 01023', async () => {
    const app = await env.start();
    const { email } = await app.createUser();
    expect((await app.post('/api/auth/request-password-reset', { email })).status).toBe(200);
    expectFailure(await app.post('/api/auth/request-password-reset', { email }), 429, 'TL_CORE_01023_E');
  });

  test('setting a password without a verified reset code is refused with 01033', async () => {
    const app = await env.start();
    const { email } = await app.createUser();
    expectFailure(await app.post('/api/user/password-reset', { email, newPassword: NEW_PASSWORD }), 403, 'TL_CORE_01033_E');
    expectFailure(
      await app.post('/api/user/password-reset', { email, newPassword: NEW_PASSWORD }, { cookies: { tl_reset: 'made-up-grant' } }),
      403,
      'TL_CORE_01033_E',
    );
    // A reset code requested but never verified grants nothing either.
    await app.post('/api/auth/request-password-reset', { email });
    await env.mailbox.waitForCode(email, 'password_reset');
    expectFailure(await app.post('/api/user/password-reset', { email, newPassword: NEW_PASSWORD }), 403, 'TL_CORE_01033_E');
    await app.signIn(email, PASSWORD);
  });

  test("a reset grant for one email cannot set another email's password", async () => {
    const app = await env.start();
    const attacker = await app.createUser();
    const victim = await app.createUser();
    const grant = await verifiedResetGrant(app, attacker.email);
    expectFailure(
      await app.post('/api/user/password-reset', { email: victim.email, newPassword: NEW_PASSWORD }, { cookies: { tl_reset: grant } }),
      403,
      'TL_CORE_01033_E',
    );
    await app.signIn(victim.email, PASSWORD);
    expectFailure(await app.post('/api/auth/login', { email: victim.email, password: NEW_PASSWORD }), 401, 'TL_CORE_01040_E');
  });

  test('a reset grant works once', async () => {
    const app = await env.start();
    const { email } = await app.createUser();
    const grant = await verifiedResetGrant(app, email);
    expect(
      (await app.post('/api/user/password-reset', { email, newPassword: NEW_PASSWORD }, { cookies: { tl_reset: grant } })).status,
    ).toBe(200);
    expectFailure(
      await app.post('/api/user/password-reset', { email, newPassword: 'Th1rd!Password' }, { cookies: { tl_reset: grant } }),
      403,
      'TL_CORE_01033_E',
    );
    await app.signIn(email, NEW_PASSWORD);
  });

  test('a reset grant expires after 10 minutes', async () => {
    const app = await env.start();
    const { email } = await app.createUser();
    const grant = await verifiedResetGrant(app, email);
    app.clock.advance(10 * MINUTE + 1_000);
    expectFailure(
      await app.post('/api/user/password-reset', { email, newPassword: NEW_PASSWORD }, { cookies: { tl_reset: grant } }),
      403,
      'TL_CORE_01033_E',
    );
    await app.signIn(email, PASSWORD);
  });

  test('a weak or missing new password is refused (01032, 01031) and the grant stays usable', async () => {
    const app = await env.start();
    const { email } = await app.createUser();
    const grant = await verifiedResetGrant(app, email);
    const cookies = { tl_reset: grant };
    expectFailure(await app.post('/api/user/password-reset', { email, newPassword: 'weakpass' }, { cookies }), 400, 'TL_CORE_01032_E');
    expectFailure(await app.post('/api/user/password-reset', { email }, { cookies }), 400, 'TL_CORE_01031_E');
    expectFailure(await app.post('/api/user/password-reset', { newPassword: NEW_PASSWORD }, { cookies }), 400, 'TL_CORE_01026_E');
    expectFailure(await app.post('/api/user/password-reset', [1], { cookies }), 400, 'TL_CORE_01030_E');
    expect((await app.post('/api/user/password-reset', { email, newPassword: NEW_PASSWORD }, { cookies })).status).toBe(200);
  });

  test('a reset revokes every session of the user', async () => {
    const app = await env.start();
    const { email, refreshCookie } = await app.createUser();
    const other = await app.signIn(email);
    const grant = await verifiedResetGrant(app, email);
    expect(
      (await app.post('/api/user/password-reset', { email, newPassword: NEW_PASSWORD }, { cookies: { tl_reset: grant } })).status,
    ).toBe(200);
    expectFailure(await app.refresh(refreshCookie), 401, 'TL_CORE_00401_E');
    expectFailure(await app.refresh(other.refreshCookie), 401, 'TL_CORE_00401_E');
    const fresh = await app.signIn(email, NEW_PASSWORD);
    expect((await app.refresh(fresh.refreshCookie)).status).toBe(200);
  });

  test('a reset works while the login is locked, and ends the lock', async () => {
    const app = await env.start();
    const { email } = await app.createUser();
    for (let i = 0; i < 5; i++) await app.post('/api/auth/login', { email, password: 'Wr0ng!Password' });
    expectFailure(await app.post('/api/auth/login', { email, password: PASSWORD }), 423, 'TL_CORE_01041_E');
    const grant = await verifiedResetGrant(app, email);
    expect(
      (await app.post('/api/user/password-reset', { email, newPassword: NEW_PASSWORD }, { cookies: { tl_reset: grant } })).status,
    ).toBe(200);
    await app.signIn(email, NEW_PASSWORD);
  });

  test('a reset needs an account: an address only registered, not verified, answers 01028', async () => {
    const app = await env.start();
    const { email } = await app.signUp();
    expectFailure(await app.post('/api/auth/request-password-reset', { email }), 404, 'TL_CORE_01028_E');
  });

  test('resetting the password of an account left unverified by an earlier version verifies it (the code proved the address)', async () => {
    const app = await env.start();
    const email = uniqueEmail();
    await app.db.insert(users).values({ email, firstName: 'Ada', lastName: 'Lovelace', passwordHash: null });
    const grant = await verifiedResetGrant(app, email);
    expect(
      (await app.post('/api/user/password-reset', { email, newPassword: NEW_PASSWORD }, { cookies: { tl_reset: grant } })).status,
    ).toBe(200);
    expect((await findUser(app.db, email))?.emailVerifiedAt).toBeInstanceOf(Date);
    await app.signIn(email, NEW_PASSWORD);
  });
});
