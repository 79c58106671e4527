import { LOGIN_MAX_FAILURES } from '@talentloop/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type GoogleStub, type TestApp, expectFailure, findUser, request, startGoogle, uniqueEmail, until, useApi } from './helpers.ts';
import { NEW_PASSWORD, PASSWORD } from './helpers.ts';

// Security & Privacy (issue 11): change the password (current one needed, counted like a login,
// other sessions end, a notice is mailed) and sign out every device. Freelancers and clients alike.

const env = useApi();
const PASSWORD_PATH = '/api/account/password';
const SIGN_OUT_ALL = '/api/account/sign-out-all';
const SECURITY = '/api/account/security';

let google: GoogleStub;
beforeAll(async () => {
  google = await startGoogle();
});
afterAll(() => google.close());

const auth = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
const post = (app: TestApp, path: string, token: string, json: unknown = {}) =>
  request(app.baseUrl, 'POST', path, { json, ...auth(token) });
const get = (app: TestApp, path: string, token: string) => request(app.baseUrl, 'GET', path, auth(token));

/** A verified account with two sign-ins: `here` (the one that acts) and `elsewhere` (another device). */
async function twoDevices(app: TestApp, fields: Record<string, unknown> = {}) {
  const account = await app.signUp(uniqueEmail('security'), fields);
  const here = await app.verify(account.email);
  const elsewhere = await app.signIn(account.email);
  return { ...account, here, elsewhere };
}

