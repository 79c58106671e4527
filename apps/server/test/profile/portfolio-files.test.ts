import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/infra/db/schema.ts';
import { type TestApp, expectFailure, useApi } from '../helpers.ts';
import { bearer, freelancerWithBasics } from '../onboarding/support.ts';
import { docx, item, pdf, png, putPortfolio } from './portfolio-support.ts';

const env = useApi();

/** A signed-in account holding only `role`. */
async function tokenWithRole(app: TestApp, role: 'client' | 'operator') {
  const account = await app.createUser();
  await app.db
    .update(users)
    .set({ roles: [role] })
    .where(eq(users.email, account.email));
  return (await app.signIn(account.email)).accessToken;
}

describe('portfolio files as served', () => {
  it('documents download as attachments with nosniff, for their owner and operators only', async () => {
    const app = await env.start();
    const owner = await freelancerWithBasics(app);
    const saved = await putPortfolio(app, owner.accessToken, {
      profileData: { version: 0, portfolioDetails: [item({ fileIndex: 1 }), item({ portfolioTitle: 'Spec', fileIndex: 2 })] },
      files: [
        { data: pdf(), name: 'case.pdf', type: 'application/pdf' },
        { data: docx(), name: 'spec.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
      ],
    });
    expect(saved.status).toBe(200);
    const other = await freelancerWithBasics(app);
    const operator = await tokenWithRole(app, 'operator');
    for (const doc of saved.body.portfolioDetails) {
      const own = await fetch(`${app.baseUrl}${doc.fileUrl}`, { headers: { authorization: `Bearer ${owner.accessToken}` } });
      expect(own.status).toBe(200);
      expect(own.headers.get('content-type')).toBe(doc.fileMime);
      expect(own.headers.get('content-disposition')).toMatch(/^attachment; filename="file-[0-9a-f]{8}\.(pdf|docx)"$/);
      expect(own.headers.get('x-content-type-options')).toBe('nosniff');

      expect((await app.get(doc.fileUrl, bearer(other.accessToken))).status).toBe(404);
      expect([401, 404]).toContain((await app.get(doc.fileUrl)).status);
      expect((await app.get(doc.fileUrl, bearer(operator))).status).toBe(200);
    }
  }, 60_000);

  it('an image item is served as the re-encoded WebP to its owner', async () => {
    const app = await env.start();
    const owner = await freelancerWithBasics(app);
    const saved = await putPortfolio(app, owner.accessToken, {
      profileData: { version: 0, portfolioDetails: [item({ fileIndex: 1 })] },
      files: [{ data: await png(), name: 'shot.png', type: 'image/png' }],
    });
    const res = await fetch(`${app.baseUrl}${saved.body.portfolioDetails[0].fileUrl}`, {
      headers: { authorization: `Bearer ${owner.accessToken}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('company accounts cannot use the freelancer portfolio, privacy and preview endpoints', async () => {
    const app = await env.start();
    const client = bearer(await tokenWithRole(app, 'client'));
    expectFailure(await app.get('/api/freelancer-settings/portfolio-details', client), 403, 'TL_CORE_00403_E');
    expectFailure(await app.get('/api/freelancer-settings/privacy', client), 403, 'TL_CORE_00403_E');
    expectFailure(await app.get('/api/freelancer-settings/public-preview', client), 403, 'TL_CORE_00403_E');
    // Their own account data they can export.
    expect((await app.get('/api/account/export', client)).status).toBe(200);
  });
});
