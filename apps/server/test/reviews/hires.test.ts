import { createReview, listHires, reviewCompany } from '@talentloop/contract/api/reviews';
import { updateCandidate } from '@talentloop/contract/api/shortlists';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { hires, reviews } from '../../src/infra/db/schema.ts';
import { call, expectFailure, expectOk, useApi } from '../helpers.ts';
import { startLoopApp, verifiedCompany } from '../talent/loop-support.ts';
import { goodCompanyReview, goodReview, hired, hiresOf, refreshed, reviewable, workDone } from './support.ts';

// Hires (issue 22): selecting a shortlist candidate makes one; its engagement ending finishes it (issue 35).

const env = useApi();

describe('hires', () => {
  test('selecting a candidate makes one hire with the company’s name and the role; its engagement ending finishes it (no manual step)', async () => {
    const app = await startLoopApp(env);
    const setting = await hired(app, { companyName: 'Globex' });
    const { f, hire } = setting;
    expect(hire).toMatchObject({
      companyName: 'Globex',
      role: 'Senior Designer',
      finishedAt: null,
      version: 0,
      review: null,
      freelancer: { slug: f.slug, firstName: 'Asha' },
    });
    expect(await app.db.select().from(hires).where(eq(hires.freelancerId, f.id))).toHaveLength(1);

    // Issue 35: the engagement ends (an earlier end both accepted), and that finishes the hire once.
    await workDone(app, [setting]);
    const { company } = await refreshed(app, setting);
    const [done] = await hiresOf(app, company.token);
    expect(done).toMatchObject({ id: hire.id, version: 1, eligibility: { eligible: true } });
    expect(Date.parse(done?.finishedAt ?? '')).toBeGreaterThan(0);
  });

  test('leaving Selected before the hire is finished removes it; a finished hire stays, and selecting again makes no second one', async () => {
    const app = await startLoopApp(env);
    const setting = await hired(app);
    const { f, selection, hire } = setting;
    let { company } = setting;
    const move = (stage: 'interview' | 'selected' | 'not_selected', version: number) =>
      call(
        app,
        updateCandidate,
        {
          params: { shortlistId: selection.listId, candidateId: selection.candidateId },
          body: { stage, version, note: '', ...(stage === 'not_selected' ? { reason: 'We paused the role.' } : {}) },
        },
        { token: company.token },
      );
    expectOk(await move('interview', selection.version));
    expect(await hiresOf(app, company.token)).toEqual([]);
    expectOk(await move('selected', selection.version + 1));
    const [second] = await hiresOf(app, company.token);
    expect(second?.id).not.toBe(hire.id);
    // The new hire becomes reviewable the real way (issue 32), then is finished.
    await workDone(app, [setting]);
    company = (await refreshed(app, setting)).company;
    expectOk(await move('not_selected', selection.version + 2));
    expectOk(await move('selected', selection.version + 3));
    const kept = await hiresOf(app, company.token);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ id: second?.id, version: 1 });
    expect(kept[0]?.finishedAt).not.toBeNull();
    expect(await app.db.select().from(hires).where(eq(hires.freelancerId, f.id))).toHaveLength(1);
  });

  test('an unfinished hire the freelancer already reviewed stays when the candidate leaves Selected, with its review', async () => {
    const app = await startLoopApp(env);
    const { company, f, selection, hire } = await reviewable(app);
    expectOk(await call(app, reviewCompany, { params: { hireId: hire.id }, body: goodCompanyReview() }, { token: f.token }));
    const moved = await call(
      app,
      updateCandidate,
      {
        params: { shortlistId: selection.listId, candidateId: selection.candidateId },
        body: { stage: 'interview', version: selection.version, note: '' },
      },
      { token: company.token },
    );
    expectOk(moved);
    const kept = await hiresOf(app, company.token);
    expect(kept.map((h) => [h.id, h.freelancerReviewed])).toEqual([[hire.id, true]]);
    expect(await app.db.select().from(reviews).where(eq(reviews.hireId, hire.id))).toHaveLength(1);
  });

  test('another company’s hire, or an id that is not a UUID, is not found; freelancers and operators cannot use the company’s endpoints', async () => {
    const app = await startLoopApp(env);
    const { company, f, operator, hire } = await hired(app);
    const other = await verifiedCompany(app, 'Initech');
    expect(await hiresOf(app, other.token)).toEqual([]);
    for (const hireId of [hire.id, 'not-a-uuid', crypto.randomUUID()]) {
      const res = await call(app, createReview, { params: { hireId }, body: goodReview() }, { token: other.token });
      expectFailure(res, 404, 'TL_CORE_15040_E', hireId);
    }
    expectFailure(await call(app, listHires, {}, { token: f.token }), 403, 'TL_CORE_00403_E');
    expectFailure(await call(app, listHires, {}, { token: operator.accessToken }), 403, 'TL_CORE_00403_E');
    expectFailure(
      await call(app, createReview, { params: { hireId: hire.id }, body: goodReview() }, { token: f.token }),
      403,
      'TL_CORE_00403_E',
    );
    const untouched = await hiresOf(app, company.token);
    expect(untouched).toHaveLength(1);
    expect(untouched[0]).toMatchObject({ finishedAt: null, version: 0 });
  });
});
