import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { TEST_SEED_HEADER, TEST_SEED_PATH } from '../src/features/test-seed/routes.ts';
import { outbox } from '../src/infra/db/schema.ts';
import { PASSWORD, expectFailure, findUser, request, uniqueEmail, useApi } from './helpers.ts';

// The browser suite's seeding route (issue 9): a verified account and its session without mail,
// through a path production refuses.

const env = useApi();
const SECRET = 'seed-secret-for-tests-only-0123456789';
const path = `/api${TEST_SEED_PATH}`;
const account = (email = uniqueEmail('seed')) => ({ firstName: 'Asha', lastName: 'Rao', emailId: email, password: PASSWORD });

describe('seeding is refused where real users are', () => {
  test('the config refuses a seed secret with a non-local PUBLIC_URL', () => {
    expect(() => loadConfig({ TEST_SEED_SECRET: SECRET, PUBLIC_URL: 'https://talentloop.example' })).toThrow(/TEST_SEED_SECRET/);
    expect(() => loadConfig({ TEST_SEED_SECRET: SECRET, PUBLIC_URL: 'http://127.0.0.1.example.com' })).toThrow(/TEST_SEED_SECRET/);
  });

  test('the config refuses a seed secret with NODE_ENV=production unless the e2e flag is given', () => {
    expect(() => loadConfig({ TEST_SEED_SECRET: SECRET, NODE_ENV: 'production' })).toThrow(/TEST_SEED_SECRET/);
    expect(() => loadConfig({ TEST_SEED_SECRET: SECRET, NODE_ENV: 'production', TEST_SEED_IN_PRODUCTION: 'yes' })).toThrow();
    const e2e = loadConfig({
      TEST_SEED_SECRET: SECRET,
      NODE_ENV: 'production',
      TEST_SEED_IN_PRODUCTION: 'e2e',
      PUBLIC_URL: 'http://127.0.0.1:3210',
    });
    expect(e2e.testSeedSecret).toBe(SECRET);
    expect(loadConfig({ TEST_SEED_SECRET: SECRET }).testSeedSecret).toBe(SECRET);
    expect(loadConfig({}).testSeedSecret).toBeUndefined();
  });

  test('without a seed secret the route does not exist', async () => {
    const app = await env.start();
    const body = account();
    const res = await request(app.baseUrl, 'POST', path, { json: body, headers: { [TEST_SEED_HEADER]: SECRET } });
    expectFailure(res, 404, 'TL_CORE_00404_E');
    expect(await findUser(app.db, body.emailId)).toBeUndefined();
  });

  test('a request without the secret, or with another, is answered 404 and makes nothing', async () => {
    const app = await env.start({ config: { testSeedSecret: SECRET } });
    const body = account();
    for (const headers of [{}, { [TEST_SEED_HEADER]: `${SECRET}x` }, { [TEST_SEED_HEADER]: '' }] as Record<string, string>[])
      expectFailure(await request(app.baseUrl, 'POST', path, { json: body, headers }), 404, 'TL_CORE_00404_E');
    expect(await findUser(app.db, body.emailId)).toBeUndefined();
  });
});

describe('seeding a verified account', () => {
  test('answers a session for a verified account, with no mail sent', async () => {
    const app = await env.start({ config: { testSeedSecret: SECRET } });
    const body = account();
    const res = await request(app.baseUrl, 'POST', path, { json: body, headers: { [TEST_SEED_HEADER]: SECRET } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', email: body.emailId, onBoardingStage: 'PROFILE_BASICS', roles: ['freelancer'] });
    expect(res.cookies.get('tl_refresh')?.value).toMatch(/\S/);
    expect((await findUser(app.db, body.emailId))?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await app.db.select().from(outbox).where(eq(outbox.to, body.emailId))).toEqual([]);
    expect(env.mailbox.mailTo(body.emailId)).toEqual([]);
    // The password works like a registered one.
    const login = await app.signIn(body.emailId, PASSWORD);
    expect(login.accessToken).toMatch(/\S/);
  });

  test('a client account, and an existing email refused with 409', async () => {
    const app = await env.start({ config: { testSeedSecret: SECRET, clientAccounts: true } });
    const body = { ...account(), userType: 'client', company: 'Acme Labs' };
    const headers = { [TEST_SEED_HEADER]: SECRET };
    const res = await request(app.baseUrl, 'POST', path, { json: body, headers });
    expect(res.body).toMatchObject({ roles: ['client'] });
    expect((await findUser(app.db, body.emailId))?.company).toBe('Acme Labs');
    expectFailure(await request(app.baseUrl, 'POST', path, { json: body, headers }), 409, 'TL_CORE_01009_E');
    expectFailure(
      await request(app.baseUrl, 'POST', path, { json: { ...body, emailId: 'not-an-email' }, headers }),
      400,
      'TL_CORE_00400_E',
    );
  });
});
