import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { setOperator } from '../../src/cli/operator.ts';
import { companies, companySocials, files } from '../../src/infra/db/schema.ts';
import { type ApiResponse, type Json, type TestApp, expectFailure, findUser, request, uniqueEmail, until, useApi } from '../helpers.ts';
import { jpegWithExif } from '../onboarding/support.ts';

const env = useApi();

const basics = {
  companyName: 'Acme Labs',
  industry: 'Information Technology',
  companySize: 'small-business',
  country: 'IN',
  aboutCompany: 'We build tools for hiring teams.',
  websiteUrl: 'https://acme.example',
};
const contact = {
  email: 'hello@acme.example',
  country: 'IN',
  address: '1 MG Road, Bengaluru',
  phoneCountryCode: '+91',
  phoneNumber: '98765 43210',
  socials: [{ platform: 'LinkedIn', url: 'https://www.linkedin.com/company/acme' }],
};

/** A client account with the flag on: signed up as a company, verified, signed in by its code. */
async function createClient(app: TestApp, company = 'Acme Labs') {
  const account = await app.signUp(uniqueEmail('client'), { userType: 'client', company });
  const session = await app.verify(account.email);
  return { ...account, ...session, api: companyApi(app, session.accessToken) };
}

function companyApi(app: TestApp, token: string) {
  const call = (method: string, path: string, json?: unknown) =>
    request(app.baseUrl, method, `/api${path}`, { json, headers: { authorization: `Bearer ${token}` } });
  return {
    get: (path: string) => call('GET', path),
    put: (path: string, json: unknown) => call('PUT', path, json),
    post: (path: string, json?: unknown) => call('POST', path, json ?? {}),
    del: (path: string) => call('DELETE', path),
    async upload(data: Buffer, type = 'image/jpeg'): Promise<ApiResponse> {
      const form = new FormData();
      form.set('logo', new Blob([new Uint8Array(data)], { type }), 'logo.jpg');
      const res = await fetch(`${app.baseUrl}/api/company/logo`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const text = await res.text();
      let body: Json = text;
      try {
        body = JSON.parse(text);
      } catch {}
      return { status: res.status, body, headers: res.headers, cookies: new Map() };
    },
  };
}

/** The newest company-email code mailed to `email` after `seen` messages. */
function companyCode(email: string, seen = 0): Promise<string> {
  return until(
    () => {
      const mails = env.mailbox.mailTo(email).slice(seen);
      for (const mail of mails.reverse()) {
        const match = /Use this code to verify your company email: (\d{5})/.exec(mail.decoded);
        if (match?.[1]) return match[1];
      }
      return undefined;
    },
    `a company email code for ${email}`,
    20_000,
  );
}

async function companyRow(app: TestApp, email: string) {
  const user = await findUser(app.db, email);
  const [row] = await app.db
    .select()
    .from(companies)
    .where(eq(companies.ownerUserId, user?.id ?? ''));
  return row;
}

describe('company home', () => {
  test('a new company sees its sign-up name, empty completion and the welcome until it dismisses it, for good', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const client = await createClient(app, 'Globex Corp');
    const home = await client.api.get('/company/home');
    expect(home.status, JSON.stringify(home.body)).toBe(200);
    expect(home.body).toMatchObject({
      status: 'success',
      companyName: 'Globex Corp',
      showWelcome: true,
      verificationStatus: 'unverified',
      completion: { basics: 14, contact: 0, verification: 0, overall: 5 },
    });
    expect((await client.api.post('/company/home/welcome-seen')).status).toBe(200);
    expect((await client.api.get('/company/home')).body.showWelcome).toBe(false);
    // Remembered for the account, not the session: a new login still does not show it.
    const again = companyApi(app, (await app.signIn(client.email, client.password)).accessToken);
    expect((await again.get('/company/home')).body.showWelcome).toBe(false);
  });

  test('an operator’s company account is never shown the welcome (it would cover the console’s link)', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const client = await createClient(app, 'Operations Desk');
    expect(await setOperator(app.db, client.email, true)).toBe('granted');
    const session = companyApi(app, (await app.signIn(client.email, client.password)).accessToken);
    const home = await session.get('/company/home');
    expect(home.status, JSON.stringify(home.body)).toBe(200);
    expect(home.body.showWelcome).toBe(false);
  });
});

