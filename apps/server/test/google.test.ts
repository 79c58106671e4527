import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hashPassword } from '../src/features/auth/passwords.ts';
import { users } from '../src/infra/db/schema.ts';
import {
  PASSWORD,
  type GoogleStub,
  HOUR,
  closedPort,
  countUsers,
  expectFailure,
  findUser,
  startGoogle,
  uniqueEmail,
  useApi,
} from './helpers.ts';

const env = useApi();
let google: GoogleStub;
beforeAll(async () => {
  google = await startGoogle();
});
afterAll(async () => {
  await google?.close();
});

const startWithGoogle = () => env.start({ config: { googleClientId: google.clientId, googleJwksUrl: google.jwksUrl } });

describe('Google sign-up and sign-in', () => {
  test('a valid Google ID token signs a freelancer up, and a later one signs them in', async () => {
    const app = await startWithGoogle();
    const sub = `google-${crypto.randomUUID()}`;
    const email = uniqueEmail('google');
    const signUp = await app.post('/api/auth/google-signup', { credential: await google.idToken({ sub, email }), userType: 'freelancer' });
    expect(signUp.status).toBe(200);
    expect(signUp.body).toMatchObject({
      status: 'success',
      email,
      firstName: 'Grace',
      lastName: 'Hopper',
      roles: ['freelancer'],
      accessToken: expect.any(String),
    });
    expect(signUp.cookies.get('tl_refresh')?.value).toBeTruthy();
    expect(await findUser(app.db, email)).toMatchObject({ googleSub: sub, passwordHash: null, emailVerifiedAt: expect.any(Date) });

    const signIn = await app.post('/api/auth/google-signin', { credential: await google.idToken({ sub, email }) });
    expect(signIn.status).toBe(200);
    expect(signIn.body).toMatchObject({ status: 'success', email });
    expect((await app.refresh(signIn.cookies.get('tl_refresh')?.value ?? '')).status).toBe(200);
    expect(await countUsers(app.db, email)).toBe(1);
  });

  test('Google names take the one name rule: a part it refuses is left empty for the wizard, never made up', async () => {
    const app = await startWithGoogle();
    const names = async (claims: Record<string, unknown>) => {
      const email = uniqueEmail('google');
      const res = await app.post('/api/auth/google-signup', { credential: await google.idToken({ email, ...claims }) });
      expect(res.status).toBe(200);
      const user = await findUser(app.db, email);
      return [res.body.firstName, res.body.lastName, user?.firstName, user?.lastName];
    };
    expect(await names({ given_name: 'अनुष्का', family_name: 'O’Brien' })).toEqual(['अनुष्का', 'O’Brien', 'अनुष्का', 'O’Brien']);
    // No given and family names: the full name's words.
    expect(await names({ given_name: undefined, family_name: undefined, name: 'María José  van der Berg' })).toEqual([
      'María',
      'José van der Berg',
      'María',
      'José van der Berg',
    ]);
    // Digits, HTML, an emoji, a bidi control: refused by the rule, so stored empty.
    expect(await names({ given_name: 'Gr4ce', family_name: '<b>Hopper</b>' })).toEqual(['', '', '', '']);
    // A refused part falls back to the full name's words when those pass.
    expect(await names({ given_name: 'Grace 🚀', family_name: 'Hop\u202Eper', name: 'Grace 🚀' })).toEqual(['Grace', '', 'Grace', '']);
  });

  test('the account is found by the Google subject even when the Google email changed', async () => {
    const app = await startWithGoogle();
    const sub = `google-${crypto.randomUUID()}`;
    const email = uniqueEmail('google');
    expect((await app.post('/api/auth/google-signup', { credential: await google.idToken({ sub, email }) })).status).toBe(200);
    const res = await app.post('/api/auth/google-signin', { credential: await google.idToken({ sub, email: uniqueEmail('renamed') }) });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(email);
  });

  test('the issuer may be written without its scheme', async () => {
    const app = await startWithGoogle();
    const res = await app.post('/api/auth/google-signup', { credential: await google.idToken({ iss: 'accounts.google.com' }) });
    expect(res.status).toBe(200);
  });

  test('a token for another audience, from another issuer or signed by another key is refused with 01103', async () => {
    const app = await startWithGoogle();
    const cases: [string, Record<string, unknown>, { otherKey?: boolean }][] = [
      ['another audience', { aud: 'someone-elses-client-id' }, {}],
      ['another issuer', { iss: 'https://evil.example.com' }, {}],
      ['a signature from another key', {}, { otherKey: true }],
    ];
    for (const [label, claims, opts] of cases) {
      const email = uniqueEmail('google');
      const credential = await google.idToken({ email, ...claims }, opts);
      expectFailure(await app.post('/api/auth/google-signup', { credential }), 401, 'TL_CORE_01103_E', label);
      expectFailure(await app.post('/api/auth/google-signin', { credential }), 401, 'TL_CORE_01103_E', label);
      expect(await countUsers(app.db, email), label).toBe(0);
    }
  });

  test('an expired token is refused with 01103', async () => {
    const app = await startWithGoogle();
    const email = uniqueEmail('google');
    const credential = await google.idToken({ email }, { now: app.clock.now() });
    app.clock.advance(HOUR + 1_000);
    expectFailure(await app.post('/api/auth/google-signup', { credential }), 401, 'TL_CORE_01103_E');
    expect(await countUsers(app.db, email)).toBe(0);
  });

  test('a token with an unverified email is refused with 01102', async () => {
    const app = await startWithGoogle();
    const email = uniqueEmail('google');
    const credential = await google.idToken({ email, email_verified: false });
    expectFailure(await app.post('/api/auth/google-signup', { credential }), 401, 'TL_CORE_01102_E');
    expectFailure(await app.post('/api/auth/google-signin', { credential }), 401, 'TL_CORE_01102_E');
    expect(await countUsers(app.db, email)).toBe(0);
  });

  test('a credential that is not a token is refused with 01103', async () => {
    const app = await startWithGoogle();
    expectFailure(await app.post('/api/auth/google-signin', { credential: 'not-a-jwt' }), 401, 'TL_CORE_01103_E');
    expectFailure(await app.post('/api/auth/google-signin', { credential: '' }), 401, 'TL_CORE_01103_E');
    expectFailure(await app.post('/api/auth/google-signup', {}), 401, 'TL_CORE_01103_E');
  });

  test('google-signup when the Google account is already linked answers 01042', async () => {
    const app = await startWithGoogle();
    const sub = `google-${crypto.randomUUID()}`;
    const email = uniqueEmail('google');
    expect((await app.post('/api/auth/google-signup', { credential: await google.idToken({ sub, email }) })).status).toBe(200);
    expectFailure(await app.post('/api/auth/google-signup', { credential: await google.idToken({ sub, email }) }), 409, 'TL_CORE_01042_E');
    expect(await countUsers(app.db, email)).toBe(1);
  });

  test('google-signin with no account answers 01039', async () => {
    const app = await startWithGoogle();
    const email = uniqueEmail('google');
    expectFailure(await app.post('/api/auth/google-signin', { credential: await google.idToken({ email }) }), 404, 'TL_CORE_01039_E');
    expect(await countUsers(app.db, email)).toBe(0);
  });

  test('Google sign-up is only for freelancers (01006)', async () => {
    const app = await startWithGoogle();
    const email = uniqueEmail('google');
    expectFailure(
      await app.post('/api/auth/google-signup', { credential: await google.idToken({ email }), userType: 'client' }),
      400,
      'TL_CORE_01006_E',
    );
    expect(await countUsers(app.db, email)).toBe(0);
  });

  test('Google sign-in for an address only registered (code not yet verified) answers 01039: there is no account yet', async () => {
    const app = await startWithGoogle();
    const { email } = await app.signUp(uniqueEmail('victim'));
    expectFailure(await app.post('/api/auth/google-signin', { credential: await google.idToken({ email }) }), 404, 'TL_CORE_01039_E');
    expect(await countUsers(app.db, email)).toBe(0);
  });

  test('Google takes over an account left unverified by an earlier version: its password no longer logs in', async () => {
    const app = await startWithGoogle();
    // Someone pre-registered the address with a password (before codes were bound to attempts).
    const email = uniqueEmail('victim');
    await app.db.insert(users).values({ email, firstName: 'Ada', lastName: 'Lovelace', passwordHash: await hashPassword(PASSWORD) });
    const sub = `google-${crypto.randomUUID()}`;
    const res = await app.post('/api/auth/google-signin', { credential: await google.idToken({ sub, email }) });
    expect(res.status).toBe(200);
    expect(await findUser(app.db, email)).toMatchObject({ googleSub: sub, passwordHash: null, emailVerifiedAt: expect.any(Date) });
    expectFailure(await app.post('/api/auth/login', { email, password: PASSWORD }), 400, 'TL_CORE_01022_E');
    expect(await countUsers(app.db, email)).toBe(1);
  });

  test('Google sign-up over an address only registered creates the account; the pending sign-up can no longer complete', async () => {
    const app = await startWithGoogle();
    const { email } = await app.signUp(uniqueEmail('victim'));
    expect((await app.post('/api/auth/google-signup', { credential: await google.idToken({ email }) })).status).toBe(200);
    expectFailure(await app.post('/api/auth/login', { email, password: PASSWORD }), 400, 'TL_CORE_01022_E');
    // The pending sign-up's code no longer opens anything.
    const otp = await env.mailbox.waitForCode(email);
    expectFailure(await app.post('/api/otp/verify', { email, otp }), 409, 'TL_CORE_01017_E');
  });

  test('Google sign-in links a verified password account, which keeps its password', async () => {
    const app = await startWithGoogle();
    const { email } = await app.createUser();
    const sub = `google-${crypto.randomUUID()}`;
    expect((await app.post('/api/auth/google-signin', { credential: await google.idToken({ sub, email }) })).status).toBe(200);
    expect((await findUser(app.db, email))?.googleSub).toBe(sub);
    await app.signIn(email, PASSWORD);
  });

  test('a second Google account for an email already linked is refused with 01042', async () => {
    const app = await startWithGoogle();
    const email = uniqueEmail('google');
    expect((await app.post('/api/auth/google-signup', { credential: await google.idToken({ email }) })).status).toBe(200);
    expectFailure(await app.post('/api/auth/google-signup', { credential: await google.idToken({ email }) }), 409, 'TL_CORE_01042_E');
    expectFailure(await app.post('/api/auth/google-signin', { credential: await google.idToken({ email }) }), 409, 'TL_CORE_01042_E');
  });

  test('a Google-only account logging in with a password gets 01022', async () => {
    const app = await startWithGoogle();
    const email = uniqueEmail('google');
    expect((await app.post('/api/auth/google-signup', { credential: await google.idToken({ email }) })).status).toBe(200);
    expectFailure(await app.post('/api/auth/login', { email, password: PASSWORD }), 400, 'TL_CORE_01022_E');
  });

  test('when Google is not configured both endpoints answer 01104 and the config says so', async () => {
    const app = await env.start();
    expect((await app.get('/api/config')).body.googleClientId).toBeNull();
    const credential = await google.idToken();
    expectFailure(await app.post('/api/auth/google-signin', { credential }), 503, 'TL_CORE_01104_E');
    expectFailure(await app.post('/api/auth/google-signup', { credential }), 503, 'TL_CORE_01104_E');
  });

  test('when configured, the public config carries the client id', async () => {
    const app = await startWithGoogle();
    expect((await app.get('/api/config')).body.googleClientId).toBe(google.clientId);
  });

  test("when Google's keys cannot be fetched the answer is 01104", async () => {
    const port = await closedPort();
    const app = await env.start({ config: { googleClientId: google.clientId, googleJwksUrl: `http://127.0.0.1:${port}/certs` } });
    expectFailure(await app.post('/api/auth/google-signin', { credential: await google.idToken() }), 503, 'TL_CORE_01104_E');
  });
});
