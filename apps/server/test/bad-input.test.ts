import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import multipartPlugin from '@fastify/multipart';
import type { Endpoint } from '@talentloop/contract';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, onTestFinished, test } from 'vitest';
import { errSerializer, registerErrorHandler } from '../src/http/error-handler.ts';
import { type ApiResponse, PASSWORD, type TestApp, expectFailure, request, uniqueEmail, useApi } from './helpers.ts';

const env = useApi();

const json = { 'content-type': 'application/json' };
const BOUNDARY = 'tl-test-boundary';
const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;

function multipart(parts: Array<{ name: string; value: string; filename?: string; type?: string }>): string {
  const body = parts.map(
    (p) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}\r\n${
        p.type ? `Content-Type: ${p.type}\r\n` : ''
      }\r\n${p.value}\r\n`,
  );
  return `${body.join('')}--${BOUNDARY}--\r\n`;
}

const basics = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Asha',
  lastName: 'Rao',
  description: 'I design and build accessible web apps.',
  countryCode: 'IN',
  dialingCode: '+91',
  mobileNo: `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
  occupation: 'Web Developer',
  minHourlyRate: 0,
  maxHourlyRate: '30',
  experienceLevel: 'mid-exp',
  skills: [{ skillName: 'React', experienceLevel: 3 }],
  languages: [{ languageCode: 'EN', proficiency: 'Fluent' }],
  ...overrides,
});

type Case = { name: string; send: (app: TestApp, token: string) => Promise<ApiResponse>; status: number; code: string };

const raw = (method: string, url: string, body: string | undefined, headers: Record<string, string>) => (app: TestApp) =>
  request(app.baseUrl, method, url, { body, headers });
const withToken =
  (method: string, url: string, body: string | undefined, headers: Record<string, string> = {}) =>
  (app: TestApp, token: string) =>
    request(app.baseUrl, method, url, { body, headers: { ...headers, authorization: `Bearer ${token}` } });

// Each of these answered 500 before (the NUL reached PostgreSQL, which cannot store it in text or jsonb).
const CASES: Case[] = [
  {
    name: 'NUL in a skill search',
    send: withToken('GET', '/api/search/skill?query=Re%00act', undefined),
    status: 400,
    code: 'TL_CORE_00400_E',
  },
  {
    name: 'NUL in an occupation search',
    send: withToken('GET', '/api/search/occupation?query=Dev%00', undefined),
    status: 400,
    code: 'TL_CORE_00400_E',
  },
  {
    name: 'NUL in a partner request',
    send: raw(
      'POST',
      '/api/company-user/company-partnership',
      JSON.stringify({ companyName: 'Acme\u0000 Ltd', companyEmail: 'hire@acme.test' }),
      json,
    ),
    status: 400,
    code: 'TL_CORE_00400_E',
  },
  {
    name: 'NUL in a sign-up password',
    send: raw(
      'POST',
      '/api/user/register',
      JSON.stringify({
        firstName: 'Ada',
        lastName: 'Lovelace',
        emailId: uniqueEmail('nul'),
        password: `${PASSWORD}\u0000`,
        userType: 'freelancer',
      }),
      json,
    ),
    status: 400,
    code: 'TL_CORE_00400_E',
  },
  {
    name: 'NUL in an education entry',
    send: withToken(
      'POST',
      '/api/freelancer/education-work',
      JSON.stringify({ educationDetails: [{ degree: 'Bachelor\u0000', college: 'IIT', yearOfPassed: 2019 }], workExperience: [] }),
      json,
    ),
    status: 400,
    code: 'TL_CORE_00400_E',
  },
  {
    name: 'NUL in a key of a JSON body',
    send: raw('POST', '/api/auth/login', JSON.stringify({ email: 'a@b.test', password: 'x', 'bad\u0000key': 1 }), json),
    status: 400,
    code: 'TL_CORE_00400_E',
  },
  {
    name: 'NUL inside multipart profileData',
    send: withToken(
      'POST',
      '/api/freelancer/onboarding-profile',
      multipart([{ name: 'profileData', value: JSON.stringify(basics({ description: 'I build\u0000 apps' })) }]),
      {
        'content-type': multipartType,
      },
    ),
    status: 400,
    code: 'TL_CORE_00400_E',
  },
];

