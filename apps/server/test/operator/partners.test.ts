import crypto from 'node:crypto';
import {
  PARTNER_CONSOLE_MESSAGES,
  PARTNER_NOTE_MAX,
  PARTNER_REQUESTS_PAGE_SIZE,
  companyPartnership,
  exportPartnerRequests,
  listPartnerRequests,
  updatePartnerRequest,
} from '@talentloop/contract/api/partners';
import { PROFILE_MESSAGES } from '@talentloop/contract/validation/profile-messages';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, onTestFinished, test } from 'vitest';
import { auditLog, partnerRequests } from '../../src/infra/db/schema.ts';
import { type TestApp, call, expectFailure, expectOk, findUser, invalid, okBody, request, useApi } from '../helpers.ts';
import { createOperator, reviewedFreelancer, startLoopApp, verifiedCompany } from '../talent/loop-support.ts';

// The operators' partner requests (issue 21): the list (newest first, by status, 50 a page), a
// status and a note per request saved from the version seen (an older one is 409), the CSV export
// (formula cells defused), one audit entry per change, and operators only.

const env = useApi();

/** The message of a failure answer. */
const messageOf = (res: { body: unknown }) => String((res.body as { responseMessage?: string }).responseMessage);

const unique = () => crypto.randomUUID().slice(0, 8);

/** A request as the landing page's form sends it. */
async function partnerRequest(app: TestApp, companyName = `Acme ${unique()}`) {
  const companyEmail = `hire-${unique()}@company.test`;
  expectOk(await call(app, companyPartnership, { body: { companyName, companyEmail } }));
  const [row] = await app.db.select().from(partnerRequests).where(eq(partnerRequests.companyEmail, companyEmail));
  if (!row) throw new Error('no partner request stored');
  return row;
}

/** Requests stored directly, received at `start` plus one second each (the list's newest are these). */
async function insertRequests(app: TestApp, n: number, start: Date) {
  const tag = unique();
  const rows = Array.from({ length: n }, (_, i) => ({
    companyName: `Bulk ${tag} ${i}`,
    companyEmail: `bulk-${tag}-${i}@company.test`,
    createdAt: new Date(start.getTime() + i * 1000),
  }));
  const inserted = await app.db.insert(partnerRequests).values(rows).returning();
  // They would sit above every other test's requests: gone when the test ends.
  onTestFinished(async () => {
    await app.db.delete(partnerRequests).where(like(partnerRequests.companyName, `Bulk ${tag} %`));
  });
  return inserted;
}

async function auditRowsFor(app: TestApp, requestId: string) {
  return app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'partner_request'), eq(auditLog.targetId, requestId)));
}

async function operator(app: TestApp) {
  const op = await createOperator(app);
  const row = await findUser(app.db, op.email);
  return { ...op, id: row?.id ?? '' };
}

