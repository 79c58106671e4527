import { acceptInterview, recordInterviewOutcome } from '@talentloop/contract/api/interviews';
import { acceptTerms, listCompanyEngagements, makeOffer } from '@talentloop/contract/api/engagements';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { loadConfig } from '../src/config.ts';
import {
  TEST_SEED_BILLING_READY_PATH,
  TEST_SEED_HEADER,
  TEST_SEED_HIRE_AGED_PATH,
  TEST_SEED_INTERVIEW_ENDED_PATH,
  TEST_SEED_PATH,
} from '../src/features/test-seed/routes.ts';
import { engagements, interviewSlots, interviews, outbox } from '../src/infra/db/schema.ts';
import { withMailbox } from './company/documents-support.ts';
import { PASSWORD, type TestApp, call, expectFailure, expectOk, findUser, okBody, request, uniqueEmail, useApi } from './helpers.ts';
import { interviewSetting, propose, proposalBody } from './interviews/support.ts';
import { hired, hiresOf } from './reviews/support.ts';

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

  test('the config refuses a seed secret with NODE_ENV=production in any case, even with a local HOST and PUBLIC_URL', () => {
    const local = { TEST_SEED_SECRET: SECRET, HOST: '127.0.0.1', PUBLIC_URL: 'http://127.0.0.1:3210' };
    for (const NODE_ENV of ['production', 'PRODUCTION', 'Production'])
      expect(() => loadConfig({ ...local, NODE_ENV })).toThrow(/TEST_SEED_SECRET: refused with NODE_ENV=production/);
    // The former escape hatch is gone: no variable lets seeding run in production.
    expect(() => loadConfig({ ...local, NODE_ENV: 'production', TEST_SEED_IN_PRODUCTION: 'e2e' })).toThrow(/TEST_SEED_SECRET/);
    expect(loadConfig({ ...local, NODE_ENV: 'test' }).testSeedSecret).toBe(SECRET);
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

describe('seeding a company at a later start state', () => {
  const headers = { [TEST_SEED_HEADER]: SECRET };
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  test('a client seeded with the welcome seen and a proven company email: no welcome, and that contact email counts as verified', async () => {
    const app = await env.start({ config: { testSeedSecret: SECRET, clientAccounts: true } });
    const inbox = uniqueEmail('inbox');
    const body = { ...account(), userType: 'client', company: 'Acme Labs', welcomeSeen: true, verifiedCompanyEmail: inbox.toUpperCase() };
    const res = await request(app.baseUrl, 'POST', path, { json: body, headers });
    expect(res.status).toBe(200);
    const token = res.body.accessToken as string;
    const home = await request(app.baseUrl, 'GET', '/api/company/home', { headers: auth(token) });
    expect(home.body).toMatchObject({ showWelcome: false });
    const contact = {
      email: inbox,
      country: 'IN',
      address: '1 MG Road',
      phoneCountryCode: '+91',
      phoneNumber: '98765 43210',
      socials: [],
      version: 0,
    };
    const saved = await request(app.baseUrl, 'PUT', '/api/company/contact', { json: contact, headers: auth(token) });
    expect(saved.status).toBe(200);
    const read = await request(app.baseUrl, 'GET', '/api/company/contact', { headers: auth(token) });
    expect(read.body.contact).toMatchObject({ email: inbox, emailVerified: true });
    expect(env.mailbox.mailTo(inbox)).toEqual([]);
  });

  test('a client seeded without extras still sees the welcome and has no proven email', async () => {
    const app = await env.start({ config: { testSeedSecret: SECRET, clientAccounts: true } });
    const res = await request(app.baseUrl, 'POST', path, { json: { ...account(), userType: 'client', company: 'Acme Labs' }, headers });
    const home = await request(app.baseUrl, 'GET', '/api/company/home', { headers: auth(res.body.accessToken) });
    expect(home.body).toMatchObject({ showWelcome: true });
  });

  test('company extras on a freelancer, or a malformed extra, are refused with 400 and make nothing', async () => {
    const app = await env.start({ config: { testSeedSecret: SECRET, clientAccounts: true } });
    for (const json of [
      { ...account(), welcomeSeen: true },
      { ...account(), userType: 'client', company: 'Acme Labs', verifiedCompanyEmail: 'not-an-email' },
      { ...account(), userType: 'client', company: 'Acme Labs', welcomeSeen: 'yes' },
    ]) {
      expectFailure(await request(app.baseUrl, 'POST', path, { json, headers }), 400, 'TL_CORE_00400_E');
      expect(await findUser(app.db, json.emailId)).toBeUndefined();
    }
  });

  test('accounts seeded with the same password each log in with it', async () => {
    const app = await env.start({ config: { testSeedSecret: SECRET } });
    const first = account();
    const second = account();
    for (const json of [first, second]) expect((await request(app.baseUrl, 'POST', path, { json, headers })).status).toBe(200);
    for (const json of [first, second]) expect((await app.signIn(json.emailId, PASSWORD)).accessToken).toMatch(/\S/);
    await expect(app.signIn(second.emailId, `${PASSWORD}x`)).rejects.toThrow();
  });
});

describe('seeding the end of an accepted interview (the browser journey runs on real time)', () => {
  const ended = `/api${TEST_SEED_INTERVIEW_ENDED_PATH}`;
  const headers = { [TEST_SEED_HEADER]: SECRET };

  /** A verified company's interview, proposed and accepted through the API; its row. */
  async function acceptedInterview(app: TestApp) {
    const { company, freelancer, candidate } = await interviewSetting(app);
    const proposed = okBody(await propose(app, company.token, proposalBody(app, freelancer.slug, { candidateId: candidate.id }))).interview;
    const slotId = proposed.slots[1]?.id ?? '';
    expectOk(
      await call(app, acceptInterview, { params: { interviewId: proposed.id }, body: { slotId, version: 0 } }, { token: freelancer.token }),
    );
    const row = async () => (await app.db.select().from(interviews).where(eq(interviews.id, proposed.id)))[0];
    return { company, id: proposed.id, slotId, row, before: await row() };
  }

  test('without the secret, or with another, 404 and the interview keeps its time', async () => {
    const app = withMailbox(await env.start({ config: { testSeedSecret: SECRET, clientAccounts: true } }), env.mailbox);
    const { id, row, before } = await acceptedInterview(app);
    for (const h of [{}, { [TEST_SEED_HEADER]: `${SECRET}x` }, { [TEST_SEED_HEADER]: '' }] as Record<string, string>[])
      expectFailure(await request(app.baseUrl, 'POST', ended, { json: { interviewId: id }, headers: h }), 404, 'TL_CORE_00404_E');
    expect(await row()).toEqual(before);
  });

  test('with the secret, an accepted interview ends a minute ago and the company may mark it held; nothing else is moved', async () => {
    const app = withMailbox(await env.start({ config: { testSeedSecret: SECRET, clientAccounts: true } }), env.mailbox);
    const { company, id, slotId, row, before } = await acceptedInterview(app);
    // A malformed id is 400, an unknown one 404; neither moves anything.
    expectFailure(await request(app.baseUrl, 'POST', ended, { json: { interviewId: 'nope' }, headers }), 400, 'TL_CORE_00400_E');
    expectFailure(
      await request(app.baseUrl, 'POST', ended, { json: { interviewId: crypto.randomUUID() }, headers }),
      404,
      'TL_CORE_00404_E',
    );
    expect(await row()).toEqual(before);

    const from = app.clock.now().getTime();
    const res = await request(app.baseUrl, 'POST', ended, { json: { interviewId: id }, headers });
    expect(res.status).toBe(200);
    const after = await row();
    const endedAt = (after?.endsAt?.getTime() ?? 0) + 60_000;
    expect(endedAt).toBeGreaterThanOrEqual(from);
    expect(endedAt).toBeLessThanOrEqual(app.clock.now().getTime());
    // Same duration, same status, version, sequence and reminders: only the time moved.
    expect((after?.endsAt?.getTime() ?? 0) - (after?.startsAt?.getTime() ?? 0)).toBe(
      (before?.endsAt?.getTime() ?? 0) - (before?.startsAt?.getTime() ?? 0),
    );
    expect(after).toMatchObject({ status: 'accepted', version: before?.version, sequence: before?.sequence });
    const [slot] = await app.db.select().from(interviewSlots).where(eq(interviewSlots.id, slotId));
    expect(slot).toMatchObject({ startsAt: after?.startsAt, endsAt: after?.endsAt });

    const held = await call(
      app,
      recordInterviewOutcome,
      { params: { interviewId: id }, body: { outcome: 'held', version: before?.version ?? 0 } },
      { token: company.token },
    );
    expectOk(held);
    // Only an accepted interview can be ended: a held one is 404.
    expectFailure(await request(app.baseUrl, 'POST', ended, { json: { interviewId: id }, headers }), 404, 'TL_CORE_00404_E');
  });
});

describe('seeding work done for a hire (issue 34: a hire is reviewable once an engagement of it ended with approved work)', () => {
  const aged = `/api${TEST_SEED_HIRE_AGED_PATH}`;

  test('with the secret, the hire gets an ended engagement with an approved week and becomes reviewable; without it, 404 and nothing is made', async () => {
    const app = withMailbox(await env.start({ config: { testSeedSecret: SECRET, clientAccounts: true } }), env.mailbox);
    const setting = await hired(app);
    const { company, hire } = setting;
    for (const h of [{}, { [TEST_SEED_HEADER]: `${SECRET}x` }] as Record<string, string>[])
      expectFailure(await request(app.baseUrl, 'POST', aged, { json: { hireId: hire.id }, headers: h }), 404, 'TL_CORE_00404_E');
    const headers = { [TEST_SEED_HEADER]: SECRET };
    expectFailure(await request(app.baseUrl, 'POST', aged, { json: { hireId: 'nope' }, headers }), 400, 'TL_CORE_00400_E');
    expectFailure(await request(app.baseUrl, 'POST', aged, { json: { hireId: crypto.randomUUID() }, headers }), 404, 'TL_CORE_00404_E');
    expect((await hiresOf(app, company.token))[0]?.eligibility).toMatchObject({ eligible: false });
    expect(await app.db.select().from(engagements).where(eq(engagements.hireId, hire.id))).toEqual([]);

    expect((await request(app.baseUrl, 'POST', aged, { json: { hireId: hire.id }, headers })).status).toBe(200);
    const [ready] = await hiresOf(app, company.token);
    expect(ready?.eligibility).toMatchObject({ eligible: true, waitingFor: [] });
    // Finished with its ended engagement, as the engagement's end finishes it (issue 35).
    expect(Date.parse(ready?.finishedAt ?? '')).toBeGreaterThan(0);
    const made = okBody(await call(app, listCompanyEngagements, {}, { token: company.token })).engagements;
    expect(made.map((e) => [e.hireId, e.status, e.feeBps])).toEqual([[hire.id, 'ended', 1500]]);
  });
});

describe('seeding billing details (issue 34: an offer needs the company’s, its acceptance the freelancer’s)', () => {
  const ready = `/api${TEST_SEED_BILLING_READY_PATH}`;

  test('with the secret, the company can offer and the freelancer accept; without it, 404 and nothing is written', async () => {
    const app = withMailbox(await env.start({ config: { testSeedSecret: SECRET, clientAccounts: true } }), env.mailbox);
    const { company, f, hire } = await hired(app);
    expectFailure(await request(app.baseUrl, 'POST', ready, { json: { email: company.accountEmail } }), 404, 'TL_CORE_00404_E');
    const headers = { [TEST_SEED_HEADER]: SECRET };
    expectFailure(await request(app.baseUrl, 'POST', ready, { json: { email: 'nobody@example.test' }, headers }), 404, 'TL_CORE_00404_E');
    const terms = {
      roleTitle: 'Design lead',
      scope: 'Lead the design of the product.',
      kind: 'hourly' as const,
      currency: 'USD' as const,
      rateMinor: 7_000,
      weeklyCapHours: 30,
      startDate: new Date(app.clock.now()).toISOString().slice(0, 10),
      noticeDays: 30,
      timeZone: 'UTC',
    };
    expectFailure(
      await call(app, makeOffer, { params: { hireId: hire.id }, body: terms }, { token: company.token }),
      409,
      'TL_CORE_18102_E',
    );

    expect((await request(app.baseUrl, 'POST', ready, { json: { email: company.accountEmail }, headers })).status).toBe(200);
    expect((await request(app.baseUrl, 'POST', ready, { json: { email: f.email }, headers })).status).toBe(200);
    const offered = okBody(await call(app, makeOffer, { params: { hireId: hire.id }, body: terms }, { token: company.token })).engagement;
    expectOk(await call(app, acceptTerms, { params: { engagementId: offered.id }, body: { termsVersion: 1 } }, { token: f.token }));
  });
});