describe('bad input answers 4xx with the envelope', () => {
  test.each(CASES)('$name', async ({ send, status, code }) => {
    const app = await env.start();
    const token = (await app.createUser()).accessToken;
    expectFailure(await send(app, token), status, code);
  });

  test('a value the database refuses (a data exception) answers 400, not 500', async () => {
    const app = await env.start();
    // Dropped when the test ends, so the file leaves its database in the template state and the next
    // file reuses it (support/database.ts) rather than opening a fresh PGlite copy.
    onTestFinished(async () => {
      await env.database.db.execute(sql.raw('DROP TRIGGER IF EXISTS tl_test_refuse_value ON partner_requests'));
      await env.database.db.execute(sql.raw('DROP FUNCTION IF EXISTS tl_test_refuse_value()'));
    });
    // Makes PostgreSQL raise a data exception (invalid_text_representation) for one marked name.
    await app.db.execute(
      sql.raw(`
      CREATE OR REPLACE FUNCTION tl_test_refuse_value() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.company_name = 'Forced Data Error Ltd' THEN RAISE EXCEPTION 'refused' USING ERRCODE = '22P02'; END IF;
        RETURN NEW;
      END $$`),
    );
    await app.db.execute(
      sql.raw(
        `CREATE OR REPLACE TRIGGER tl_test_refuse_value BEFORE INSERT ON partner_requests FOR EACH ROW EXECUTE FUNCTION tl_test_refuse_value()`,
      ),
    );
    const email = uniqueEmail('hire');
    const res = await app.post('/api/company-user/company-partnership', { companyName: 'Forced Data Error Ltd', companyEmail: email });
    expectFailure(res, 400, 'TL_CORE_00400_E');
    const line = app.logs.lines.find((l) => l.includes('database refused a value'));
    expect(line).toBeDefined();
    expect(JSON.parse(line ?? '{}')).toMatchObject({ error: { sqlState: '22P02' }, route: '/api/company-user/company-partnership' });
    expect(app.logs.text()).not.toContain(email);
  });
});

describe('malformed multipart bodies answer 400', () => {
  // A bare app with only the error handler and the multipart parser: whatever route reads the parts.
  async function partsApp() {
    const app = Fastify();
    registerErrorHandler(app);
    await app.register(multipartPlugin, { limits: { files: 2, fields: 4, parts: 6 } });
    app.post('/parts', async (req) => {
      const names: string[] = [];
      for await (const part of req.parts()) {
        names.push(part.fieldname);
        if (part.type === 'file') await part.toBuffer();
      }
      return { names };
    });
    return app;
  }
  const good = multipart([{ name: 'profileData', value: '{}' }]);
  const table: Array<{ name: string; body: string; type: string; status: number; code: string }> = [
    { name: 'a well-formed body', body: good, type: multipartType, status: 200, code: '' },
    { name: 'no boundary in the content type', body: good, type: 'multipart/form-data', status: 400, code: 'TL_CORE_00400_E' },
    {
      name: 'another boundary than the body uses',
      body: good,
      type: 'multipart/form-data; boundary=other',
      status: 400,
      code: 'TL_CORE_00400_E',
    },
    { name: 'a body cut off in a part', body: good.slice(0, 60), type: multipartType, status: 400, code: 'TL_CORE_00400_E' },
    { name: 'garbage', body: 'garbage garbage', type: multipartType, status: 400, code: 'TL_CORE_00400_E' },
    {
      name: 'a file part cut off',
      body: multipart([{ name: 'profilePhoto', value: 'x'.repeat(200), filename: 'a.png', type: 'image/png' }]).slice(0, 150),
      type: multipartType,
      status: 400,
      code: 'TL_CORE_00400_E',
    },
    {
      name: 'too many parts',
      body: multipart(Array.from({ length: 12 }, (_, i) => ({ name: `f${i}`, value: 'x' }))),
      type: multipartType,
      status: 413,
      code: 'TL_CORE_00413_E',
    },
    {
      name: 'a JSON field whose declared JSON is not valid',
      body: multipart([{ name: 'profileData', value: '{', type: 'application/json' }]),
      type: multipartType,
      status: 400,
      code: 'TL_CORE_00400_E',
    },
  ];
  test.each(table)('$name', async ({ body, type, status, code }) => {
    const app = await partsApp();
    try {
      const res = await app.inject({ method: 'POST', url: '/parts', payload: body, headers: { 'content-type': type } });
      expect(res.statusCode).toBe(status);
      if (code) expect(res.json()).toMatchObject({ status: 'failure', responseCode: code });
    } finally {
      await app.close();
    }
  });
});