describe('company profile basics', () => {
  test('saves the basics with a version and answers the completion computed from saved data', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const client = await createClient(app);
    const loaded = await client.api.get('/company/profile-basics');
    expect(loaded.body).toMatchObject({ version: 0, basics: { companyName: 'Acme Labs', industry: null, logoUrl: null } });
    const saved = await client.api.put('/company/profile-basics', { ...basics, country: 'in', version: 0 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ version: 1, basics: { ...basics, logoUrl: null }, completion: { basics: 86 } });
    expect((await client.api.get('/company/profile-basics')).body).toMatchObject({ version: 1, basics: { country: 'IN' } });
  });

  test('a save from a stale version is refused with 409 and changes nothing', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const client = await createClient(app);
    expect((await client.api.put('/company/profile-basics', { ...basics, version: 0 })).status).toBe(200);
    const stale = await client.api.put('/company/profile-basics', { ...basics, companyName: 'Stale Name', version: 0 });
    expectFailure(stale, 409, 'TL_CORE_10110_E');
    const row = await companyRow(app, client.email);
    expect(row).toMatchObject({ name: 'Acme Labs', basicsVersion: 1 });
  });

  test('of two saves made from the same version exactly one wins', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const client = await createClient(app);
    const results = await Promise.all(
      ['First Name Co', 'Second Name Co'].map((companyName) =>
        client.api.put('/company/profile-basics', { ...basics, companyName, version: 0 }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200);
    expect(await companyRow(app, client.email)).toMatchObject({ name: winner?.body.basics.companyName, basicsVersion: 1 });
  });

  test('bad basics get the rule messages with 400 and change nothing', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const client = await createClient(app);
    await client.api.put('/company/profile-basics', { ...basics, version: 0 });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ aboutCompany: 'a'.repeat(201) }, 'aboutCompany: Bio must be under 200 characters'],
      [{ websiteUrl: '' }, 'websiteUrl: URL is required'],
      [{ websiteUrl: 'ftp://acme.example' }, 'websiteUrl: Enter a full web address starting with http:// or https://'],
      [{ companyName: '  ' }, 'companyName: Company name is required'],
      [{ industry: 'Piracy' }, 'industry: Please choose an industry from the list'],
      [{ companySize: '5000' }, 'companySize: Please choose a company size from the list'],
      [{ country: 'XX' }, 'country: Please choose a country from the list'],
    ];
    for (const [change, message] of cases) {
      const res = await client.api.put('/company/profile-basics', { ...basics, ...change, version: 1 });
      expectFailure(res, 400, 'TL_CORE_00400_E', message);
      expect(res.body.responseMessage).toBe(message);
    }
    expect(await companyRow(app, client.email)).toMatchObject({ name: 'Acme Labs', basicsVersion: 1, about: basics.aboutCompany });
  });

  test('the logo is sniffed, re-encoded and replaced; a non-image is refused; delete removes the file', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const client = await createClient(app);
    expectFailure(await client.api.upload(Buffer.from('%PDF-1.4 not an image')), 415, 'TL_CORE_10102_E');
    const first = await client.api.upload(await jpegWithExif(300, 200));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.logoUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    const served = await fetch(`${app.baseUrl}${first.body.logoUrl}`);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await served.arrayBuffer()).includes('secret-owner')).toBe(false);
    const second = await client.api.upload(await jpegWithExif(200, 200));
    expect((await fetch(`${app.baseUrl}${first.body.logoUrl}`)).status).toBe(404);
    const user = await findUser(app.db, client.email);
    const logos = await app.db
      .select({ id: files.id })
      .from(files)
      .where(eq(files.ownerId, user?.id ?? ''));
    expect(logos).toHaveLength(1);
    expect((await client.api.get('/company/profile-basics')).body.basics.logoUrl).toBe(second.body.logoUrl);
    const removed = await client.api.del('/company/logo');
    expect(removed.body).toMatchObject({ status: 'success', logoUrl: null });
    expect((await fetch(`${app.baseUrl}${second.body.logoUrl}`)).status).toBe(404);
    expectFailure(await client.api.del('/company/logo'), 404, 'TL_CORE_11002_E');
  });
});

