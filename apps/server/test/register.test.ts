import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { otpCodes } from '../src/infra/db/schema.ts';
import { PASSWORD, countUsers, expectFailure, findUser, outboxFor, request, uniqueEmail, useApi } from './helpers.ts';

const env = useApi();

const validBody = (email: string) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  emailId: email,
  password: PASSWORD,
  userType: 'freelancer',
});

describe('POST /api/user/register', () => {
  test('a freelancer signs up, gets a 5-digit code by mail, and the code starts a session', async () => {
    // At the server's own password cost (the config's default; the other tests' apps hash at
    // argon2id's minimum, decision 288): the hash below must be OWASP's.
    const app = await env.start({ config: { passwordHash: loadConfig({ DATA_DIR: 'memory://' }).passwordHash } });
    const email = uniqueEmail();
    const res = await app.post('/api/user/register', validBody(email));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', emailId: email, responseMessage: expect.any(String) });

    // No account until the code is verified: the attempt waits with its code, password hashed.
    expect(await findUser(app.db, email)).toBeUndefined();
    const [pending] = await app.db.select().from(otpCodes).where(eq(otpCodes.email, email));
    expect((pending?.payload as { passwordHash?: string } | null)?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const codeCookie = res.cookies.get('tl_code');
    expect(codeCookie?.raw).toMatch(/; HttpOnly/);
    expect(codeCookie?.raw).toMatch(/; SameSite=Strict/);
    expect(codeCookie?.raw).toMatch(/; Path=\/api(;|$)/);
    expect(codeCookie?.raw).toMatch(/; Max-Age=600(;|$)/);

    const otp = await env.mailbox.waitForCode(email);
    expect(otp).toMatch(/^\d{5}$/);
    const verified = await app.post('/api/otp/verify', { email, otp, purpose: 'registration' });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      status: 'success',
      emailId: email,
      accessToken: expect.any(String),
      firstName: 'Ada',
      lastName: 'Lovelace',
      roles: ['freelancer'],
      onBoardingStage: 'PROFILE_BASICS',
    });
    expect(verified.cookies.get('tl_refresh')?.raw).toMatch(/HttpOnly/);
    expect(await findUser(app.db, email)).toMatchObject({
      emailVerifiedAt: expect.any(Date),
      passwordHash: expect.stringMatching(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/),
    });
    await app.signIn(email);
  });

  test('the email is stored trimmed and lower-cased', async () => {
    const app = await env.start();
    const email = uniqueEmail();
    const res = await app.post('/api/user/register', validBody(`  ${email.toUpperCase()} `));
    expect(res.status).toBe(200);
    expect(res.body.emailId).toBe(email);
    await app.verify(email);
    expect(await countUsers(app.db, email)).toBe(1);
  });

  test('signing up with an address that is already verified is refused with 01009, whatever its case', async () => {
    const app = await env.start();
    const { email } = await app.createUser();
    expectFailure(await app.post('/api/user/register', validBody(email)), 409, 'TL_CORE_01009_E');
    expectFailure(await app.post('/api/user/register', validBody(email.toUpperCase())), 409, 'TL_CORE_01009_E');
    expect(await countUsers(app.db, email)).toBe(1);
    // The refused attempt changed nothing: the original password still logs in.
    await app.signIn(email, PASSWORD);
  });

  test('signing up again before verifying replaces the unverified details and the code', async () => {
    const app = await env.start();
    const email = uniqueEmail();
    await app.signUp(email);
    const firstCode = await env.mailbox.waitForCode(email);
    app.clock.advance(30_000);
    await app.signUp(email, { firstName: 'Grace', password: 'An0ther!Secret' });
    const secondCode = await env.mailbox.waitForCode(email);
    if (firstCode !== secondCode) {
      expectFailure(await app.post('/api/otp/verify', { email, otp: firstCode }), 400, 'TL_CORE_01015_E');
    }
    const verified = await app.post('/api/otp/verify', { email, otp: secondCode });
    expect(verified.status).toBe(200);
    expect(verified.body.firstName).toBe('Grace');
    expectFailure(await app.post('/api/auth/login', { email, password: PASSWORD }), 401, 'TL_CORE_01040_E');
    await app.signIn(email, 'An0ther!Secret');
  });

  test('each missing or invalid field is refused with its catalogue code and nothing is stored', async () => {
    const app = await env.start();
    const cases: [string, Record<string, unknown>, string][] = [
      ['a missing first name', { firstName: undefined }, 'TL_CORE_01002_E'],
      ['a blank first name', { firstName: '   ' }, 'TL_CORE_01002_E'],
      ['a missing last name', { lastName: undefined }, 'TL_CORE_01003_E'],
      ['a missing email', { emailId: undefined }, 'TL_CORE_01001_E'],
      ['an invalid email', { emailId: 'not-an-email' }, 'TL_CORE_01007_E'],
      ['a missing password', { password: undefined }, 'TL_CORE_01004_E'],
      ['a password without a special character', { password: 'Password123' }, 'TL_CORE_01032_E'],
      ['a password shorter than 8 characters', { password: 'Ab1!' }, 'TL_CORE_01032_E'],
      ['a password longer than 128 characters', { password: `Aa1!${'x'.repeat(125)}` }, 'TL_CORE_01032_E'],
      ['an unknown user type', { userType: 'admin' }, 'TL_CORE_01008_E'],
      ['a first name over 50 characters', { firstName: 'A'.repeat(51) }, 'TL_CORE_00400_E'],
    ];
    for (const [label, change, code] of cases) {
      const email = uniqueEmail();
      expectFailure(await app.post('/api/user/register', { ...validBody(email), ...change }), 400, code, label);
      expect(await countUsers(app.db, email), label).toBe(0);
      expect(await outboxFor(app.db, email), label).toHaveLength(0);
    }
  });

  test('names of any script sign up and are stored as typed: both apostrophes, combining marks, Arabic, CJK', async () => {
    const app = await env.start();
    const names: Array<[string, string]> = [
      ['Seán', 'O’Brien'],
      ['Chiara', "D'Angelo"],
      ['अनुष्का', 'शर्मा'],
      ['محمد', 'عبد الله'],
      ['王小明', '王'],
      ['María José', 'van der Berg'],
    ];
    for (const [firstName, lastName] of names) {
      const email = uniqueEmail();
      const res = await app.post('/api/user/register', { ...validBody(email), firstName: ` ${firstName} `, lastName });
      expect(res.status, `${firstName} ${lastName}`).toBe(200);
      const session = await app.verify(email);
      expect(session.body, `${firstName} ${lastName}`).toMatchObject({ firstName, lastName });
      expect(await findUser(app.db, email)).toMatchObject({ firstName, lastName });
    }
  });

  test('a name with digits, HTML, a URL or a bidi control is refused with the form message and nothing is stored', async () => {
    const app = await env.start();
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['digits', { firstName: 'R2D2' }, 'firstName: First name must contain letters only'],
      ['HTML', { lastName: '<b>x</b>' }, 'lastName: Last name must contain letters only'],
      ['a URL', { firstName: 'http://x.y' }, 'firstName: First name must contain letters only'],
      ['a right-to-left override', { lastName: 'Rao\u202Eexe.txt' }, 'lastName: Contains characters that are not allowed'],
    ];
    for (const [label, change, message] of cases) {
      const email = uniqueEmail();
      const res = await app.post('/api/user/register', { ...validBody(email), ...change });
      expectFailure(res, 400, 'TL_CORE_00400_E', label);
      expect(res.body.responseMessage, label).toBe(message);
      expect(await countUsers(app.db, email), label).toBe(0);
      expect(await app.db.select().from(otpCodes).where(eq(otpCodes.email, email)), label).toHaveLength(0);
      expect(await outboxFor(app.db, email), label).toHaveLength(0);
    }
  });

  test('a body that is not an object is refused with 01020', async () => {
    const app = await env.start();
    expectFailure(await app.post('/api/user/register', [1, 2]), 400, 'TL_CORE_01020_E');
    expectFailure(await app.post('/api/user/register', 'hello'), 400, 'TL_CORE_01020_E');
  });

  test('unknown fields are ignored and never stored', async () => {
    const app = await env.start();
    const email = uniqueEmail();
    const res = await app.post('/api/user/register', {
      ...validBody(email),
      roles: ['admin'],
      emailVerifiedAt: new Date().toISOString(),
      googleSub: 'attacker',
      onboardingStage: 'COMPLETED',
      id: '00000000-0000-0000-0000-000000000000',
    });
    expect(res.status).toBe(200);
    expectFailure(await app.post('/api/auth/login', { email, password: PASSWORD }), 403, 'TL_CORE_01038_E');
    await app.verify(email);
    const user = await findUser(app.db, email);
    expect(user).toMatchObject({ roles: ['freelancer'], googleSub: null, onboardingStage: 'PROFILE_BASICS' });
    expect(user?.id).not.toBe('00000000-0000-0000-0000-000000000000');
  });

  test('a client sign-up is refused with 01006 while client accounts are off', async () => {
    const app = await env.start({ config: { clientAccounts: false } });
    const email = uniqueEmail();
    expectFailure(
      await app.post('/api/user/register', { ...validBody(email), userType: 'client', company: 'Acme' }),
      400,
      'TL_CORE_01006_E',
    );
    expect(await countUsers(app.db, email)).toBe(0);
  });

  test('with client accounts on, a client needs a company name (01005) and then signs up', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const email = uniqueEmail();
    expectFailure(await app.post('/api/user/register', { ...validBody(email), userType: 'client' }), 400, 'TL_CORE_01005_E');
    expect(await countUsers(app.db, email)).toBe(0);
    // The company name takes the one company-name rule on the wire too (decision 165): no HTML,
    // links or controls; digits and '&' are a company's ('3M', 'AT&T').
    for (const company of ['<b>Acme</b>', 'http://acme.test', 'Acme\u202Eevil', 'Acme\u0000']) {
      const refused = await app.post('/api/user/register', { ...validBody(email), userType: 'client', company });
      expect({ company, status: refused.status, code: refused.body.responseCode }).toEqual({
        company,
        status: 400,
        code: 'TL_CORE_00400_E',
      });
    }
    expect(await countUsers(app.db, email)).toBe(0);
    expect((await app.post('/api/user/register', { ...validBody(email), userType: 'client', company: 'AT&T' })).status).toBe(200);
    const session = await app.verify(email);
    expect(session.body.roles).toEqual(['client']);
    expect(await findUser(app.db, email)).toMatchObject({ userType: 'client', company: 'AT&T' });
    for (const company of ['3M', 'L’Oréal', 'Müller & Söhne GmbH', 'トヨタ自動車']) {
      const other = uniqueEmail();
      const res = await app.post('/api/user/register', { ...validBody(other), userType: 'client', company });
      expect({ company, status: res.status }).toEqual({ company, status: 200 });
    }
  });

  test('a long passphrase is accepted and never truncated', async () => {
    const app = await env.start();
    const email = uniqueEmail();
    const passphrase = `Correct-Horse-Battery-Staple-1!${'q'.repeat(69)}`;
    expect(passphrase).toHaveLength(100);
    await app.signUp(email, { password: passphrase });
    await app.verify(email);
    expectFailure(await app.post('/api/auth/login', { email, password: passphrase.slice(0, 99) }), 401, 'TL_CORE_01040_E');
    expectFailure(await app.post('/api/auth/login', { email, password: passphrase.slice(0, 64) }), 401, 'TL_CORE_01040_E');
    await app.signIn(email, passphrase);
  });

  test('20 parallel sign-ups of one address from 20 browsers send at most 5 codes and verify into exactly one account', async () => {
    const app = await env.start();
    const email = uniqueEmail();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => request(app.baseUrl, 'POST', '/api/user/register', { json: validBody(email) })),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(ok.length).toBeLessThanOrEqual(5); // the hourly send cap per address
    for (const r of results.filter((r) => r.status !== 200)) expectFailure(r, 429, 'TL_CORE_00429_E');
    expect(await countUsers(app.db, email)).toBe(0);
    const codes = await Promise.all(ok.map(() => env.mailbox.waitForCode(email)));
    // One browser tries every mailed code: exactly its own one opens the account.
    const browser = ok[0]?.cookies.get('tl_code')?.value ?? '';
    const answers = [];
    for (const otp of codes)
      answers.push((await request(app.baseUrl, 'POST', '/api/otp/verify', { json: { email, otp }, cookies: { tl_code: browser } })).status);
    expect(answers.filter((s) => s === 200)).toHaveLength(1);
    expect(await countUsers(app.db, email)).toBe(1);
    await app.signIn(email);
  });
});
