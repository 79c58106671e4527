import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { companyWantsMail } from '../../src/features/company-settings/queries.ts';
import { companies, companySettings, companyVerificationEvents, files } from '../../src/infra/db/schema.ts';
import { createDbFileStorage, fileIdFromUrl } from '../../src/infra/storage.ts';
import {
  type ApiResponse,
  type Json,
  PASSWORD,
  type TestApp,
  expectFailure,
  findUser,
  request,
  uniqueEmail,
  until,
  useApi,
} from '../helpers.ts';
import { jpegWithExif } from '../onboarding/support.ts';
import { rowsLeftFor } from '../profile/account-support.ts';
import { readyCompany, submitDocuments, withMailbox } from './documents-support.ts';

// Company view profile (issue 11): notification preferences, role refusals, and what deleting a
// company account leaves behind (nothing).

const env = useApi();
const NOTIFICATIONS = '/company/settings/notifications';
const ALL_ON = { verification: true, support: true, talent: true, news: true };

function api(app: TestApp, token: string) {
  const call = (method: string, path: string, json?: unknown) =>
    request(app.baseUrl, method, `/api${path}`, { json, headers: { authorization: `Bearer ${token}` } });
  return {
    get: (path: string) => call('GET', path),
    put: (path: string, json: unknown) => call('PUT', path, json),
    post: (path: string, json?: unknown) => call('POST', path, json ?? {}),
    async upload(data: Buffer): Promise<ApiResponse> {
      const form = new FormData();
      form.set('logo', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'logo.jpg');
      const res = await fetch(`${app.baseUrl}/api/company/logo`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const body: Json = await res.json();
      return { status: res.status, body, headers: res.headers, cookies: new Map() };
    },
  };
}

async function createClient(app: TestApp, company = 'Acme Labs') {
  const account = await app.signUp(uniqueEmail('client'), { userType: 'client', company });
  const session = await app.verify(account.email);
  const id = (await findUser(app.db, account.email))?.id ?? '';
  return { ...account, ...session, id, api: api(app, session.accessToken) };
}

async function companyOf(app: TestApp, userId: string) {
  const [row] = await app.db.select().from(companies).where(eq(companies.ownerUserId, userId));
  return row;
}

describe('notification preferences', () => {
  test('before any save every kind has its default: product news off, the rest on', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const client = await createClient(app);
    const res = await client.api.get(NOTIFICATIONS);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ version: 0, mail: { verification: true, support: true, talent: true, news: false } });
  });

  test('a save with its version stores the choices, bumps the version and is read back', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const client = await createClient(app);
    const mail = { verification: false, support: true, talent: false, news: true };
    const saved = await client.api.put(NOTIFICATIONS, { mail, version: 0 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ status: 'success', version: 1, mail });
    expect((await client.api.get(NOTIFICATIONS)).body).toMatchObject({ version: 1, mail });
    const again = await client.api.put(NOTIFICATIONS, { mail: ALL_ON, version: 1 });
    expect(again.body).toMatchObject({ version: 2, mail: ALL_ON });
  });

  test('a save from a stale version is refused with 409 and changes nothing', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const client = await createClient(app);
    expect((await client.api.put(NOTIFICATIONS, { mail: ALL_ON, version: 0 })).status).toBe(200);
    const stale = await client.api.put(NOTIFICATIONS, { mail: { ...ALL_ON, news: false }, version: 0 });
    expectFailure(stale, 409, 'TL_CORE_10110_E');
    expect((await client.api.get(NOTIFICATIONS)).body).toMatchObject({ version: 1, mail: ALL_ON });
  });

  test('of two saves made from the same version exactly one wins', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const client = await createClient(app);
    const results = await Promise.all(
      [true, false].map((news) => client.api.put(NOTIFICATIONS, { mail: { ...ALL_ON, news }, version: 0 })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200);
    expect((await client.api.get(NOTIFICATIONS)).body).toMatchObject({ version: 1, mail: winner?.body.mail });
  });

  test('an unknown kind, a kind left out or a value that is not true/false is a 400 and changes nothing', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const client = await createClient(app);
    const bad = [
      { mail: { ...ALL_ON, spam: true }, version: 0 },
      { mail: { verification: true, support: true, talent: true }, version: 0 },
      { mail: { ...ALL_ON, news: 'yes' }, version: 0 },
      { mail: ALL_ON, version: -1 },
      { mail: 'all' },
    ];
    for (const body of bad) {
      const res = await client.api.put(NOTIFICATIONS, body);
      expectFailure(res, 400, 'TL_CORE_00400_E', JSON.stringify(body));
    }
    expect((await client.api.get(NOTIFICATIONS)).body).toMatchObject({ version: 0, mail: { news: false } });
    const company = await companyOf(app, client.id);
    if (company) expect(await app.db.select().from(companySettings).where(eq(companySettings.companyId, company.id))).toHaveLength(0);
  });

  test('companyWantsMail answers the saved choice, else the kind’s default', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const client = await createClient(app);
    expect((await client.api.put(NOTIFICATIONS, { mail: { ...ALL_ON, verification: false }, version: 0 })).status).toBe(200);
    const company = await companyOf(app, client.id);
    expect(company).toBeDefined();
    const id = company?.id ?? '';
    expect(await companyWantsMail(app.db, id, 'verification')).toBe(false);
    expect(await companyWantsMail(app.db, id, 'news')).toBe(true);

    const fresh = await createClient(app, 'Fresh Co');
    expect((await fresh.api.get('/company/profile-basics')).status).toBe(200);
    expect((await fresh.api.put('/company/profile-basics', basics)).status).toBe(200);
    const freshCompany = await companyOf(app, fresh.id);
    expect(await companyWantsMail(app.db, freshCompany?.id ?? '', 'verification')).toBe(true);
    expect(await companyWantsMail(app.db, freshCompany?.id ?? '', 'news')).toBe(false);
  });
});