describe('the partner requests list', () => {
  test('newest first, 50 a page, the cursor gives the next page', async () => {
    const app = await startLoopApp(env);
    const op = await operator(app);
    const rows = await insertRequests(app, PARTNER_REQUESTS_PAGE_SIZE + 5, new Date('2099-01-01T00:00:00Z'));
    const newest = [...rows].reverse().map((r) => r.id);

    const first = okBody(await call(app, listPartnerRequests, {}, { token: op.accessToken }));
    expect(first.requests).toHaveLength(PARTNER_REQUESTS_PAGE_SIZE);
    expect(first.requests.map((r) => r.id)).toEqual(newest.slice(0, PARTNER_REQUESTS_PAGE_SIZE));
    expect(first.requests[0]).toMatchObject({
      status: 'new',
      note: '',
      version: 0,
      updatedAt: null,
      createdAt: rows.at(-1)?.createdAt.toISOString(),
    });
    expect(first.nextCursor).toEqual(expect.any(String));

    const second = okBody(await call(app, listPartnerRequests, { query: { cursor: first.nextCursor ?? '' } }, { token: op.accessToken }));
    expect(second.requests.slice(0, 5).map((r) => r.id)).toEqual(newest.slice(PARTNER_REQUESTS_PAGE_SIZE));
    expect(second.requests.map((r) => r.id)).not.toContain(first.requests.at(-1)?.id);
  });

  test('a request from the landing page arrives as New; the status filter and the counts follow changes', async () => {
    const app = await startLoopApp(env);
    const op = await operator(app);
    const before = okBody(await call(app, listPartnerRequests, {}, { token: op.accessToken })).counts;
    const a = await partnerRequest(app);
    const b = await partnerRequest(app);
    expectOk(
      await call(
        app,
        updatePartnerRequest,
        { params: { requestId: b.id }, body: { status: 'contacted', version: 0 } },
        { token: op.accessToken },
      ),
    );

    const all = okBody(await call(app, listPartnerRequests, {}, { token: op.accessToken }));
    expect(all.requests.find((r) => r.id === a.id)).toMatchObject({
      companyName: a.companyName,
      companyEmail: a.companyEmail,
      status: 'new',
    });
    expect(all.counts).toEqual({ new: before.new + 1, contacted: before.contacted + 1, closed: before.closed });

    const contacted = okBody(await call(app, listPartnerRequests, { query: { status: 'contacted' } }, { token: op.accessToken }));
    expect(contacted.requests.map((r) => r.id)).toContain(b.id);
    expect(contacted.requests.every((r) => r.status === 'contacted')).toBe(true);
    const fresh = okBody(await call(app, listPartnerRequests, { query: { status: 'new' } }, { token: op.accessToken }));
    expect(fresh.requests.map((r) => r.id)).toContain(a.id);
    expect(fresh.requests.map((r) => r.id)).not.toContain(b.id);
  });

  test('a filter or cursor that is not one is refused with its message', async () => {
    const app = await startLoopApp(env);
    const op = await operator(app);
    const bad = await call(app, listPartnerRequests, { query: invalid({ status: 'done' }) }, { token: op.accessToken });
    expectFailure(bad, 400, 'TL_CORE_00400_E');
    expect(messageOf(bad)).toContain(PARTNER_CONSOLE_MESSAGES.statusInvalid);
    const cursor = await call(app, listPartnerRequests, { query: { cursor: "'; DROP TABLE x" } }, { token: op.accessToken });
    expectFailure(cursor, 400, 'TL_CORE_00400_E');
    expect(messageOf(cursor)).toContain(PARTNER_CONSOLE_MESSAGES.cursorInvalid);
  });
});

