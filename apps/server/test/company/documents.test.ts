import { VERIFICATION_DOCUMENT_MAX_BYTES } from '@talentloop/contract/validation/company-verification';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { type TestApp, expectFailure, outboxFor, request, uniqueEmail, useApi } from '../helpers.ts';
import { compoundFile, docx, docxBomb, executable, lyingDocx, makeZip, pdf } from '../profile/portfolio-support.ts';
import {
  basicsBody,
  companyState,
  createOperator,
  documentFields,
  mailWithSubject,
  readyCompany,
  submitDocuments,
  uniqueEin,
  verifyCompanyEmail,
  withMailbox,
} from './documents-support.ts';

// Manual (document) verification, issue 11: submission with good and bad files, the pending state,
// resubmission after a rejection, OPS_EMAIL, and un-verification when instant evidence changes.

const env = useApi();

const opsEmail = () => uniqueEmail('ops');
const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

async function start(config: Record<string, unknown> = {}): Promise<TestApp> {
  return withMailbox(await env.start({ config: { clientAccounts: true, ...config } }), env.mailbox);
}

const jpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#0ea5e9' } })
    .jpeg()
    .toBuffer();
const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#22c55e' } })
    .png()
    .toBuffer();

describe('manual verification: submitting documents', () => {
  test('a PDF submission is pending review, with an event, the file served to its owner and operators only, and OPS_EMAIL told', async () => {
    const OPS = opsEmail();
    const app = await start({ opsEmail: OPS });
    const company = await readyCompany(app, { verify: false });
    const res = await submitDocuments(app, company.api.token, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      status: 'success',
      responseMessage: 'Our team will review your documents within 24 hours. Once verified, you can start hiring freelancers.',
      verification: {
        status: 'pending',
        method: null,
        documents: {
          status: 'pending',
          businessRegistrationNumber: '04-3544210',
          documentType: 'registration-certificate',
          country: 'US',
          decidedAt: null,
          reason: null,
        },
      },
      completion: { verification: 0 },
    });
    expect((await company.api.get('/company/verification')).body.verification).toEqual(res.body.verification);
    expect((await company.api.get('/company/home')).body.verificationStatus).toBe('pending');

    const state = await companyState(app, company.userId);
    expect(state.status).toBe('pending');
    expect(state.submissions).toHaveLength(1);
    expect(state.files).toEqual([{ id: state.submissions[0]?.fileId, kind: 'verification-document', mime: 'application/pdf' }]);
    expect(state.events.map((e) => [e.method, e.outcome])).toEqual([['documents', 'pending']]);
    expect(state.events[0]?.checks).toMatchObject({ submissionId: state.submissions[0]?.id, documentType: 'registration-certificate' });

    // The operators' mail: company, number, document type, country and a link to the file.
    const fileId = state.submissions[0]?.fileId as string;
    const mail = await mailWithSubject(app, OPS, 'Verification documents to review: Acme Labs');
    for (const text of [
      'Company: Acme Labs',
      'Registration number: 04-3544210',
      'Document type: Company Registration Certificate',
      'Country: United States',
      `${app.config.publicUrl}/api/files/${fileId}`,
    ]) {
      expect(mail).toContain(text);
    }

    // The document: its owner and operators read it (as an attachment); others get 404, no session 401.
    const owner = await request(app.baseUrl, 'GET', `/api/files/${fileId}`, { headers: { authorization: `Bearer ${company.api.token}` } });
    expect(owner.status).toBe(200);
    expect(owner.headers.get('content-disposition')).toMatch(/^attachment; filename="file-[0-9a-f]{8}\.pdf"$/);
    const operator = await createOperator(app);
    expect(
      (await request(app.baseUrl, 'GET', `/api/files/${fileId}`, { headers: { authorization: `Bearer ${operator.accessToken}` } })).status,
    ).toBe(200);
    const other = await readyCompany(app, { verify: false });
    expectFailure(
      await request(app.baseUrl, 'GET', `/api/files/${fileId}`, { headers: { authorization: `Bearer ${other.api.token}` } }),
      404,
      'TL_CORE_00404_E',
    );
    expect((await request(app.baseUrl, 'GET', `/api/files/${fileId}`)).status).toBe(401);
  });

  test('each accepted type is decided from its bytes, whatever the name and declared type', async () => {
    const app = await start();
    const cases: Array<[string, Buffer, string, string]> = [
      ['pdf', pdf(), 'scan.png', 'application/pdf'],
      ['jpeg', await jpeg(), 'scan.pdf', 'image/jpeg'],
      ['png', await png(), 'scan', 'application/octet-stream'],
      ['docx', docx(), 'certificate.docx', DOCX_MIME],
      ['doc', compoundFile(true), 'certificate.doc', 'application/msword'],
    ];
    const expected: Record<string, string> = {
      pdf: 'application/pdf',
      jpeg: 'image/jpeg',
      png: 'image/png',
      docx: DOCX_MIME,
      doc: 'application/msword',
    };
    for (const [label, data, name, type] of cases) {
      const company = await readyCompany(app, { verify: false });
      const res = await submitDocuments(app, company.api.token, { file: { data, name, type } });
      expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(200);
      const state = await companyState(app, company.userId);
      expect(
        state.files.map((f) => f.mime),
        label,
      ).toEqual([expected[label]]);
      const served = await request(app.baseUrl, 'GET', `/api/files/${state.files[0]?.id}`, {
        headers: { authorization: `Bearer ${company.api.token}` },
      });
      expect(served.headers.get('content-type'), label).toBe(expected[label]);
    }
  });

  test('an executable, a plain zip, a zip bomb, a Word file carrying a program and other types are refused and change nothing', async () => {
    const OPS = opsEmail();
    const app = await start({ opsEmail: OPS });
    const company = await readyCompany(app, { verify: false });
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
    const cases: Array<[string, Buffer, string, string]> = [
      ['a renamed executable', executable(), 'certificate.pdf', 'application/pdf'],
      ['a zip that is not a Word document', makeZip([{ name: 'readme.txt', data: Buffer.from('hello') }]), 'certificate.docx', DOCX_MIME],
      ['a zip bomb posing as .docx', docxBomb(80), 'certificate.docx', DOCX_MIME],
      [
        'a .docx carrying an executable',
        makeZip([
          { name: '[Content_Types].xml', data: Buffer.from('<Types/>'), deflate: true },
          { name: 'word/document.xml', data: Buffer.from('<w:document/>'), deflate: true },
          { name: 'word/setup.exe', data: executable() },
        ]),
        'certificate.docx',
        DOCX_MIME,
      ],
      ['a compound file that is not Word', compoundFile(false), 'certificate.doc', 'application/msword'],
      ['a GIF', gif, 'certificate.gif', 'image/gif'],
      ['plain text', Buffer.from('Registration certificate of Acme Labs'), 'certificate.pdf', 'application/pdf'],
    ];
    for (const [label, data, name, type] of cases) {
      const res = await submitDocuments(app, company.api.token, { file: { data, name, type } });
      expectFailure(res, 415, 'TL_CORE_11020_E', label);
      expect(res.body.responseMessage).toBe('Only PDF, DOC, DOCX, JPG and PNG files are accepted');
    }
    const state = await companyState(app, company.userId);
    expect(state).toMatchObject({ status: 'unverified', events: [], submissions: [], files: [] });
    expect(await outboxFor(app.db, OPS)).toEqual([]);
  });

  test('a .docx whose directory claims 4 KB but whose data inflates to 200 MB is refused quickly and changes nothing', async () => {
    const app = await start();
    const company = await readyCompany(app, { verify: false });
    const data = await lyingDocx();
    expect(data.length).toBeLessThan(VERIFICATION_DOCUMENT_MAX_BYTES);
    const started = Date.now();
    const res = await submitDocuments(app, company.api.token, { file: { data, name: 'certificate.docx', type: DOCX_MIME } });
    expectFailure(res, 415, 'TL_CORE_11020_E');
    // Inflation stops at the declared 4 KB: nowhere near the time 200 MB would take.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await companyState(app, company.userId)).toMatchObject({ status: 'unverified', events: [], submissions: [], files: [] });
  });

  test('a file over the limit is cut off while it streams in: 413 and nothing stored', { timeout: 90_000 }, async () => {
    const app = await start();
    const company = await readyCompany(app, { verify: false });
    const over = pdf(VERIFICATION_DOCUMENT_MAX_BYTES);
    const res = await submitDocuments(app, company.api.token, { file: { data: over, name: 'big.pdf', type: 'application/pdf' } });
    expectFailure(res, 413, 'TL_CORE_11021_E');
    expect(res.body.responseMessage).toBe('File size should not exceed 10MB');
    expect(await companyState(app, company.userId)).toMatchObject({ status: 'unverified', submissions: [], files: [] });
    // The same company can then submit a file within the limit.
    expect((await submitDocuments(app, company.api.token, {})).status).toBe(200);
  });

  test('missing or bad fields answer the spec messages and change nothing', async () => {
    const app = await start();
    const company = await readyCompany(app, { verify: false });
    const cases: Array<[Parameters<typeof submitDocuments>[2], string]> = [
      [{ file: null }, 'documentFile: Document file is required'],
      [
        { fields: documentFields({ businessRegistrationNumber: undefined }) },
        'businessRegistrationNumber: Registration number is required',
      ],
      [{ fields: documentFields({ businessRegistrationNumber: ' ' }) }, 'businessRegistrationNumber: Registration number is required'],
      [
        { fields: documentFields({ businessRegistrationNumber: '12<b>' }) },
        'businessRegistrationNumber: Only letters, numbers, spaces, hyphens, dots and slashes are allowed',
      ],
      [{ fields: documentFields({ documentType: undefined }) }, 'documentType: Document type is required'],
      [{ fields: documentFields({ documentType: 'passport' }) }, 'documentType: Choose one of the listed document types'],
      [{ fields: documentFields({ country: undefined }) }, 'country: Country is required'],
      [{ fields: documentFields({ country: 'XX' }) }, 'country: Please choose a country from the list'],
    ];
    for (const [body, message] of cases) {
      const res = await submitDocuments(app, company.api.token, body);
      expectFailure(res, 400, 'TL_CORE_00400_E', message);
      expect(res.body.responseMessage).toBe(message);
    }
    // Not multipart at all.
    const json = await company.api.post('/company/verification/documents', documentFields());
    expectFailure(json, 415, 'TL_CORE_00415_E');
    expect(await companyState(app, company.userId)).toMatchObject({ status: 'unverified', events: [], submissions: [], files: [] });
  });

  test('no resubmission while one is pending; after a rejection the company sees the reason and resubmits', async () => {
    const app = await start();
    const company = await readyCompany(app, { verify: false });
    expect((await submitDocuments(app, company.api.token, {})).status).toBe(200);
    expectFailure(await submitDocuments(app, company.api.token, {}), 409, 'TL_CORE_11022_E');
    expect((await companyState(app, company.userId)).submissions).toHaveLength(1);

    const operator = await createOperator(app);
    const [pending] = (await companyState(app, company.userId)).submissions;
    const reason = 'The certificate is unreadable: please upload a clearer scan.';
    const rejected = await operator.api.post(`/operator/verification-submissions/${pending?.id}/reject`, { reason });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);

    const seen = (await company.api.get('/company/verification')).body.verification;
    expect(seen).toMatchObject({ status: 'unverified', documents: { id: pending?.id, status: 'rejected', reason } });
    expect(seen.documents.decidedAt).toEqual(expect.any(String));
    expect(await mailWithSubject(app, company.accountEmail, 'We could not verify Acme Labs')).toContain(`Reason: ${reason}`);

    const again = await submitDocuments(app, company.api.token, { fields: documentFields({ documentType: 'tax-certificate' }) });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.verification).toMatchObject({
      status: 'pending',
      documents: { status: 'pending', documentType: 'tax-certificate', reason: null },
    });
    const state = await companyState(app, company.userId);
    expect(state.submissions.map((s) => s.status).sort()).toEqual(['pending', 'rejected']);
    expect(state.events.map((e) => e.outcome)).toEqual(['pending', 'rejected', 'pending']);
  });

  test('submissions sent at once: exactly one is pending, the others are refused', async () => {
    const app = await start();
    const company = await readyCompany(app, { verify: false });
    const results = await Promise.all(Array.from({ length: 8 }, () => submitDocuments(app, company.api.token, {})));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expectFailure(r, 409, 'TL_CORE_11022_E');
    const state = await companyState(app, company.userId);
    expect(state.submissions).toHaveLength(1);
    expect(state.files).toHaveLength(1);
    expect(state.events).toHaveLength(1);
  });

  test('a verified company is refused; freelancers and operators may not submit; no session is 401', async () => {
    const app = await start();
    const company = await readyCompany(app);
    const instant = await company.api.post('/company/verification/instant', {
      companyName: 'Acme Labs',
      businessRegistrationNumber: uniqueEin(),
      country: 'US',
    });
    expect(instant.status, JSON.stringify(instant.body)).toBe(200);
    expectFailure(await submitDocuments(app, company.api.token, {}), 409, 'TL_CORE_11013_E');

    const freelancer = await app.createUser(uniqueEmail('freelancer'));
    expectFailure(await submitDocuments(app, freelancer.accessToken, {}), 403, 'TL_CORE_00403_E');
    const operator = await createOperator(app);
    expectFailure(await submitDocuments(app, operator.accessToken, {}), 403, 'TL_CORE_00403_E');
    expectFailure(await submitDocuments(app, 'not-a-token', {}), 401, 'TL_CORE_00401_E');
    expect((await companyState(app, company.userId)).submissions).toEqual([]);
  });
});

