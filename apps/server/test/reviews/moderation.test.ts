import { createReview, hideReview, listMyReviews, listOperatorReviews, reviewCompany } from '@talentloop/contract/api/reviews';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { auditLog, reviews } from '../../src/infra/db/schema.ts';
import { call, expectFailure, expectOk, okBody, useApi } from '../helpers.ts';
import { markDemo, queuedSubjects, startLoopApp, verifiedCompany } from '../talent/loop-support.ts';
import { goodCompanyReview, goodReview, hired, hiresOf, workDone, profileOf, published, reviewed, select, tokenOf } from './support.ts';

// Operators hide reviews that break the rules (issue 22): the reason in the audit log, the
// freelancer and the company told; a hidden review counts nowhere. Profiles show the rating from
// visible reviews only, and nothing when there are none.

const env = useApi();

describe('review moderation and the profile’s rating', () => {
  test('an operator hides a review: audit entry with the reason, both parties mailed, gone from the profile and the rating', async () => {
    const app = await startLoopApp(env);
    const { operator, company, f, review } = await published(app, goodReview(4), { companyName: 'Globex' });
    const listed = okBody(await call(app, listOperatorReviews, {}, { token: operator.accessToken })).reviews;
    expect(listed[0]).toMatchObject({ id: review.id, companyName: 'Globex', hidden: false, hiddenReason: null, freelancerSlug: f.slug });

    const reason = 'Shares the freelancer’s private phone number.';
    const hidden = await call(app, hideReview, { params: { reviewId: review.id }, body: { reason } }, { token: operator.accessToken });
    expectOk(hidden);
    expect(hidden.body.review).toMatchObject({ id: review.id, hidden: true, hiddenReason: reason });
    const entries = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'review.hide'), eq(auditLog.targetId, review.id)));
    expect(entries).toEqual([
      expect.objectContaining({
        targetType: 'review',
        operatorEmail: operator.email,
        reason,
        before: { hidden: false },
        after: { hidden: true },
      }),
    ]);
    expect(await queuedSubjects(app, f.email)).toContain('A review by Globex was hidden');
    expect(await queuedSubjects(app, company.accountEmail)).toContainEqual(expect.stringMatching(/^Your review of Asha .+ was hidden$/));

    const again = await call(app, hideReview, { params: { reviewId: review.id }, body: { reason } }, { token: operator.accessToken });
    expectFailure(again, 409, 'TL_CORE_15047_E');
    expect(await app.db.select().from(auditLog).where(eq(auditLog.targetId, review.id))).toHaveLength(1);

    const profile = await profileOf(app, f.slug, company.token);
    expect(profile.rating).toBeNull();
    expect(profile.reviews).toEqual([]);
    const mine = okBody(await call(app, listMyReviews, {}, { token: f.token }));
    expect(mine).toMatchObject({ rating: null, reviews: [expect.objectContaining({ id: review.id, hidden: true })] });
    const [hire] = await hiresOf(app, company.token);
    expect(hire?.review).toMatchObject({ hidden: true });
    const top = okBody(await call(app, listOperatorReviews, {}, { token: operator.accessToken })).reviews[0];
    expect(top).toMatchObject({ id: review.id, hidden: true, hiddenReason: reason });
    expect(Date.parse(top?.hiddenAt ?? '')).toBeGreaterThan(0);
  });

  test('demo accounts are never mailed; a reason is required; unknown ids are 404', async () => {
    const app = await startLoopApp(env);
    const { operator, company, f, review } = await reviewed(app);
    await markDemo(app, f.id);
    await markDemo(app, company.userId);
    const noReason = await call(
      app,
      hideReview,
      { params: { reviewId: review.id }, body: { reason: ' ' } },
      { token: operator.accessToken },
    );
    expect(noReason.status).toBe(400);
    for (const reviewId of ['nope', crypto.randomUUID()]) {
      const res = await call(
        app,
        hideReview,
        { params: { reviewId }, body: { reason: 'Breaks the rules.' } },
        { token: operator.accessToken },
      );
      expectFailure(res, 404, 'TL_CORE_15044_E', reviewId);
    }
    expectOk(
      await call(
        app,
        hideReview,
        { params: { reviewId: review.id }, body: { reason: 'Breaks the rules.' } },
        { token: operator.accessToken },
      ),
    );
    expect(await queuedSubjects(app, f.email)).not.toContain('A review by Acme Labs was hidden');
    expect((await queuedSubjects(app, company.accountEmail)).filter((s) => s.includes('was hidden'))).toEqual([]);
  });

  test('freelancers and companies cannot use the operators’ review endpoints', async () => {
    const app = await startLoopApp(env);
    const { company, f, review } = await reviewed(app);
    for (const token of [company.token, f.token]) {
      expectFailure(await call(app, listOperatorReviews, {}, { token }), 403, 'TL_CORE_00403_E');
      const res = await call(app, hideReview, { params: { reviewId: review.id }, body: { reason: 'I do not like it.' } }, { token });
      expectFailure(res, 403, 'TL_CORE_00403_E');
    }
    expect((await app.db.select().from(reviews).where(eq(reviews.id, review.id)))[0]?.hiddenAt).toBeNull();
  });

  test('the profile shows the average and count of visible reviews with the company names, none before; the level is derived', async () => {
    const app = await startLoopApp(env);
    const first = await published(app, goodReview(5), { companyName: 'Globex' });
    const { f } = first;
    const before = await profileOf(app, f.slug, first.company.token);
    expect(before.rating).toEqual({ average: 5, count: 1 });
    expect(before.level).toMatchObject({ key: 'senior', label: 'Senior', vetted: true });
    expect(before.level.explanation).toMatch(/years of work experience on a vetted profile\.$/);

    // Two more companies select the same freelancer, engage them and approve their work, and then
    // each side reviews the other (4 stars, and 3/4 mixed: 3.5): both published.
    const more = [];
    for (const name of ['Initech', 'Umbrella']) {
      const c = await verifiedCompany(app, name);
      await select(app, c, { slug: f.slug, token: await tokenOf(app, f.email) });
      more.push({ company: c, f });
    }
    await workDone(app, more);
    const fToken = await tokenOf(app, f.email);
    const [initech, umbrella] = more.map((m) => m.company);
    if (!initech || !umbrella) throw new Error('no companies');
    const reviewBy = async (c: typeof initech, body: ReturnType<typeof goodReview>) => {
      const token = await tokenOf(app, c.accountEmail);
      const [h] = await hiresOf(app, token);
      const hireId = h?.id ?? '';
      expectOk(await call(app, reviewCompany, { params: { hireId }, body: goodCompanyReview(4) }, { token: fToken }));
      return okBody(await call(app, createReview, { params: { hireId }, body }, { token })).hire.review;
    };
    await reviewBy(initech, goodReview(4, 'Reliable and quick, would hire again <3.'));
    const mixed = await reviewBy(umbrella, {
      ratings: { quality: 4, communication: 3, reliability: 3, expertise: 4 },
      text: 'Good work, communication could be better.',
    });
    const viewer = await tokenOf(app, first.company.accountEmail);
    const operator = { accessToken: await tokenOf(app, first.operator.email) };
    const profile = await profileOf(app, f.slug, viewer);
    // (5 + 4 + 3.5) / 3 = 4.1666...
    expect(profile.rating).toEqual({ average: 4.2, count: 3 });
    expect(profile.reviews.map((r) => [r.companyName, r.overall])).toEqual([
      ['Umbrella', 3.5],
      ['Initech', 4],
      ['Globex', 5],
    ]);
    expect(profile.reviews[1]?.text).toBe('Reliable and quick, would hire again <3.');

    expectOk(
      await call(
        app,
        hideReview,
        { params: { reviewId: mixed?.id ?? '' }, body: { reason: 'Off topic.' } },
        { token: operator.accessToken },
      ),
    );
    const after = await profileOf(app, f.slug, viewer);
    expect(after.rating).toEqual({ average: 4.5, count: 2 });
    expect(after.reviews.map((r) => r.companyName)).toEqual(['Initech', 'Globex']);
  });

  test('a profile without reviews has no rating and no reviews', async () => {
    const app = await startLoopApp(env);
    const { company, f } = await hired(app);
    const profile = await profileOf(app, f.slug, company.token);
    expect(profile.rating).toBeNull();
    expect(profile.reviews).toEqual([]);
  });
});