describe('company contact', () => {
  test('saves contact with the phone as code space number and the socials in order; reload shows them', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const client = await createClient(app);
    const socials = [...contact.socials, { platform: 'GitHub', url: 'https://github.com/acme' }];
    const saved = await client.api.put('/company/contact', { ...contact, socials, version: 0 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.contact).toMatchObject({
      email: 'hello@acme.example',
      emailVerified: false,
      phone: '+91 9876543210',
      phoneCountryCode: '+91',
      phoneNumber: '9876543210',
      socials,
    });
    expect(saved.body.completion.contact).toBe(100);
    // Edit one link, remove the other: the list is replaced.
    const edited = [{ platform: 'LinkedIn', url: 'https://linkedin.com/company/acme-labs' }];
    const again = await client.api.put('/company/contact', { ...contact, socials: edited, version: 1 });
    expect(again.body).toMatchObject({ version: 2, contact: { socials: edited } });
    const row = await companyRow(app, client.email);
    expect(
      await app.db
        .select()
        .from(companySocials)
        .where(eq(companySocials.companyId, row?.id ?? '')),
    ).toHaveLength(1);
  });

  test('bad contact input gets a 400 with the rule message and changes nothing; a stale save gets 409', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const client = await createClient(app);
    await client.api.put('/company/contact', { ...contact, version: 0 });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ socials: [{ platform: 'LinkedIn', url: 'https://github.com/acme' }] }, 'socials.0.url: This is not a LinkedIn link'],
      [{ socials: [{ platform: 'LinkedIn', url: '' }] }, 'socials.0.url: URL is required'],
      [{ socials: [{ platform: 'Myspace', url: 'https://myspace.com/a' }] }, 'socials.0.platform: Please choose a platform from the list'],
      [{ phoneNumber: '12345' }, 'phoneNumber: Enter a valid phone number'],
      [{ phoneCountryCode: '+999' }, 'phoneCountryCode: Please choose a country code from the list'],
      [{ email: 'not-an-email' }, 'email: Enter a valid email address'],
      [{ address: '' }, 'address: Company address is required'],
    ];
    for (const [change, message] of cases) {
      const res = await client.api.put('/company/contact', { ...contact, ...change, version: 1 });
      expectFailure(res, 400, 'TL_CORE_00400_E', message);
      expect(res.body.responseMessage).toBe(message);
    }
    expectFailure(await client.api.put('/company/contact', { ...contact, address: 'Elsewhere 2', version: 0 }), 409, 'TL_CORE_10110_E');
    const row = await companyRow(app, client.email);
    expect(row).toMatchObject({ address: contact.address, phone: '+91 9876543210', contactVersion: 1 });
  });

  test('the Verify button mails a 5-digit code to the company email; a wrong code fails, the right one marks that address verified', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const client = await createClient(app);
    const email = uniqueEmail('company-inbox');
    await client.api.put('/company/contact', { ...contact, email, version: 0 });
    const sent = await client.api.post('/company/contact/email-code', { email });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const code = await companyCode(email);
    expect(code).toMatch(/^\d{5}$/);
    // A second send within 30 s is refused, as for sign-up codes.
    expectFailure(await client.api.post('/company/contact/email-code', { email }), 429, 'TL_CORE_01023_E');
    const wrong = String((Number(code) + 1) % 100_000).padStart(5, '0');
    expectFailure(await client.api.post('/company/contact/verify-email', { email, otp: wrong }), 400, 'TL_CORE_01015_E');
    expectFailure(await client.api.post('/company/contact/verify-email', { email, otp: '12' }), 400, 'TL_CORE_01013_E');
    expect((await client.api.get('/company/contact')).body.contact.emailVerified).toBe(false);
    const ok = await client.api.post('/company/contact/verify-email', { email, otp: code });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ status: 'success', verifiedEmail: email });
    expect((await client.api.get('/company/contact')).body.contact).toMatchObject({ email, verifiedEmail: email, emailVerified: true });
    // The code is spent.
    expectFailure(await client.api.post('/company/contact/verify-email', { email, otp: code }), 400, 'TL_CORE_01019_E');
    // Changing the contact email to another address: that one is not verified.
    const changed = await client.api.put('/company/contact', { ...contact, email: uniqueEmail('other'), version: 1 });
    expect(changed.body.contact.emailVerified).toBe(false);
  });
});

