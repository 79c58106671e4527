import { fundMilestone, submitMilestone } from '@talentloop/contract/api/engagements';
import { describe, expect, test } from 'vitest';
import { call, expectFailure, expectOk, okBody, useApi } from '../helpers.ts';
import type { TestApp } from '../helpers.ts';
import { startLoopApp } from '../talent/loop-support.ts';
import { companyView, engaged, fixedTerms, freelancerView } from './support.ts';

// A milestone's deliverables (issue 34, decision 243): the freelancer uploads files through the
// upload pipeline while the milestone can be submitted and names them in the submission; the
// engagement's company sees them and downloads them; nobody else can.

const env = useApi();

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function upload(app: TestApp, token: string, milestoneId: string, file: { data: Buffer; type: string; name: string } | null) {
  const form = new FormData();
  if (file) form.set('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const res = await fetch(`${app.baseUrl}/api/freelancer/milestones/${milestoneId}/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { responseCode?: string; file?: { id: string; mime: string; size: number } } };
}

const download = (app: TestApp, token: string, milestoneId: string, fileId: string) =>
  fetch(`${app.baseUrl}/api/company/milestones/${milestoneId}/files/${fileId}`, { headers: { authorization: `Bearer ${token}` } });

describe('milestone deliverables', () => {
  test('the freelancer uploads files and submits them; the company sees and downloads them; others get 404', async () => {
    const app = await startLoopApp(env);
    const s = await engaged(app, fixedTerms(app), { companyName: 'Globex' });
    const other = await engaged(app, fixedTerms(app), { companyName: 'Initech' });
    const [first] = (await freelancerView(app, s.f.token, s.engagement.id)).milestones;
    if (!first) throw new Error('no milestone');
    const mid = first.id;

    // Not before the milestone is funded.
    const early = await upload(app, s.f.token, mid, { data: PDF, type: 'application/pdf', name: 'wireframes.pdf' });
    expect(early).toMatchObject({ status: 409, body: { responseCode: 'TL_CORE_18121_E' } });
    okBody(await call(app, fundMilestone, { params: { milestoneId: mid }, body: { version: 1 } }, { token: s.company.token }));

    // Another freelancer's milestone is 404; a company cannot upload (403); no file, or not a document, is refused.
    expect((await upload(app, other.f.token, mid, { data: PDF, type: 'application/pdf', name: 'x.pdf' })).status).toBe(404);
    expect((await upload(app, s.company.token, mid, { data: PDF, type: 'application/pdf', name: 'x.pdf' })).status).toBe(403);
    expect((await upload(app, s.f.token, mid, null)).body.responseCode).toBe('TL_CORE_00400_E');
    const script = await upload(app, s.f.token, mid, {
      data: Buffer.from('<script>alert(1)</script>'),
      type: 'application/pdf',
      name: 'a.pdf',
    });
    expect(script).toMatchObject({ status: 415, body: { responseCode: 'TL_CORE_11020_E' } });

    const pdf = await upload(app, s.f.token, mid, { data: PDF, type: 'application/pdf', name: 'wireframes.pdf' });
    const png = await upload(app, s.f.token, mid, { data: PNG, type: 'image/png', name: 'home.png' });
    expect(pdf).toMatchObject({ status: 200, body: { file: { mime: 'application/pdf', size: PDF.length } } });
    expect(png).toMatchObject({ status: 200, body: { file: { mime: 'image/png', size: PNG.length } } });
    const ids = [pdf.body.file?.id ?? '', png.body.file?.id ?? ''];

    // Nothing is downloadable before the submission names the files.
    expect((await download(app, s.company.token, mid, ids[0] ?? '')).status).toBe(404);
    const submitted = await call(
      app,
      submitMilestone,
      { params: { milestoneId: mid }, body: { version: 2, note: 'Wireframes for all six pages.', links: [], fileIds: ids } },
      { token: s.f.token },
    );
    expectOk(submitted);
    expect(submitted.body.milestone.submission?.files).toEqual([
      { id: ids[0], mime: 'application/pdf', size: PDF.length },
      { id: ids[1], mime: 'image/png', size: PNG.length },
    ]);

    // The company sees them in the engagement and downloads each, as an attachment of its stored type.
    const seen = (await companyView(app, s.company.token, s.engagement.id)).milestones.find((m) => m.id === mid);
    expect(seen?.submission?.files.map((f) => f.id)).toEqual(ids);
    const got = await download(app, s.company.token, mid, ids[0] ?? '');
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; filename="milestone-1-file-1\.pdf"$/);
    expect(Buffer.from(await got.arrayBuffer()).equals(PDF)).toBe(true);
    const image = await download(app, s.company.token, mid, ids[1] ?? '');
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);

    // Another company, a file the submission does not name, or a malformed id: 404.
    expect((await download(app, other.company.token, mid, ids[0] ?? '')).status).toBe(404);
    const [otherFirst] = (await freelancerView(app, other.f.token, other.engagement.id)).milestones;
    expect((await download(app, s.company.token, otherFirst?.id ?? '', ids[0] ?? '')).status).toBe(404);
    expect((await download(app, s.company.token, mid, crypto.randomUUID())).status).toBe(404);
    expect((await download(app, s.company.token, mid, 'not-a-uuid')).status).toBe(404);
    // The freelancer cannot use the company's path (403).
    expect((await download(app, s.f.token, mid, ids[0] ?? '')).status).toBe(403);
    // Nor submit another freelancer's upload.
    okBody(
      await call(
        app,
        fundMilestone,
        { params: { milestoneId: otherFirst?.id ?? '' }, body: { version: 1 } },
        { token: other.company.token },
      ),
    );
    expectFailure(
      await call(
        app,
        submitMilestone,
        { params: { milestoneId: otherFirst?.id ?? '' }, body: { version: 2, note: 'Borrowed work here.', links: [], fileIds: ids } },
        { token: other.f.token },
      ),
      400,
      'TL_CORE_18122_E',
    );
  });
});
