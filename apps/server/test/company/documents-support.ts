import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { setOperator } from '../../src/cli/operator.ts';
import { createCompanyService } from '../../src/features/company/service.ts';
import { companies, companyVerificationEvents, companyVerificationSubmissions, files } from '../../src/infra/db/schema.ts';
import { type ApiResponse, type TestApp, findUser, request, uniqueEmail, until, verifiedAccount } from '../helpers.ts';

// Shared by the manual verification and operator review tests: a client whose company has basics
// (and, unless told otherwise, a verified company email), multipart submissions, and operators.

export function companyApi(app: TestApp, token: string) {
  const call = (method: string, path: string, json?: unknown) =>
    request(app.baseUrl, method, `/api${path}`, { json, headers: { authorization: `Bearer ${token}` } });
  return {
    token,
    get: (path: string) => call('GET', path),
    put: (path: string, json: unknown) => call('PUT', path, json),
    post: (path: string, json?: unknown) => call('POST', path, json),
  };
}
export type CompanyApi = ReturnType<typeof companyApi>;

async function companyCode(app: TestApp, email: string): Promise<string> {
  return until(
    () => {
      for (const mail of mailboxOf(app).mailTo(email).reverse()) {
        const match = /Use this code to verify your company email: (\d{5})/.exec(mail.decoded);
        if (match?.[1]) return match[1];
      }
      return undefined;
    },
    `a company email code for ${email}`,
    20_000,
  );
}

type MailboxLike = { mailTo: (email: string) => Array<{ decoded: string }> };
const mailboxes = new WeakMap<TestApp, MailboxLike>();
/** Registers the mailbox an app sends to (useApi's env.mailbox). */
export function withMailbox(app: TestApp, mailbox: MailboxLike): TestApp {
  mailboxes.set(app, mailbox);
  return app;
}
function mailboxOf(app: TestApp): MailboxLike {
  const m = mailboxes.get(app);
  if (!m) throw new Error('call withMailbox(app, env.mailbox) first');
  return m;
}

/** Verifies `email` as the company email through the real code flow. */
export async function verifyCompanyEmail(app: TestApp, api: CompanyApi, email: string) {
  expect((await api.post('/company/contact/email-code', { email })).status).toBe(200);
  const verified = await api.post('/company/contact/verify-email', { email, otp: await companyCode(app, email) });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
}

/**
 * `email` proven as the company email for a set-up whose subject is not that proof: what a consumed
 * code does (the company feature's own `markEmailVerified`, in a transaction), without the code and
 * its mail, which cost a mail round trip per company (the code flow is company.test.ts's and
 * settings.test.ts's subject, through `verifyCompanyEmail`).
 */
export async function markCompanyEmailVerified(app: TestApp, userId: string, email: string) {
  const service = createCompanyService({ db: app.db, clock: app.clock, storage: undefined as never });
  await app.db.transaction((tx) => service.markEmailVerified(tx, userId, email));
}

export const contactBody = (email: string, version: number) => ({
  email,
  country: 'US',
  address: '1 Main Street, Springfield',
  phoneCountryCode: '+1',
  phoneNumber: '201 555 0123',
  socials: [],
  version,
});

export const basicsBody = (name: string, website: string, version: number) => ({
  companyName: name,
  industry: 'Information Technology',
  companySize: 'small-business',
  country: 'US',
  aboutCompany: 'We build tools for hiring teams.',
  websiteUrl: website,
  version,
});

/**
 * A fresh valid US EIN (a campus prefix and seven random digits): one registration number belongs
 * to one verified company, so each company a test verifies needs its own.
 */
export const uniqueEin = () => `04-${String(crypto.randomInt(10_000_000)).padStart(7, '0')}`;

/** A fresh domain named after the company (`acme-labs-1a2b3c4d.com`), so the name resembles it. */
export const domainFor = (name: string) =>
  `${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}-${crypto.randomUUID().slice(0, 8)}.com`;