describe('every endpoint, fuzzed a little', () => {
  const apiFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../packages/contract/src/api');
  async function endpoints(): Promise<Endpoint[]> {
    const found = new Set<Endpoint>();
    for (const file of fs.readdirSync(apiFolder).sort()) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const mod = (await import(path.join(apiFolder, file))) as Record<string, unknown>;
      for (const value of Object.values(mod)) {
        if (value && typeof value === 'object' && 'method' in value && 'path' in value && 'response' in value) found.add(value as Endpoint);
      }
    }
    return [...found];
  }
  const BODIES: Array<[string, string, string]> = [
    ['a JSON array', '[]', 'application/json'],
    ['JSON null', 'null', 'application/json'],
    ['a JSON string', '"x"', 'application/json'],
    ['NUL in strings', '{"email":"a\\u0000@b.test","text":"\\u0000","profileData":"\\u0000"}', 'application/json'],
    ['broken JSON', '{"a":', 'application/json'],
    ['text', 'hello', 'text/plain'],
    ['XML', '<a/>', 'application/xml'],
    ['multipart garbage', 'garbage', multipartType],
    ['multipart without boundary', `--${BOUNDARY}\r\n`, 'multipart/form-data'],
    ['truncated multipart', `--${BOUNDARY}\r\nContent-Disposition: form-data; name="profileData"\r\n\r\n{"a":`, multipartType],
    [
      'profileData as a file',
      multipart([{ name: 'profileData', value: '{}', filename: 'a.json', type: 'application/json' }]),
      multipartType,
    ],
    ['profileData not an object', multipart([{ name: 'profileData', value: '[1]' }]), multipartType],
    [
      'NUL in profileData',
      multipart([{ name: 'profileData', value: '{"portfolioDetails":[{"projectName":"a\\u0000"}],"firstName":"\\u0000"}' }]),
      multipartType,
    ],
  ];
  const QUERIES = ['?query=%00', '?query[a]=1', '?query=a&query=b', '?occupation=%00&experienceLevel=%00', `?query=${'a'.repeat(3000)}`];

  test('no malformed body or query makes any endpoint answer 5xx', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const token = (await app.createUser()).accessToken;
    const failures: string[] = [];
    const all = await endpoints();
    expect(all.length).toBeGreaterThan(20);
    for (const endpoint of all) {
      // Destructive calls are left out: the fuzzing account must survive the run.
      if (endpoint.method !== 'GET' && /delete/i.test(endpoint.path)) continue;
      const url = `/api${endpoint.path.replace(/:[A-Za-z]+|\{[A-Za-z]+\}/g, () => crypto.randomUUID())}`;
      const headers = { authorization: `Bearer ${token}` };
      const sends =
        endpoint.method === 'GET'
          ? QUERIES.map((q) => [q, () => request(app.baseUrl, 'GET', `${url}${q}`, { headers })] as const)
          : BODIES.map(
              ([name, body, type]) =>
                [name, () => request(app.baseUrl, endpoint.method, url, { body, headers: { ...headers, 'content-type': type } })] as const,
            );
      for (const [what, send] of sends) {
        const res = await send();
        if (res.status >= 500)
          failures.push(`${endpoint.method} ${endpoint.path} ${what.slice(0, 40)}: ${res.status} ${JSON.stringify(res.body)}`);
        else if (res.status >= 400 && res.body?.status !== 'failure')
          failures.push(`${endpoint.method} ${endpoint.path} ${what.slice(0, 40)}: no envelope`);
      }
    }
    expect(failures).toEqual([]);
    // About 750 requests one after another: an upper bound for a loaded 2-core machine, not a timing.
  }, 180_000);
});