const basics = {
  companyName: 'Acme Labs',
  industry: 'Information Technology',
  companySize: 'small-business',
  country: 'IN',
  aboutCompany: 'We build tools for hiring teams.',
  websiteUrl: 'https://acme.example',
};

describe('roles', () => {
  test('a freelancer is refused the company settings; a client is refused freelancer settings; no token is 401', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const client = await createClient(app);
    const freelancer = await app.createUser();
    const asFreelancer = api(app, freelancer.accessToken);
    expectFailure(await asFreelancer.get(NOTIFICATIONS), 403, 'TL_CORE_00403_E');
    expectFailure(await asFreelancer.put(NOTIFICATIONS, { mail: ALL_ON, version: 0 }), 403, 'TL_CORE_00403_E');
    expectFailure(await client.api.get('/freelancer-settings/privacy'), 403, 'TL_CORE_00403_E');
    expectFailure(await request(app.baseUrl, 'GET', `/api${NOTIFICATIONS}`), 401, 'TL_CORE_00401_E');
    expectFailure(await request(app.baseUrl, 'POST', '/api/account/password', { json: {} }), 401, 'TL_CORE_00401_E');
    // Security & Privacy serves both roles.
    expect((await client.api.get('/account/security')).status).toBe(200);
    expect((await asFreelancer.get('/account/security')).status).toBe(200);
  });
});