/** A client whose company has basics (website https://www.<domain>), contact and, unless `verify` is false, a verified email there. */
export async function readyCompany(app: TestApp, opts: { name?: string; verify?: boolean; domain?: string } = {}) {
  const name = opts.name ?? 'Acme Labs';
  const domain = opts.domain ?? domainFor(name);
  // A verified client account (its sign-up and code are the accounts' tests' subject, decision 292).
  const account = await verifiedAccount(app, { email: uniqueEmail('client'), userType: 'client', company: name });
  const session = account;
  const api = companyApi(app, session.accessToken);
  const website = `https://www.${domain}`;
  const email = `jane-${crypto.randomUUID().slice(0, 8)}@${domain}`;
  const basics = await api.put('/company/profile-basics', basicsBody(name, website, 0));
  expect(basics.status, JSON.stringify(basics.body)).toBe(200);
  const contact = await api.put('/company/contact', contactBody(email, 0));
  expect(contact.status, JSON.stringify(contact.body)).toBe(200);
  const user = await findUser(app.db, account.email);
  if (!user) throw new Error(`no user ${account.email}`);
  if (opts.verify !== false) await markCompanyEmailVerified(app, user.id, email);
  return { api, userId: user.id, accountEmail: account.email, email, domain, website, name };
}

export type Upload = { data: Buffer; name: string; type: string };

export const documentFields = (overrides: Record<string, string | undefined> = {}) => {
  const fields: Record<string, string | undefined> = {
    businessRegistrationNumber: '04-3544210',
    documentType: 'registration-certificate',
    country: 'US',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined));
};

/** POST /company/verification/documents as multipart. */
export async function submitDocuments(
  app: TestApp,
  token: string,
  body: { fields?: Record<string, string>; file?: Upload | null },
): Promise<ApiResponse> {
  const form = new FormData();
  for (const [k, v] of Object.entries(body.fields ?? documentFields())) form.set(k, v);
  const file = body.file === undefined ? PDF_UPLOAD : body.file;
  if (file) form.set('documentFile', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const res = await fetch(`${app.baseUrl}/api/company/verification/documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {}
  return { status: res.status, body: parsed, headers: res.headers, cookies: new Map() };
}

/** The first mail to `to` whose subject is `subject`, as the SMTP sink received it (waits for it). */
export function mailWithSubject(app: TestApp, to: string, subject: string): Promise<string> {
  return until(
    () =>
      mailboxOf(app)
        .mailTo(to)
        .find((m) => m.decoded.includes(`Subject: ${subject}`))?.decoded,
    `a mail "${subject}" to ${to}`,
    20_000,
  );
}

export const PDF_UPLOAD: Upload = {
  data: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'),
  name: 'certificate.pdf',
  type: 'application/pdf',
};

/** A signed-in operator: a verified account given the role the way the CLI gives it. */
export async function createOperator(app: TestApp) {
  // A verified account (decision 292), made an operator as the CLI makes one.
  const user = await verifiedAccount(app, { email: uniqueEmail('operator') });
  expect(await setOperator(app.db, user.email, true)).toBe('granted');
  return { ...user, api: companyApi(app, user.accessToken) };
}

/** The company's row, its events and submissions (by owner). */
export async function companyState(app: TestApp, userId: string) {
  const [row] = await app.db.select().from(companies).where(eq(companies.ownerUserId, userId));
  if (!row) return { status: undefined, events: [], submissions: [], files: [] };
  const events = await app.db.select().from(companyVerificationEvents).where(eq(companyVerificationEvents.companyId, row.id));
  const submissions = await app.db
    .select()
    .from(companyVerificationSubmissions)
    .where(eq(companyVerificationSubmissions.companyId, row.id));
  const stored = await app.db.select({ id: files.id, kind: files.kind, mime: files.mime }).from(files).where(eq(files.ownerId, userId));
  return {
    status: row.verificationStatus,
    events: events.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()),
    submissions,
    files: stored.filter((f) => f.kind === 'verification-document'),
  };
}
