import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { outbox } from '../../src/infra/db/schema.ts';
import { setOperator } from '../../src/cli/operator.ts';
import { type TestApp, expectFailure, uniqueEmail, useApi } from '../helpers.ts';
import {
  type CompanyApi,
  companyApi,
  companyState,
  createOperator,
  documentFields,
  mailWithSubject,
  readyCompany,
  submitDocuments,
  uniqueEin,
  withMailbox,
} from './documents-support.ts';

// The operators' review of document submissions (issue 11): list, approve, reject with a reason;
// a decision only from 'pending' (409 otherwise, exactly one winner when decided at once); roles
// both ways; the operator role given and taken from the command line.

const env = useApi();

async function start(): Promise<TestApp> {
  return withMailbox(await env.start({ config: { clientAccounts: true } }), env.mailbox);
}

/** A company with one pending submission. */
async function pendingCompany(app: TestApp, name = 'Acme Labs', number = uniqueEin()) {
  const company = await readyCompany(app, { verify: false, name });
  const res = await submitDocuments(app, company.api.token, { fields: documentFields({ businessRegistrationNumber: number }) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [submission] = (await companyState(app, company.userId)).submissions;
  if (!submission) throw new Error('no submission');
  return { ...company, number, submissionId: submission.id, fileId: submission.fileId };
}

const approve = (api: CompanyApi, id: string) => api.post(`/operator/verification-submissions/${id}/approve`);

describe('operator review of document submissions', () => {
  test('operators list pending submissions oldest first, with the company and a link to the file', async () => {
    const app = await start();
    const first = await pendingCompany(app, 'First Company');
    const second = await pendingCompany(app, 'Second Company');
    const operator = await createOperator(app);
    const res = await operator.api.get('/operator/verification-submissions');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ours = res.body.submissions.filter((s: { id: string }) => [first.submissionId, second.submissionId].includes(s.id));
    expect(ours).toEqual([
      expect.objectContaining({
        id: first.submissionId,
        companyName: 'First Company',
        websiteUrl: first.website,
        businessRegistrationNumber: first.number,
        documentType: 'registration-certificate',
        country: 'US',
        fileUrl: `/api/files/${first.fileId}`,
        status: 'pending',
      }),
      expect.objectContaining({ id: second.submissionId, companyName: 'Second Company' }),
    ]);
    // A decided submission leaves the list.
    expect((await approve(operator.api, first.submissionId)).status).toBe(200);
    const after = await operator.api.get('/operator/verification-submissions');
    expect(after.body.submissions.map((s: { id: string }) => s.id)).not.toContain(first.submissionId);
    expect(after.body.submissions.map((s: { id: string }) => s.id)).toContain(second.submissionId);
  });

  test('approve makes the company verified by documents, with an event as evidence and a mail to the company', async () => {
    const app = await start();
    const company = await pendingCompany(app);
    const operator = await createOperator(app);
    const res = await approve(operator.api, company.submissionId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', submission: { id: company.submissionId, status: 'approved' } });

    const seen = (await company.api.get('/company/verification')).body.verification;
    expect(seen).toMatchObject({ status: 'verified', method: 'documents', documents: { status: 'approved', reason: null } });
    expect((await company.api.get('/company/home')).body.completion.verification).toBe(100);
    const state = await companyState(app, company.userId);
    expect(state.status).toBe('verified');
    expect(state.events.map((e) => [e.method, e.outcome])).toEqual([
      ['documents', 'pending'],
      ['documents', 'verified'],
    ]);
    const operatorUser = state.events[1]?.actorUserId;
    expect(state.events[1]?.checks).toMatchObject({
      submissionId: company.submissionId,
      registrationNumber: company.number,
      documentType: 'registration-certificate',
      country: 'US',
      fileId: company.fileId,
      reviewedBy: operatorUser,
    });
    expect(state.submissions[0]).toMatchObject({ status: 'approved', decidedBy: operatorUser, reason: null });
    expect(await mailWithSubject(app, company.accountEmail, 'Acme Labs is verified')).toContain('now verified');
  });

  test('reject needs a reason within the limit, leaves the company unverified and shows it the reason', async () => {
    const app = await start();
    const company = await pendingCompany(app);
    const operator = await createOperator(app);
    const path = `/operator/verification-submissions/${company.submissionId}/reject`;
    for (const [body, message] of [
      [{}, 'reason: A reason is required to reject documents'],
      [{ reason: '   ' }, 'reason: A reason is required to reject documents'],
      [{ reason: 'x'.repeat(501) }, 'reason: Reason must be at most 500 characters'],
    ] as const) {
      const res = await operator.api.post(path, body);
      expectFailure(res, 400, 'TL_CORE_00400_E', message);
      expect(res.body.responseMessage).toBe(message);
    }
    expect((await companyState(app, company.userId)).status).toBe('pending');

    const reason = 'The registration number on the certificate does not match the one you entered.';
    const res = await operator.api.post(path, { reason });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const seen = (await company.api.get('/company/verification')).body.verification;
    expect(seen).toMatchObject({ status: 'unverified', method: null, documents: { status: 'rejected', reason } });
    const state = await companyState(app, company.userId);
    expect(state.status).toBe('unverified');
    expect(state.events.map((e) => e.outcome)).toEqual(['pending', 'rejected']);
    expect(state.events[1]?.checks).toMatchObject({ reason });
  });

  test('a company that turned verification mails off gets no decision mail; the decision still applies', async () => {
    const app = await start();
    const company = await pendingCompany(app, 'Quiet Company');
    const prefs = await company.api.get('/company/settings/notifications');
    const off = await company.api.put('/company/settings/notifications', {
      mail: { ...prefs.body.mail, verification: false },
      version: prefs.body.version,
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const operator = await createOperator(app);
    expect((await approve(operator.api, company.submissionId)).status).toBe(200);
    expect((await companyState(app, company.userId)).status).toBe('verified');
    const queued = await app.db.select({ subject: outbox.subject }).from(outbox).where(eq(outbox.to, company.accountEmail));
    expect(queued.map((m) => m.subject)).not.toContain('Quiet Company is verified');
  });

  test('a rejection after the company verified instantly leaves it verified and does not mail it a failure', async () => {
    const app = await start();
    const company = await readyCompany(app, { name: 'Both Ways Ltd' });
    expect((await submitDocuments(app, company.api.token, {})).status).toBe(200);
    const instant = await company.api.post('/company/verification/instant', {
      companyName: company.name,
      businessRegistrationNumber: uniqueEin(),
      country: 'US',
    });
    expect(instant.status, JSON.stringify(instant.body)).toBe(200);
    const [submission] = (await companyState(app, company.userId)).submissions;
    const operator = await createOperator(app);
    const res = await operator.api.post(`/operator/verification-submissions/${submission?.id}/reject`, { reason: 'Unreadable scan.' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await companyState(app, company.userId)).status).toBe('verified');
    const queued = await app.db.select({ text: outbox.text }).from(outbox).where(eq(outbox.to, company.accountEmail));
    expect(queued.some((m) => m.text.includes('Unreadable scan.'))).toBe(false);
  });

  test('a decision on a submission that is not pending is refused with 409 and changes nothing; unknown ids are 404', async () => {
    const app = await start();
    const company = await pendingCompany(app);
    const operator = await createOperator(app);
    expect((await approve(operator.api, company.submissionId)).status).toBe(200);
    const before = await companyState(app, company.userId);
    expectFailure(await approve(operator.api, company.submissionId), 409, 'TL_CORE_11023_E');
    expectFailure(
      await operator.api.post(`/operator/verification-submissions/${company.submissionId}/reject`, { reason: 'Too late.' }),
      409,
      'TL_CORE_11023_E',
    );
    expect(await companyState(app, company.userId)).toEqual(before);
    expectFailure(await approve(operator.api, crypto.randomUUID()), 404, 'TL_CORE_11024_E');
    expectFailure(await approve(operator.api, 'not-a-uuid'), 404, 'TL_CORE_11024_E');
  });

  test('20 decisions on one submission at once: exactly one wins, the others get 409 and change nothing', async () => {
    const app = await start();
    const company = await pendingCompany(app);
    const [a, b] = [await createOperator(app), await createOperator(app)];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? approve(a.api, company.submissionId)
          : b.api.post(`/operator/verification-submissions/${company.submissionId}/reject`, { reason: `Rejected by call ${i}.` }),
      ),
    );
    const winners = results.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expectFailure(r, 409, 'TL_CORE_11023_E');
    const state = await companyState(app, company.userId);
    const decided = winners[0]?.body.submission.status;
    expect(state.submissions.map((s) => s.status)).toEqual([decided]);
    expect(state.status).toBe(decided === 'approved' ? 'verified' : 'unverified');
    expect(state.events.map((e) => e.outcome)).toEqual(['pending', decided === 'approved' ? 'verified' : 'rejected']);
  });

  test('roles both ways: clients and freelancers cannot review, even naming another company’s submission; operators cannot act as a company', async () => {
    const app = await start();
    const victim = await pendingCompany(app);
    const client = await readyCompany(app, { verify: false });
    const freelancer = await app.createUser(uniqueEmail('freelancer'));
    const freelancerApi = companyApi(app, freelancer.accessToken);
    for (const api of [client.api, freelancerApi]) {
      expectFailure(await api.get('/operator/verification-submissions'), 403, 'TL_CORE_00403_E');
      expectFailure(await approve(api, victim.submissionId), 403, 'TL_CORE_00403_E');
      expectFailure(
        await api.post(`/operator/verification-submissions/${victim.submissionId}/reject`, { reason: 'No.' }),
        403,
        'TL_CORE_00403_E',
      );
    }
    // The client cannot read the other company's document either.
    const file = await client.api.get(`/files/${victim.fileId}`);
    expectFailure(file, 404, 'TL_CORE_00404_E');
    expect((await companyState(app, victim.userId)).status).toBe('pending');

    const operator = await createOperator(app);
    expectFailure(await operator.api.get('/company/verification'), 403, 'TL_CORE_00403_E');
    expectFailure(await companyApi(app, 'not-a-token').get('/operator/verification-submissions'), 401, 'TL_CORE_00401_E');
  });

  test('the operator role is granted and revoked by the CLI function, and a revoked operator is refused at once', async () => {
    const app = await start();
    const company = await pendingCompany(app);
    const operator = await createOperator(app);
    expect(await setOperator(app.db, operator.email, true)).toBe('unchanged');
    expect(await setOperator(app.db, uniqueEmail('nobody'), true)).toBe('no-such-user');
    expect((await operator.api.get('/operator/verification-submissions')).status).toBe(200);
    // Never the last active operator (issue 21, test/operator/accounts.test.ts): someone else holds the role.
    await createOperator(app);
    expect(await setOperator(app.db, operator.email.toUpperCase(), false)).toBe('revoked');
    expect(await setOperator(app.db, operator.email, false)).toBe('unchanged');
    expectFailure(await approve(operator.api, company.submissionId), 403, 'TL_CORE_00403_E');
    expect((await companyState(app, company.userId)).status).toBe('pending');
  });

  test('npm run operator without a command prints its usage and exits 2', { timeout: 90_000 }, () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
    const run = spawnSync(process.execPath, ['apps/server/src/cli/operator.ts', 'promote'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 80_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Usage: npm run operator -- grant <email> | revoke <email>');
  });
});