describe('changing a partner request', () => {
  test('status and note are saved, the version goes up, and one audit entry keeps before and after', async () => {
    const app = await startLoopApp(env);
    const op = await operator(app);
    const row = await partnerRequest(app);
    const res = await call(
      app,
      updatePartnerRequest,
      { params: { requestId: row.id }, body: { status: 'contacted', note: '  Called Jane, demo on Friday.  ', version: 0 } },
      { token: op.accessToken },
    );
    expectOk(res);
    expect(res.body.responseMessage).toBe(PARTNER_CONSOLE_MESSAGES.saved);
    expect(res.body.request).toMatchObject({ id: row.id, status: 'contacted', note: 'Called Jane, demo on Friday.', version: 1 });
    expect(res.body.request.updatedAt).toEqual(expect.any(String));

    const audits = await auditRowsFor(app, row.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: 'partner_request.update',
      operatorId: op.id,
      operatorEmail: op.email,
      targetLabel: `${row.companyName} <${row.companyEmail}>`,
      before: { status: 'new', note: '' },
      after: { status: 'contacted', note: 'Called Jane, demo on Friday.' },
    });

    // The note alone, from the new version; the status stays.
    const noteOnly = okBody(
      await call(
        app,
        updatePartnerRequest,
        { params: { requestId: row.id }, body: { note: 'Signed.', version: 1 } },
        { token: op.accessToken },
      ),
    );
    expect(noteOnly.request).toMatchObject({ status: 'contacted', note: 'Signed.', version: 2 });
    expect(await auditRowsFor(app, row.id)).toHaveLength(2);
  });

  test('a save from an older version is refused with 409 and changes nothing', async () => {
    const app = await startLoopApp(env);
    const first = await operator(app);
    const second = await operator(app);
    const row = await partnerRequest(app);
    expectOk(
      await call(
        app,
        updatePartnerRequest,
        { params: { requestId: row.id }, body: { status: 'closed', version: 0 } },
        { token: first.accessToken },
      ),
    );
    const stale = await call(
      app,
      updatePartnerRequest,
      { params: { requestId: row.id }, body: { status: 'contacted', note: 'mine', version: 0 } },
      { token: second.accessToken },
    );
    expectFailure(stale, 409, 'TL_CORE_14121_E');
    const [stored] = await app.db.select().from(partnerRequests).where(eq(partnerRequests.id, row.id));
    expect(stored).toMatchObject({ status: 'closed', note: '', version: 1 });
    expect(await auditRowsFor(app, row.id)).toHaveLength(1);
  });

  test('two operators saving the same version at once: one wins, the other gets 409', async () => {
    const app = await startLoopApp(env);
    const [a, b] = [await operator(app), await operator(app)];
    const row = await partnerRequest(app);
    const results = await Promise.all(
      [a, b].map((op, i) =>
        call(
          app,
          updatePartnerRequest,
          { params: { requestId: row.id }, body: { note: `note ${i}`, version: 0 } },
          { token: op.accessToken },
        ),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await auditRowsFor(app, row.id)).toHaveLength(1);
  });

  test('saving what is already stored changes nothing and writes no audit entry', async () => {
    const app = await startLoopApp(env);
    const op = await operator(app);
    const row = await partnerRequest(app);
    const res = okBody(
      await call(
        app,
        updatePartnerRequest,
        { params: { requestId: row.id }, body: { status: 'new', note: '', version: 0 } },
        { token: op.accessToken },
      ),
    );
    expect(res.request).toMatchObject({ status: 'new', version: 0, updatedAt: null });
    expect(await auditRowsFor(app, row.id)).toHaveLength(0);
  });

  const invalidBodies: Array<[string, unknown, string]> = [
    ['a note over the limit', { note: 'x'.repeat(PARTNER_NOTE_MAX + 1), version: 0 }, PARTNER_CONSOLE_MESSAGES.noteTooLong],
    ['a note with a bidi override', { note: 'pay \u202Eevil', version: 0 }, PROFILE_MESSAGES.unsafeCharacters],
    ['a note with a control character', { note: 'a\u0007b', version: 0 }, PROFILE_MESSAGES.unsafeCharacters],
    ['a note that is not text', { note: 42, version: 0 }, PARTNER_CONSOLE_MESSAGES.noteText],
    ['a status that is not one', { status: 'done', version: 0 }, PARTNER_CONSOLE_MESSAGES.statusInvalid],
    ['no version', { status: 'closed' }, PARTNER_CONSOLE_MESSAGES.versionRequired],
    ['neither status nor note', { version: 0 }, PARTNER_CONSOLE_MESSAGES.nothingToSave],
  ];
  test.each(invalidBodies)('%s is refused with the contract message and changes nothing', async (_name, body, message) => {
    const app = await startLoopApp(env);
    const op = await operator(app);
    const row = await partnerRequest(app);
    const res = await call(app, updatePartnerRequest, { params: { requestId: row.id }, body: invalid(body) }, { token: op.accessToken });
    expectFailure(res, 400, 'TL_CORE_00400_E');
    expect(res.body.responseMessage).toContain(message);
    const [stored] = await app.db.select().from(partnerRequests).where(eq(partnerRequests.id, row.id));
    expect(stored).toMatchObject({ status: 'new', note: '', version: 0 });
    expect(await auditRowsFor(app, row.id)).toHaveLength(0);
  });

  test('an id that is not a request is 404, whether or not it is a UUID', async () => {
    const app = await startLoopApp(env);
    const op = await operator(app);
    for (const requestId of ['not-a-uuid', crypto.randomUUID(), "1' OR '1'='1"]) {
      const res = await call(
        app,
        updatePartnerRequest,
        { params: { requestId }, body: { status: 'closed', version: 0 } },
        { token: op.accessToken },
      );
      expectFailure(res, 404, 'TL_CORE_14120_E', requestId);
    }
  });
});