describe('error logs', () => {
  test('a database error is logged with its SQL state and route, never the query parameters', async () => {
    const app = await env.start();
    // Dropped when the test ends (as the data exception's trigger above).
    onTestFinished(async () => {
      for (const table of ['otp_codes', 'users'])
        await env.database.db.execute(sql.raw(`DROP TRIGGER IF EXISTS tl_test_fail_insert ON ${table}`));
      await env.database.db.execute(sql.raw('DROP FUNCTION IF EXISTS tl_test_fail_insert()'));
    });
    // Makes PostgreSQL fail the insert of a code for marked addresses (raise_exception, P0001).
    await app.db.execute(
      sql.raw(`
      CREATE OR REPLACE FUNCTION tl_test_fail_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.email LIKE 'forced-%' THEN RAISE EXCEPTION 'forced failure'; END IF;
        RETURN NEW;
      END $$`),
    );
    await app.db.execute(
      sql.raw(
        `CREATE OR REPLACE TRIGGER tl_test_fail_insert BEFORE INSERT ON otp_codes FOR EACH ROW EXECUTE FUNCTION tl_test_fail_insert()`,
      ),
    );
    await app.db.execute(
      sql.raw(`CREATE OR REPLACE TRIGGER tl_test_fail_insert BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION tl_test_fail_insert()`),
    );

    const email = uniqueEmail('forced');
    const res = await app.post('/api/user/register', {
      firstName: 'Zebulon',
      lastName: 'Quixotic',
      emailId: email,
      password: PASSWORD,
      userType: 'freelancer',
    });
    expectFailure(res, 500, 'TL_CORE_00500_E');

    const line = app.logs.lines.find((l) => l.includes('request failed'));
    expect(line, app.logs.text()).toBeDefined();
    expect(JSON.parse(line ?? '{}')).toMatchObject({
      level: 50,
      error: { type: 'DatabaseError', sqlState: 'P0001' },
      route: '/api/user/register',
      method: 'POST',
    });
    const text = app.logs.text();
    for (const secret of [email, 'Zebulon', 'Quixotic', PASSWORD, '$argon2id$', 'Failed query', 'params:']) {
      expect(text.includes(secret), `${secret} leaked into the log`).toBe(false);
    }
  });

  test('the logger serializer drops the query and parameters of a database error wherever it is logged', async () => {
    const app = await env.start();
    const secret = `secret-${crypto.randomUUID()}`;
    const err = await app.db.execute(sql`SELECT ${secret}::int AS n`).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(err).not.toBeNull();
    expect(String(err?.message)).toContain(secret); // what the driver says, which must not reach a log
    const logged = JSON.stringify(errSerializer(err as Error));
    expect(logged).not.toContain(secret);
    expect(JSON.parse(logged)).toMatchObject({ type: 'DatabaseError', sqlState: '22P02' });
    // Other errors keep their message and stack.
    expect(errSerializer(new TypeError('boom'))).toMatchObject({ type: 'TypeError', message: 'boom' });
  });
});
