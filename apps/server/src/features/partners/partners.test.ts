import crypto from 'node:crypto';
import { ERRORS, PARTNER_MESSAGES } from '@talentloop/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { expectFailure, outboxFor, until, useApi } from '../../../test/helpers.ts';
import type { Db } from '../../infra/db/client.ts';
import { partnerRequests } from '../../infra/db/schema.ts';

const env = useApi();
const PATH = '/api/company-user/company-partnership';

/** A company nobody else in this file uses. */
function company(label = 'Acme') {
  const id = crypto.randomUUID().slice(0, 8);
  return { companyName: `${label} ${id}`, companyEmail: `hiring-${id}@company.test` };
}

async function requestsFor(db: Db, companyEmail: string) {
  return db.select().from(partnerRequests).where(eq(partnerRequests.companyEmail, companyEmail.toLowerCase()));
}

describe('POST /api/company-user/company-partnership', () => {
  test('a company asks to hire: the request is stored and answered with status and responseMessage', async () => {
    const app = await env.start();
    const body = company();
    const res = await app.post(PATH, body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', responseCode: 'TL_CORE_00200_S', responseMessage: PARTNER_MESSAGES.received });
    const rows = await requestsFor(app.db, body.companyEmail);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ companyName: body.companyName, companyEmail: body.companyEmail, createdAt: expect.any(Date) });
  });

  test('the name is stored trimmed with single spaces and the email trimmed and lower-cased; unknown fields are ignored', async () => {
    const app = await env.start();
    const { companyName, companyEmail } = company('Blue   Harbor');
    const res = await app.post(PATH, { companyName: `  ${companyName} `, companyEmail: ` ${companyEmail.toUpperCase()} `, admin: true });
    expect(res.status).toBe(200);
    const [row] = await requestsFor(app.db, companyEmail);
    expect(row?.companyName).toBe(companyName.replace(/\s+/g, ' '));
    expect(row?.companyEmail).toBe(companyEmail);
  });

  const invalid: Array<[string, (c: ReturnType<typeof company>) => unknown, number, string]> = [
    ['no company name', (c) => ({ companyEmail: c.companyEmail }), 400, 'TL_CORE_01005_E'],
    ['a blank company name', (c) => ({ companyName: '   ', companyEmail: c.companyEmail }), 400, 'TL_CORE_01005_E'],
    ['a company name that is not text', (c) => ({ companyName: 42, companyEmail: c.companyEmail }), 400, 'TL_CORE_01005_E'],
    ['a company name over 100 characters', (c) => ({ companyName: 'A'.repeat(101), companyEmail: c.companyEmail }), 400, 'TL_CORE_00400_E'],
    [
      'a company name with a line break',
      (c) => ({ companyName: 'Acme\r\nBcc: x@y.test', companyEmail: c.companyEmail }),
      400,
      'TL_CORE_00400_E',
    ],
    ['no company email', (c) => ({ companyName: c.companyName }), 400, 'TL_CORE_01001_E'],
    ['a blank company email', (c) => ({ companyName: c.companyName, companyEmail: ' ' }), 400, 'TL_CORE_01001_E'],
    ['an email without a domain', (c) => ({ companyName: c.companyName, companyEmail: 'hiring@' }), 400, 'TL_CORE_01007_E'],
    ['an email with spaces', (c) => ({ companyName: c.companyName, companyEmail: 'hr team@acme.test' }), 400, 'TL_CORE_01007_E'],
    [
      'an email over 254 characters',
      (c) => ({ companyName: c.companyName, companyEmail: `${'a'.repeat(250)}@acme.test` }),
      400,
      'TL_CORE_01007_E',
    ],
    ['a body that is not an object', () => ['Acme', 'hr@acme.test'], 400, 'TL_CORE_00400_E'],
  ];
  test.each(invalid)('%s is refused with its code and nothing is stored', async (_name, makeBody, status, code) => {
    const app = await env.start();
    const c = company();
    const res = await app.post(PATH, makeBody(c));
    expectFailure(res, status, code);
    expect(res.body.responseMessage).toBe(ERRORS[code as keyof typeof ERRORS].message);
    expect(await requestsFor(app.db, c.companyEmail)).toHaveLength(0);
  });

  test('an empty body and a JSON body sent as text/plain are refused', async () => {
    const app = await env.start();
    const c = company();
    expectFailure(await app.post(PATH, undefined, { headers: { 'content-type': 'application/json' }, body: '' }), 400, 'TL_CORE_00400_E');
    expectFailure(
      await app.post(PATH, undefined, { headers: { 'content-type': 'text/plain' }, body: JSON.stringify(c) }),
      400,
      'TL_CORE_00400_E',
    );
    expect(await requestsFor(app.db, c.companyEmail)).toHaveLength(0);
  });

  test('the exact same request again is refused politely with 01200 and stored once', async () => {
    const app = await env.start();
    const body = company();
    expect((await app.post(PATH, body)).status).toBe(200);
    const again = await app.post(PATH, { companyName: body.companyName.toUpperCase(), companyEmail: body.companyEmail.toUpperCase() });
    expectFailure(again, 409, 'TL_CORE_01200_E');
    expect(again.body.responseMessage).toBe(ERRORS.TL_CORE_01200_E.message);
    expect(await requestsFor(app.db, body.companyEmail)).toHaveLength(1);
  });

  test('two identical requests at once store one row: one succeeds, the other is refused', async () => {
    const app = await env.start();
    const body = company();
    const results = await Promise.all([app.post(PATH, body), app.post(PATH, body)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await requestsFor(app.db, body.companyEmail)).toHaveLength(1);
  });

  test('another company with the same email, or the same company with another email, is a new request', async () => {
    const app = await env.start();
    const body = company();
    expect((await app.post(PATH, body)).status).toBe(200);
    expect((await app.post(PATH, { ...body, companyName: `${body.companyName} Labs` })).status).toBe(200);
    expect((await app.post(PATH, { ...body, companyEmail: `other-${body.companyEmail}` })).status).toBe(200);
  });

  test('each IP is rate limited per minute; another IP is not affected and the window passes', async () => {
    const app = await env.start({ config: { rateLimitPerMinute: 3, trustProxy: true } });
    const ip = `203.0.113.${crypto.randomInt(1, 250)}`;
    const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
    for (let i = 0; i < 3; i++) expect((await app.post(PATH, company(), from(ip))).status).toBe(200);
    const limited = company();
    expectFailure(await app.post(PATH, limited, from(ip)), 429, 'TL_CORE_00429_E');
    expect(await requestsFor(app.db, limited.companyEmail)).toHaveLength(0);
    expect((await app.post(PATH, company(), from('198.51.100.7'))).status).toBe(200);
    app.clock.advance(61_000);
    expect((await app.post(PATH, limited, from(ip))).status).toBe(200);
  });

  test('with OPS_EMAIL set the operators get a mail naming the company, received over SMTP', async () => {
    const ops = `ops-${crypto.randomUUID().slice(0, 8)}@talentloop.test`;
    const app = await env.start({ config: { opsEmail: ops } });
    const body = company('Northwind');
    expect((await app.post(PATH, body)).status).toBe(200);
    const mail = await until(() => env.mailbox.mailTo(ops)[0], `the partner mail to ${ops}`);
    expect(mail.decoded).toContain(`Subject: New partnership request: ${body.companyName}`);
    expect(mail.decoded).toContain(`Email: ${body.companyEmail}`);
    // A refused repeat queues nothing: the mail is written in the request's transaction.
    expectFailure(await app.post(PATH, body), 409, 'TL_CORE_01200_E');
    expect(await outboxFor(app.db, ops)).toHaveLength(1);
  });

  test('without OPS_EMAIL the request is stored and no mail is queued', async () => {
    const app = await env.start({ config: { opsEmail: undefined } });
    const body = company();
    expect((await app.post(PATH, body)).status).toBe(200);
    expect(await requestsFor(app.db, body.companyEmail)).toHaveLength(1);
    expect(await outboxFor(app.db, body.companyEmail)).toHaveLength(0);
  });
});