describe('company access', () => {
  test('a freelancer gets 403 on every company endpoint and a client 403 on freelancer endpoints', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const freelancer = await app.createUser();
    const asFreelancer = companyApi(app, freelancer.accessToken);
    expectFailure(await asFreelancer.get('/company/home'), 403, 'TL_CORE_00403_E');
    expectFailure(await asFreelancer.put('/company/profile-basics', { ...basics, version: 0 }), 403, 'TL_CORE_00403_E');
    expectFailure(await asFreelancer.post('/company/contact/email-code', { email: 'x@acme.example' }), 403, 'TL_CORE_00403_E');
    const client = await createClient(app);
    expectFailure(await client.api.get('/freelancer-settings/profile-details'), 403, 'TL_CORE_00403_E');
    expect(await companyRow(app, freelancer.email)).toBeUndefined();
  });

  test("one company's saves and codes never touch another company's data", async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const a = await createClient(app, 'Alpha Works');
    const b = await createClient(app, 'Beta Works');
    await a.api.put('/company/profile-basics', { ...basics, companyName: 'Alpha Works', version: 0 });
    await a.api.put('/company/contact', { ...contact, version: 0 });
    await b.api.put('/company/profile-basics', { ...basics, companyName: 'Beta Works', version: 0 });
    await b.api.put('/company/contact', { ...contact, address: 'Beta street 9', socials: [], version: 0 });
    expect(await companyRow(app, a.email)).toMatchObject({ name: 'Alpha Works', address: contact.address });
    expect((await a.api.get('/company/contact')).body.contact.socials).toHaveLength(1);
    // A code A asked for cannot verify the address for B.
    const email = uniqueEmail('shared-inbox');
    await a.api.post('/company/contact/email-code', { email });
    const code = await companyCode(email);
    expectFailure(await b.api.post('/company/contact/verify-email', { email, otp: code }), 400, 'TL_CORE_01019_E');
    expect((await companyRow(app, b.email))?.verifiedEmail).toBeNull();
    expect((await a.api.post('/company/contact/verify-email', { email, otp: code })).status).toBe(200);
    expect((await companyRow(app, b.email))?.verifiedEmail).toBeNull();
  });

  test('deleting a company account leaves no company row, social link or logo file', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const client = await createClient(app);
    await client.api.put('/company/contact', { ...contact, version: 0 });
    await client.api.upload(await jpegWithExif(120, 120));
    const row = await companyRow(app, client.email);
    const user = await findUser(app.db, client.email);
    const deleted = await client.api.post('/account/delete', { password: client.password });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(
      await app.db
        .select()
        .from(companies)
        .where(eq(companies.id, row?.id ?? '')),
    ).toHaveLength(0);
    expect(
      await app.db
        .select()
        .from(companySocials)
        .where(eq(companySocials.companyId, row?.id ?? '')),
    ).toHaveLength(0);
    expect(
      await app.db
        .select()
        .from(files)
        .where(eq(files.ownerId, user?.id ?? '')),
    ).toHaveLength(0);
  });
});