describe('the CSV export', () => {
  const csvOf = (app: TestApp, token: string, status?: string) =>
    request(app.baseUrl, 'GET', `/api/operator/partner-requests.csv${status ? `?status=${status}` : ''}`, {
      headers: { authorization: `Bearer ${token}` },
    });

  test('a CSV attachment with a header line and every request, newest first; the filter applies', async () => {
    const app = await startLoopApp(env);
    const op = await operator(app);
    const a = await partnerRequest(app, `Export A ${unique()}`);
    const b = await partnerRequest(app, `Export, B "quoted" ${unique()}`);
    expectOk(
      await call(
        app,
        updatePartnerRequest,
        { params: { requestId: b.id }, body: { status: 'closed', note: 'Line one\nline two', version: 0 } },
        { token: op.accessToken },
      ),
    );

    const res = await csvOf(app, op.accessToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="partner-requests-all-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const text = String(res.body);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Company,Email,Received (UTC),Status,Note,Updated (UTC)');
    expect(text).toContain(`${a.companyName},${a.companyEmail},${a.createdAt.toISOString()},New,,\r\n`);
    // RFC 4180: the comma and quotes quoted and doubled, the line break kept inside quotes.
    expect(text).toContain(
      `"${b.companyName.replaceAll('"', '""')}",${b.companyEmail},${b.createdAt.toISOString()},Closed,"Line one\nline two",`,
    );
    expect(text.indexOf(b.companyEmail)).toBeLessThan(text.indexOf(a.companyEmail));

    const closed = String((await csvOf(app, op.accessToken, 'closed')).body);
    expect(closed).toContain(b.companyEmail);
    expect(closed).not.toContain(a.companyEmail);
    expect((await csvOf(app, op.accessToken, 'closed')).headers.get('content-disposition')).toContain('partner-requests-closed-');
    expectFailure(await csvOf(app, op.accessToken, 'done'), 400, 'TL_CORE_00400_E');
  });

  test('a company name a spreadsheet would run as a formula is exported with a leading apostrophe', async () => {
    const app = await startLoopApp(env);
    const op = await operator(app);
    const tag = unique();
    // '+' and '-' open names the company-name rule takes; '=' and '@' it refuses at the door
    // (decision 165), so those stand for rows stored before the rule.
    const rows = [];
    for (const name of [`+1+cmd ${tag}`, `-2+3 ${tag}`]) rows.push(await partnerRequest(app, name));
    for (const companyName of [`=HYPERLINK("http://evil.test/${tag}","Open")`, `@SUM(1) ${tag}`]) {
      const companyEmail = `hire-${unique()}@company.test`;
      expectFailure(await call(app, companyPartnership, { body: { companyName, companyEmail } }), 400, 'TL_CORE_00400_E');
      const at = app.clock.now();
      rows.push(...(await app.db.insert(partnerRequests).values({ companyName, companyEmail, createdAt: at, updatedAt: at }).returning()));
    }
    const text = String((await csvOf(app, op.accessToken)).body);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.test/${tag}"",""Open"")",`);
    expect(text).toContain(`'+1+cmd ${tag},`);
    expect(text).toContain(`'-2+3 ${tag},`);
    expect(text).toContain(`'@SUM(1) ${tag},`);
    // No line of the file starts a cell with a formula character.
    for (const line of text.split('\r\n')) expect(line).not.toMatch(/(^|,)"?[=+\-@]/);
    expect(rows).toHaveLength(4);
  });
});

describe('operators only', () => {
  test('freelancers and companies get 403, a signed-out caller 401, on every partner request endpoint', async () => {
    const app = await startLoopApp(env);
    const freelancer = await reviewedFreelancer(app);
    const company = await verifiedCompany(app);
    const row = await partnerRequest(app);
    const tries = [
      (token?: string) => call(app, listPartnerRequests, {}, { token }),
      (token?: string) =>
        call(app, updatePartnerRequest, { params: { requestId: row.id }, body: { status: 'closed', version: 0 } }, { token }),
      (token?: string) =>
        request(app.baseUrl, 'GET', '/api/operator/partner-requests.csv', { headers: token ? { authorization: `Bearer ${token}` } : {} }),
    ];
    for (const attempt of tries) {
      expectFailure(await attempt(freelancer.token), 403, 'TL_CORE_00403_E');
      expectFailure(await attempt(company.token), 403, 'TL_CORE_00403_E');
      expectFailure(await attempt(), 401, 'TL_CORE_00401_E');
    }
    const [stored] = await app.db.select().from(partnerRequests).where(eq(partnerRequests.id, row.id));
    expect(stored).toMatchObject({ status: 'new', version: 0 });
    expect(exportPartnerRequests.access).toEqual(['operator']);
  });
});