describe('change password', () => {
  test('with the current password: the new one works, other sessions end, this one stays, a notice is mailed', async () => {
    const app = await env.start();
    const user = await twoDevices(app);
    const res = await post(app, PASSWORD_PATH, user.here.accessToken, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'success' });

    // This device: its access token and its refresh token still work.
    expect((await get(app, SECURITY, user.here.accessToken)).status).toBe(200);
    expect((await app.refresh(user.here.refreshCookie)).status).toBe(200);
    // The other device: both dead.
    expectFailure(await get(app, SECURITY, user.elsewhere.accessToken), 401, 'TL_CORE_00401_E');
    expect((await app.refresh(user.elsewhere.refreshCookie)).status).toBe(401);

    expect((await app.post('/api/auth/login', { email: user.email, password: PASSWORD })).status).toBe(401);
    expect((await app.post('/api/auth/login', { email: user.email, password: NEW_PASSWORD })).status).toBe(200);

    const notice = await until(
      () => env.mailbox.mailTo(user.email).find((m) => /password was changed/i.test(m.decoded)),
      'the password changed notice',
    );
    expect(notice.decoded).toMatch(/other devices were signed out/);
    expect(notice.decoded).not.toContain(NEW_PASSWORD);
  });

  test('a company account changes its password the same way', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const user = await twoDevices(app, { userType: 'client', company: 'Acme Labs' });
    const res = await post(app, PASSWORD_PATH, user.here.accessToken, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await get(app, '/api/company/home', user.here.accessToken)).status).toBe(200);
    expectFailure(await get(app, '/api/company/home', user.elsewhere.accessToken), 401, 'TL_CORE_00401_E');
  });

  test('a wrong current password is refused, changes nothing and keeps every session', async () => {
    const app = await env.start();
    const user = await twoDevices(app);
    const before = (await findUser(app.db, user.email))?.passwordHash;
    const res = await post(app, PASSWORD_PATH, user.here.accessToken, { currentPassword: 'Wr0ng!Password', newPassword: NEW_PASSWORD });
    expectFailure(res, 403, 'TL_CORE_10130_E');
    expect((await findUser(app.db, user.email))?.passwordHash).toBe(before);
    expect((await get(app, SECURITY, user.elsewhere.accessToken)).status).toBe(200);
    expect(env.mailbox.mailTo(user.email).some((m) => /password was changed/i.test(m.decoded))).toBe(false);
  });

  test('wrong current passwords count toward the login lockout', async () => {
    const app = await env.start();
    const user = await twoDevices(app);
    for (let i = 1; i < LOGIN_MAX_FAILURES; i++) {
      const res = await post(app, PASSWORD_PATH, user.here.accessToken, {
        currentPassword: `Wr0ng!Password${i}`,
        newPassword: NEW_PASSWORD,
      });
      expectFailure(res, 403, 'TL_CORE_10130_E', `try ${i}`);
    }
    // The last allowed failure, made at the login form, locks the account.
    expectFailure(await app.post('/api/auth/login', { email: user.email, password: 'Wr0ng!Password' }), 401, 'TL_CORE_01040_E');
    expectFailure(await app.post('/api/auth/login', { email: user.email, password: PASSWORD }), 423, 'TL_CORE_01041_E');
    // Locked: even the right current password cannot change it now.
    const locked = await post(app, PASSWORD_PATH, user.here.accessToken, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expectFailure(locked, 423, 'TL_CORE_01041_E');
    expect((await app.post('/api/auth/login', { email: user.email, password: NEW_PASSWORD })).status).toBe(423);
  });

  test('the new password follows the sign-up rules; the same password again is refused; nothing changes', async () => {
    const app = await env.start();
    const user = await twoDevices(app);
    const before = (await findUser(app.db, user.email))?.passwordHash;
    const cases: Array<[unknown, number, string]> = [
      [{ currentPassword: PASSWORD, newPassword: 'short1!' }, 400, 'TL_CORE_01032_E'],
      [{ currentPassword: PASSWORD, newPassword: 'alllowercase1!' }, 400, 'TL_CORE_01032_E'],
      [{ currentPassword: PASSWORD, newPassword: 'NoDigitsHere!' }, 400, 'TL_CORE_01032_E'],
      [{ currentPassword: PASSWORD, newPassword: 'NoSpecial123' }, 400, 'TL_CORE_01032_E'],
      [{ currentPassword: PASSWORD, newPassword: '' }, 400, 'TL_CORE_01031_E'],
      [{ currentPassword: PASSWORD }, 400, 'TL_CORE_01031_E'],
      [{ currentPassword: '', newPassword: NEW_PASSWORD }, 400, 'TL_CORE_01004_E'],
      [{ currentPassword: PASSWORD, newPassword: PASSWORD }, 400, 'TL_CORE_10141_E'],
    ];
    for (const [body, status, code] of cases) {
      expectFailure(await post(app, PASSWORD_PATH, user.here.accessToken, body), status, code, JSON.stringify(body));
    }
    expect((await findUser(app.db, user.email))?.passwordHash).toBe(before);
    expect((await get(app, SECURITY, user.elsewhere.accessToken)).status).toBe(200);
  });

  test('a Google-only account has no password: the change is refused clearly, sign-out everywhere still works', async () => {
    const app = await env.start({ config: { googleClientId: google.clientId, googleJwksUrl: google.jwksUrl } });
    const signedUp = await app.post('/api/auth/google-signup', { credential: await google.idToken(), userType: 'freelancer' });
    expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(200);
    const token = signedUp.body.accessToken as string;
    expect((await get(app, SECURITY, token)).body).toMatchObject({ hasPassword: false, googleLinked: true, activeSessions: 1 });
    const res = await post(app, PASSWORD_PATH, token, { currentPassword: 'Anything1!', newPassword: NEW_PASSWORD });
    expectFailure(res, 409, 'TL_CORE_10140_E');
    expect(res.body.responseMessage).toMatch(/no password/);
    expect((await post(app, SIGN_OUT_ALL, token)).status).toBe(200);
    expectFailure(await get(app, SECURITY, token), 401, 'TL_CORE_00401_E');
  });
});

describe('sign out all devices', () => {
  test('ends every session of the account, this one included, and clears the refresh cookie', async () => {
    const app = await env.start();
    const user = await twoDevices(app);
    const bystander = await twoDevices(app);
    expect((await get(app, SECURITY, user.here.accessToken)).body).toMatchObject({ hasPassword: true, activeSessions: 2 });
    const res = await post(app, SIGN_OUT_ALL, user.here.accessToken);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.cookies.get('tl_refresh')?.value).toBe('');
    for (const s of [user.here, user.elsewhere]) {
      expectFailure(await get(app, SECURITY, s.accessToken), 401, 'TL_CORE_00401_E');
      expect((await app.refresh(s.refreshCookie)).status).toBe(401);
    }
    // Someone else's sessions live on; the account can sign in again.
    expect((await get(app, SECURITY, bystander.here.accessToken)).status).toBe(200);
    expect((await app.post('/api/auth/login', { email: user.email, password: PASSWORD })).status).toBe(200);
  });
});
