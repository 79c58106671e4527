import { describe, expect, test } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { expectFailure, findUser, request, uniqueEmail, useApi } from './helpers.ts';
import { bearer } from './onboarding/support.ts';

// The bench's control routes (scripts/bench.sh, issue 12): served only when benchControls is on.
const env = useApi();
const SKILLS = '/api/freelancer-settings/skills-details';

describe('bench control routes', () => {
  test('the config refuses the bench flag with NODE_ENV=production in any case, even with a local HOST and PUBLIC_URL', () => {
    const local = { BENCH_CONTROLS: 'on', HOST: '127.0.0.1', PUBLIC_URL: 'http://localhost:3000' };
    for (const NODE_ENV of ['production', 'PRODUCTION'])
      expect(() => loadConfig({ ...local, NODE_ENV })).toThrow(/BENCH_CONTROLS: refused with NODE_ENV=production/);
    expect(loadConfig({ ...local, NODE_ENV: 'test' }).benchControls).toBe(true);
    expect(loadConfig({ ...local, NODE_ENV: 'production', BENCH_CONTROLS: 'off' }).benchControls).toBe(false);
  });

  test('are not served unless the bench flag is set: every path answers 404 with the error envelope', async () => {
    const app = await env.start();
    const user = await app.createUser();
    const id = (await findUser(app.db, user.email))?.id;
    expectFailure(await app.get('/api/bench/hello'), 404, 'TL_CORE_00404_E');
    expectFailure(await app.get(`/api/bench/pk?id=${id}`), 404, 'TL_CORE_00404_E');
    const twin = await request(app.baseUrl, 'PUT', '/api/bench/skills', {
      json: { skills: [{ skillName: 'Go', experienceLevel: 1 }] },
      ...bearer(user.accessToken),
    });
    expectFailure(twin, 404, 'TL_CORE_00404_E');
    expect((await app.get(SKILLS, bearer(user.accessToken))).body.skills).toEqual([]);
  });

  test('with the flag: hello answers, pk reads one row by its id, a malformed id is a 400', async () => {
    const app = await env.start({ config: { benchControls: true } });
    const user = await app.createUser();
    const id = (await findUser(app.db, user.email))?.id;
    expect((await app.get('/api/bench/hello')).body).toEqual({ hello: 'world' });
    expect((await app.get(`/api/bench/pk?id=${id}`)).body).toEqual({ id });
    expect((await app.get('/api/bench/pk?id=00000000-0000-4000-8000-000000000000')).body).toEqual({ id: null });
    expectFailure(await app.get('/api/bench/pk?id=nope'), 400, 'TL_CORE_00400_E');
  });

  test('with the flag: the unvalidated skills twin makes the same versioned write as the real save, for the signed-in user only', async () => {
    const app = await env.start({ config: { benchControls: true } });
    const user = await app.createUser();
    const put = (path: string, json: unknown, token?: string) =>
      request(app.baseUrl, 'PUT', path, { json, ...(token ? bearer(token) : {}) });
    expectFailure(await put('/api/bench/skills', { skills: [] }), 401, 'TL_CORE_00401_E');
    expectFailure(await put('/api/bench/skills', { skills: 'Go' }, user.accessToken), 400, 'TL_CORE_00400_E');

    const loaded = await app.get(SKILLS, bearer(user.accessToken));
    const twin = await put(
      '/api/bench/skills',
      { skills: [{ skillName: 'Go', experienceLevel: 1 }], version: loaded.body.version },
      user.accessToken,
    );
    expect(twin.status).toBe(200);
    expect(twin.body.version).toBe(loaded.body.version + 1);
    // A stale version is refused by the twin as by the real save (the same service call).
    expect((await put('/api/bench/skills', { skills: [], version: loaded.body.version }, user.accessToken)).status).toBe(409);
    const real = await put(SKILLS, { skills: [{ skillName: 'Rust', experienceLevel: 2 }], version: twin.body.version }, user.accessToken);
    expect(real.status).toBe(200);
    expect(real.body.version).toBe(twin.body.version + 1);
    expect((await app.get(SKILLS, bearer(user.accessToken))).body.skills).toEqual([
      { freelancerSkillId: expect.any(String), skillName: 'Rust', experienceLevel: 2 },
    ]);
  });
});

describe('the ledger and invoice bench controls (issue 34)', () => {
  test('seed a company journal and an invoice, read its balance, render the invoice; absent without the flag', async () => {
    const off = await env.start();
    expectFailure(await off.get('/api/bench/balance?companyId=00000000-0000-4000-8000-000000000000'), 404, 'TL_CORE_00404_E');
    expectFailure(await off.get('/api/bench/invoice-render?invoiceId=00000000-0000-4000-8000-000000000000'), 404, 'TL_CORE_00404_E');

    const app = await env.start({ config: { benchControls: true, clientAccounts: true } });
    const client = await app.signUp(uniqueEmail('client'), { userType: 'client', company: 'Bench Co' });
    const { accessToken } = await app.verify(client.email);
    const address = { addressLine1: '12 MG Road', city: 'Bengaluru', postalCode: '560001', country: 'IN', version: 0 };
    const billed = await request(app.baseUrl, 'PUT', '/api/company/billing', {
      json: { ...address, legalName: 'Bench Co Ltd', billingEmail: client.email },
      ...bearer(accessToken),
    });
    expect(billed.status).toBe(200);
    const talent = await app.createUser();
    const talentId = (await findUser(app.db, talent.email))?.id;
    expect(
      (
        await request(app.baseUrl, 'PUT', '/api/freelancer/billing', {
          json: { ...address, legalName: 'Asha Rao' },
          ...bearer(talent.accessToken),
        })
      ).status,
    ).toBe(200);
    const seeded = await request(app.baseUrl, 'POST', '/api/bench/ledger-seed', {
      json: { freelancerId: talentId, entries: 40, others: 10 },
      ...bearer(accessToken),
    });
    expect(seeded.status, JSON.stringify(seeded.body)).toBe(200);
    const { companyId, invoiceId } = seeded.body as { companyId: string; invoiceId: string };
    // 40 seeded weeks and the one invoice (7 days of 7.5 hours at 2,500.00).
    const seededSum = Array.from({ length: 40 }, (_, i) => 10000 + (((i + 1) * 37) % 90000)).reduce((a, b) => a + b, 0);
    expect((await app.get(`/api/bench/balance?companyId=${companyId}`)).body).toEqual({
      balances: [{ account: 'company_receivable', currency: 'INR', balanceMinor: seededSum + 7 * 1_875_000 }],
    });
    const rendered = await app.get(`/api/bench/invoice-render?invoiceId=${invoiceId}`);
    expect((rendered.body as { bytes: number }).bytes).toBeGreaterThan(1_000);
    expectFailure(await app.get('/api/bench/balance?companyId=nope'), 400, 'TL_CORE_00400_E');
    expectFailure(await app.get('/api/bench/invoice-render?invoiceId=00000000-0000-4000-8000-000000000000'), 404, 'TL_CORE_00404_E');
  });
});
