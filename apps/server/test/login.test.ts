import { describe, expect, test } from 'vitest';
import { MINUTE, PASSWORD, expectFailure, uniqueEmail, useApi } from './helpers.ts';

const env = useApi();
const WRONG = 'Wr0ng!Password';

describe('POST /api/auth/login', () => {
  test('a verified user logs in and gets an access token and an httpOnly refresh cookie on the auth path', async () => {
    const app = await env.start();
    const { email } = await app.createUser();
    const res = await app.post('/api/auth/login', { email, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      responseCode: 'TL_CORE_00200_S',
      accessToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      profilePhotoUrl: null,
      roles: ['freelancer'],
      onBoardingStage: 'PROFILE_BASICS',
    });
    const cookie = res.cookies.get('tl_refresh');
    expect(cookie?.value.length).toBeGreaterThanOrEqual(22); // at least 128 random bits, base64url
    expect(cookie?.raw).toMatch(/; HttpOnly/);
    expect(cookie?.raw).toMatch(/; SameSite=Strict/);
    expect(cookie?.raw).toMatch(/; Path=\/api\/auth(;|$)/);
    expect(cookie?.raw).toMatch(/; Max-Age=2592000/);
    expect(cookie?.raw).not.toMatch(/; Secure/);
  });

  test('the refresh cookie is Secure when the public URL is https', async () => {
    const app = await env.start({ config: { publicUrl: 'https://talentloop.example' } });
    const { email } = await app.createUser();
    const res = await app.post('/api/auth/login', { email, password: PASSWORD });
    expect(res.cookies.get('tl_refresh')?.raw).toMatch(/; Secure/);
  });

  test('the email is matched whatever its case and surrounding spaces', async () => {
    const app = await env.start();
    const { email } = await app.createUser();
    expect((await app.post('/api/auth/login', { email: ` ${email.toUpperCase()} `, password: PASSWORD })).status).toBe(200);
  });

  test('an unknown email answers 01090', async () => {
    const app = await env.start();
    expectFailure(await app.post('/api/auth/login', { email: uniqueEmail(), password: PASSWORD }), 404, 'TL_CORE_01090_E');
  });

  test('a wrong password answers 01040 and sets no cookie', async () => {
    const app = await env.start();
    const { email } = await app.createUser();
    const res = await app.post('/api/auth/login', { email, password: WRONG });
    expectFailure(res, 401, 'TL_CORE_01040_E');
    expect(res.cookies.has('tl_refresh')).toBe(false);
  });

  test('an address registered but not verified answers 01038 whatever the password', async () => {
    // No account exists before the code is verified, so there is no password to compare yet.
    const app = await env.start();
    const { email } = await app.signUp();
    expectFailure(await app.post('/api/auth/login', { email, password: PASSWORD }), 403, 'TL_CORE_01038_E');
    expectFailure(await app.post('/api/auth/login', { email, password: WRONG }), 403, 'TL_CORE_01038_E');
    // Once the code has expired, the address is simply unknown again.
    app.clock.advance(10 * MINUTE + 1_000);
    expectFailure(await app.post('/api/auth/login', { email, password: PASSWORD }), 404, 'TL_CORE_01090_E');
  });

  test('20 parallel wrong passwords get at most 5 evaluated before the lock', async () => {
    const app = await env.start();
    const { email } = await app.createUser();
    const results = await Promise.all(Array.from({ length: 20 }, () => app.post('/api/auth/login', { email, password: WRONG })));
    const evaluated = results.filter((r) => r.body?.responseCode === 'TL_CORE_01040_E');
    const locked = results.filter((r) => r.body?.responseCode === 'TL_CORE_01041_E');
    expect(evaluated.length).toBeLessThanOrEqual(5);
    expect(evaluated.length + locked.length).toBe(20);
    for (const r of locked) expectFailure(r, 423, 'TL_CORE_01041_E');
    expectFailure(await app.post('/api/auth/login', { email, password: PASSWORD }), 423, 'TL_CORE_01041_E');
  });

  test('each missing or invalid field is refused with its catalogue code', async () => {
    const app = await env.start();
    const cases: [string, Record<string, unknown>, string][] = [
      ['a missing email', { email: undefined }, 'TL_CORE_01001_E'],
      ['an invalid email', { email: 'someone@' }, 'TL_CORE_01007_E'],
      ['a missing password', { password: undefined }, 'TL_CORE_01004_E'],
      ['an empty password', { password: '' }, 'TL_CORE_01004_E'],
    ];
    for (const [label, change, code] of cases) {
      expectFailure(await app.post('/api/auth/login', { email: uniqueEmail(), password: PASSWORD, ...change }), 400, code, label);
    }
  });

  test('a body that is not an object is refused with 01029', async () => {
    const app = await env.start();
    expectFailure(await app.post('/api/auth/login', [1]), 400, 'TL_CORE_01029_E');
  });

  test('five wrong passwords lock the email: even the right password then gets 01041', async () => {
    const app = await env.start();
    const { email } = await app.createUser();
    for (let i = 0; i < 5; i++) expectFailure(await app.post('/api/auth/login', { email, password: WRONG }), 401, 'TL_CORE_01040_E');
    expectFailure(await app.post('/api/auth/login', { email, password: PASSWORD }), 423, 'TL_CORE_01041_E');
    expectFailure(await app.post('/api/auth/login', { email: email.toUpperCase(), password: PASSWORD }), 423, 'TL_CORE_01041_E');
    // Another account is not affected.
    const other = await app.createUser();
    await app.signIn(other.email);
  });

  test('the lock ends by itself after 15 minutes', async () => {
    const app = await env.start();
    const { email } = await app.createUser();
    for (let i = 0; i < 5; i++) await app.post('/api/auth/login', { email, password: WRONG });
    app.clock.advance(14 * MINUTE);
    expectFailure(await app.post('/api/auth/login', { email, password: PASSWORD }), 423, 'TL_CORE_01041_E');
    app.clock.advance(MINUTE + 1_000);
    await app.signIn(email);
  });

  test('wrong passwords spread over more than 15 minutes do not lock', async () => {
    const app = await env.start();
    const { email } = await app.createUser();
    for (let i = 0; i < 4; i++) await app.post('/api/auth/login', { email, password: WRONG });
    app.clock.advance(15 * MINUTE + 1_000);
    for (let i = 0; i < 4; i++) expectFailure(await app.post('/api/auth/login', { email, password: WRONG }), 401, 'TL_CORE_01040_E');
    await app.signIn(email);
  });

  test('a successful login clears earlier failures', async () => {
    const app = await env.start();
    const { email } = await app.createUser();
    for (let i = 0; i < 4; i++) await app.post('/api/auth/login', { email, password: WRONG });
    await app.signIn(email);
    for (let i = 0; i < 4; i++) expectFailure(await app.post('/api/auth/login', { email, password: WRONG }), 401, 'TL_CORE_01040_E');
    await app.signIn(email);
  });
});