describe('deleting a company account', () => {
  test('leaves no row of the company anywhere and removes its stored files', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const client = await createClient(app);
    const bystander = await createClient(app, 'Bystander Co');
    const contactEmail = uniqueEmail('acme-contact');
    expect((await client.api.put('/company/profile-basics', basics)).status).toBe(200);
    const contact = {
      email: contactEmail,
      country: 'IN',
      address: '1 MG Road, Bengaluru',
      phoneCountryCode: '+91',
      phoneNumber: '98765 43210',
      socials: [{ platform: 'LinkedIn', url: 'https://www.linkedin.com/company/acme' }],
    };
    expect((await client.api.put('/company/contact', contact)).status).toBe(200);
    // A code to the company address: a code row, a mail and send counters for that address.
    expect((await client.api.post('/company/contact/email-code', { email: contactEmail })).status).toBe(200);
    await until(() => env.mailbox.mailTo(contactEmail).length > 0, 'the company email code');
    const logo = await client.api.upload(await jpegWithExif(120, 120));
    expect(logo.status, JSON.stringify(logo.body)).toBe(200);
    const logoId = fileIdFromUrl(logo.body.logoUrl) ?? '';
    expect((await client.api.put(NOTIFICATIONS, { mail: ALL_ON, version: 0 })).status).toBe(200);
    const company = await companyOf(app, client.id);
    const companyId = company?.id ?? '';
    await app.db.insert(companyVerificationEvents).values({
      companyId,
      actorUserId: client.id,
      method: 'instant',
      outcome: 'rejected',
      checks: { registry: 'format' },
    });
    const second = await app.signIn(client.email, client.password);
    const before = await rowsLeftFor(app, companyId, contactEmail);
    expect(Object.keys(before).length).toBeGreaterThan(4);

    const deleted = await client.api.post('/account/delete', { password: client.password });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);

    expect(await rowsLeftFor(app, client.id, client.email)).toEqual({});
    expect(await rowsLeftFor(app, companyId, contactEmail)).toEqual({});
    expect(await app.db.select({ id: files.id }).from(files).where(eq(files.id, logoId))).toHaveLength(0);
    const storage = createDbFileStorage(app.db);
    expect(await storage.get(logoId)).toBeNull();
    expect(await storage.blobs.get(logoId)).toBeNull();
    expect(
      (await request(app.baseUrl, 'GET', `/api/files/${logoId}`, { headers: { authorization: `Bearer ${bystander.accessToken}` } })).status,
    ).toBe(404);
    // Every session ended.
    expect((await app.refresh(second.refreshCookie)).status).toBe(401);
    // The other company is untouched.
    expect((await bystander.api.get('/company/profile-basics')).status).toBe(200);
    expect(Object.keys(await rowsLeftFor(app, bystander.id, bystander.email)).length).toBeGreaterThan(0);
  });

  test('a company with submitted documents leaves no submission, event or document file behind', async () => {
    const app = withMailbox(await env.start({ config: { clientAccounts: true } }), env.mailbox);
    const company = await readyCompany(app);
    const submitted = await submitDocuments(app, company.api.token, {});
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const companyId = (await companyOf(app, company.userId))?.id ?? '';
    const documents = await app.db.select({ id: files.id }).from(files).where(eq(files.ownerId, company.userId));
    expect(documents.length).toBeGreaterThan(0);
    const deleted = await company.api.post('/account/delete', { password: PASSWORD });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await rowsLeftFor(app, company.userId, company.accountEmail)).toEqual({});
    expect(await rowsLeftFor(app, companyId, company.email)).toEqual({});
    const storage = createDbFileStorage(app.db);
    for (const f of documents) expect(await storage.get(f.id)).toBeNull();
  });

  test('every table that points at a user or a company is emptied with it (cascade) or forgets it (set null)', async () => {
    const app = await env.start();
    const result = await app.db.execute(
      sql`SELECT conrelid::regclass::text AS tbl, confrelid::regclass::text AS ref, confdeltype AS rule
          FROM pg_constraint WHERE contype = 'f' AND confrelid IN ('users'::regclass, 'companies'::regclass)`,
    );
    const keys = (result as unknown as { rows: Array<{ tbl: string; ref: string; rule: string }> }).rows;
    expect(keys.some((k) => k.ref === 'companies')).toBe(true);
    expect(keys.filter((k) => k.rule !== 'c' && k.rule !== 'n')).toEqual([]);
  });
});
