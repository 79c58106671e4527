import { createReview, listMyReviews, replyToReview, updateReview } from '@talentloop/contract/api/reviews';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { reviews } from '../../src/infra/db/schema.ts';
import { DAY, MINUTE, call, expectFailure, expectOk, okBody, useApi } from '../helpers.ts';
import { startLoopApp, verifiedCompany, vettedFreelancer } from '../talent/loop-support.ts';
import { goodReview, hired, hiresOf, published, refreshed, reviewable, reviewed, select, workDone } from './support.ts';

// Reviews (issue 22): only the company that selected the freelancer, only once the hire is
// reviewable (issue 32: review-rules.test.ts) and finished, only once; editable for 14 days; the
// freelancer replies once. Text is stored as text.

const env = useApi();

describe('reviews', () => {
  test('a review needs the company’s own finished hire, and only one is accepted', async () => {
    const app = await startLoopApp(env);
    const setting = await hired(app);
    const early = await call(
      app,
      createReview,
      { params: { hireId: setting.hire.id }, body: goodReview() },
      { token: setting.company.token },
    );
    expectFailure(early, 409, 'TL_CORE_15042_E');
    // Its engagement ends with approved work (issue 35): the hire is finished, and reviewable.
    await workDone(app, [setting]);
    const { company, f, hire } = await refreshed(app, setting);

    // Another company (even one that selected the same freelancer) cannot review this hire.
    const other = await verifiedCompany(app, 'Initech');
    await select(app, other, f);
    const foreign = await call(app, createReview, { params: { hireId: hire.id }, body: goodReview() }, { token: other.token });
    expectFailure(foreign, 404, 'TL_CORE_15040_E');
    expectFailure(
      await call(app, createReview, { params: { hireId: hire.id }, body: goodReview() }, { token: f.token }),
      403,
      'TL_CORE_00403_E',
    );

    const text = '<b>Great</b> work & "clear" communication, <script>alert(1)</script>';
    const [first, second] = await Promise.all([
      call(app, createReview, { params: { hireId: hire.id }, body: goodReview(4, text) }, { token: company.token }),
      call(
        app,
        createReview,
        { params: { hireId: hire.id }, body: goodReview(2, 'A second review of the same hire.') },
        { token: company.token },
      ),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first.status === 409 ? first : second;
    expectFailure(loser, 409, 'TL_CORE_15043_E');
    const rows = await app.db.select().from(reviews).where(eq(reviews.hireId, hire.id));
    expect(rows).toHaveLength(1);
    const [mine] = await hiresOf(app, company.token);
    expect(mine?.review).toMatchObject({ hidden: false, reply: null, version: 0 });
    expect(mine?.review?.text).toBe(first.status === 200 ? text : 'A second review of the same hire.');
  });

  test('bad stars or text are refused with a clear message and save nothing', async () => {
    const app = await startLoopApp(env);
    const { company, hire } = await reviewable(app);
    const stars = { quality: 5, communication: 5, reliability: 5, expertise: 5 };
    const bad: Array<[string, unknown]> = [
      ['zero stars', { ratings: { ...stars, quality: 0 }, text: goodReview().text }],
      ['six stars', { ratings: { ...stars, expertise: 6 }, text: goodReview().text }],
      ['half a star', { ratings: { ...stars, reliability: 4.5 }, text: goodReview().text }],
      ['a criterion missing', { ratings: { quality: 5, communication: 5, reliability: 5 }, text: goodReview().text }],
      ['an unknown criterion', { ratings: { ...stars, price: 5 }, text: goodReview().text }],
      ['a short text', { ratings: stars, text: 'Good.' }],
      ['a long text', { ratings: stars, text: 'x'.repeat(2_001) }],
      ['a hidden character', { ratings: stars, text: 'Good work on the design system\u202E overall.' }],
    ];
    for (const [what, body] of bad) {
      const res = await call(app, createReview, { params: { hireId: hire.id }, body: body as never }, { token: company.token });
      expect(res.status, what).toBe(400);
      expect((res.body as { responseMessage: string }).responseMessage, what).toMatch(/star|characters|review/i);
    }
    expect(await app.db.select().from(reviews).where(eq(reviews.hireId, hire.id))).toEqual([]);
  });

  test('the company edits its review for 14 days, with the version it loaded; after that it is refused', async () => {
    const app = await startLoopApp(env);
    const { company, review } = await reviewed(app);
    const edit = (body: ReturnType<typeof goodReview> & { version: number }, token = company.token) =>
      call(app, updateReview, { params: { reviewId: review.id }, body }, { token });
    expectFailure(await edit({ ...goodReview(3), version: 5 }), 409, 'TL_CORE_10110_E');
    const edited = await edit({ ...goodReview(3, 'Solid work, a little slow to answer at times.'), version: 0 });
    expectOk(edited);
    expect(edited.body.hire.review).toMatchObject({ overall: 3, version: 1, text: 'Solid work, a little slow to answer at times.' });
    expect(Date.parse(edited.body.hire.review?.editableUntil ?? '')).toBe(Date.parse(review.createdAt) + 14 * DAY);

    app.clock.advance(14 * DAY - MINUTE);
    const token = (await app.signIn(company.accountEmail)).accessToken;
    expectOk(await edit({ ...goodReview(4), version: 1 }, token));
    app.clock.advance(2 * MINUTE);
    const late = await edit({ ...goodReview(1), version: 2 }, token);
    expectFailure(late, 409, 'TL_CORE_15045_E');
    const [row] = await app.db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(row).toMatchObject({ overall: 4, version: 2 });

    const other = await verifiedCompany(app, 'Initech');
    expectFailure(await edit({ ...goodReview(1), version: 2 }, other.token), 404, 'TL_CORE_15044_E');
    const notUuid = await call(app, updateReview, { params: { reviewId: 'x' }, body: { ...goodReview(), version: 0 } }, { token });
    expectFailure(notUuid, 404, 'TL_CORE_15044_E');
  });

  test('the freelancer sees the reviews about them and replies once; nobody else can reply', async () => {
    const app = await startLoopApp(env);
    const { f, company, operator, review } = await published(app, goodReview(4), { companyName: 'Globex' });
    const mine = okBody(await call(app, listMyReviews, {}, { token: f.token }));
    expect(mine.rating).toEqual({ average: 4, count: 1 });
    expect(mine.reviews).toEqual([
      expect.objectContaining({ id: review.id, companyName: 'Globex', role: 'Senior Designer', overall: 4, reply: null, hidden: false }),
    ]);
    const reply = (token: string, text: string, reviewId = review.id) =>
      call(app, replyToReview, { params: { reviewId }, body: { reply: text } }, { token });

    const stranger = await vettedFreelancer(app, operator.accessToken);
    expectFailure(await reply(stranger.token, 'Not my review to answer.'), 404, 'TL_CORE_15044_E');
    expectFailure(await reply(company.token, 'Companies cannot reply.'), 403, 'TL_CORE_00403_E');
    expect((await reply(f.token, '')).status).toBe(400);
    expectFailure(await reply(f.token, 'Thanks!', 'not-a-uuid'), 404, 'TL_CORE_15044_E');

    const answered = await reply(f.token, '  Thank you, it was a pleasure <3  ');
    expectOk(answered);
    expect(answered.body.review).toMatchObject({ reply: 'Thank you, it was a pleasure <3' });
    expectFailure(await reply(f.token, 'Changing my mind.'), 409, 'TL_CORE_15046_E');
    const [company1] = await hiresOf(app, company.token);
    expect(company1?.review?.reply).toBe('Thank you, it was a pleasure <3');
  });
});