describe('un-verification when the evidence changes', () => {
  async function instantlyVerified(app: TestApp) {
    const company = await readyCompany(app);
    const res = await company.api.post('/company/verification/instant', {
      companyName: company.name,
      businessRegistrationNumber: uniqueEin(),
      country: 'US',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return company;
  }

  test('an instantly verified company whose website moves to another domain is unverified, with an event and a notice', async () => {
    const app = await start();
    const company = await instantlyVerified(app);
    // The same registrable domain (www dropped, a path added) keeps the verification.
    const same = await company.api.put('/company/profile-basics', basicsBody(company.name, `https://${company.domain}/about`, 1));
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect((await companyState(app, company.userId)).status).toBe('verified');

    const moved = await company.api.put('/company/profile-basics', basicsBody(company.name, 'https://www.globex-example.com', 2));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.completion.verification).toBe(0);
    const state = await companyState(app, company.userId);
    expect(state.status).toBe('unverified');
    expect(state.events.map((e) => [e.method, e.outcome])).toEqual([
      ['instant', 'verified'],
      ['instant', 'revoked'],
    ]);
    const seen = (await company.api.get('/company/verification')).body.verification;
    expect(seen).toMatchObject({ status: 'unverified', method: null, revoked: { reason: expect.stringContaining('globex-example.com') } });
    expect((await company.api.get('/company/home')).body.verificationStatus).toBe('unverified');
  });

  test('an instantly verified company that verifies an email at another domain is unverified', async () => {
    const app = await start();
    const company = await instantlyVerified(app);
    // Another address at the same domain keeps it.
    await verifyCompanyEmail(app, company.api, `ops-${crypto.randomUUID().slice(0, 6)}@${company.domain}`);
    expect((await companyState(app, company.userId)).status).toBe('verified');
    await verifyCompanyEmail(app, company.api, `jane-${crypto.randomUUID().slice(0, 6)}@other-example.org`);
    const state = await companyState(app, company.userId);
    expect(state.status).toBe('unverified');
    expect(state.events.at(-1)).toMatchObject({ method: 'instant', outcome: 'revoked' });
    expect((await company.api.get('/company/verification')).body.verification.revoked.reason).toContain('verified company email');
  });

  test('an instantly verified company renamed to a name unlike its domain is unverified; a rename that still resembles it is not', async () => {
    const app = await start();
    const company = await instantlyVerified(app);
    const site = `https://www.${company.domain}`;
    const kept = await company.api.put('/company/profile-basics', basicsBody(`${company.name} International Ltd`, site, 1));
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect((await companyState(app, company.userId)).status).toBe('verified');

    const renamed = await company.api.put('/company/profile-basics', basicsBody('Microsoft', site, 2));
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const state = await companyState(app, company.userId);
    expect(state.status).toBe('unverified');
    expect(state.events.at(-1)).toMatchObject({ method: 'instant', outcome: 'revoked' });
    expect((await company.api.get('/company/verification')).body.verification.revoked.reason).toBe(
      `Your company name changed to Microsoft, which does not resemble your website's domain (${company.domain}). Verify your company again.`,
    );
  });

  test('a company verified by documents keeps its status when its website changes', async () => {
    const app = await start();
    const company = await readyCompany(app, { verify: false });
    expect((await submitDocuments(app, company.api.token, {})).status).toBe(200);
    const operator = await createOperator(app);
    const [pending] = (await companyState(app, company.userId)).submissions;
    expect((await operator.api.post(`/operator/verification-submissions/${pending?.id}/approve`)).status).toBe(200);
    const moved = await company.api.put('/company/profile-basics', basicsBody(company.name, 'https://www.globex-example.com', 1));
    expect(moved.status).toBe(200);
    const state = await companyState(app, company.userId);
    expect(state.status).toBe('verified');
    expect(state.events.map((e) => e.outcome)).toEqual(['pending', 'verified']);
    expect((await company.api.get('/company/verification')).body.verification).toMatchObject({ status: 'verified', method: 'documents' });
  });
});
