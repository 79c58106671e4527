import {
  acceptTerms,
  addDays,
  approveTimesheet,
  localDay,
  makeOffer,
  saveWeek,
  submitWeek,
  weekStartOf,
} from '@talentloop/contract/api/engagements';
import {
  REVIEW_BLIND_DAYS,
  createReview,
  hideReview,
  listMyReviews,
  listOperatorReviews,
  replyToReview,
  restoreReview,
  reviewCompany,
  updateReview,
} from '@talentloop/contract/api/reviews';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { createReviewService } from '../../src/features/reviews/service.ts';
import { auditLog, reviews } from '../../src/infra/db/schema.ts';
import { DAY, MINUTE, type TestApp, call, expectFailure, expectOk, okBody, outboxFor, useApi } from '../helpers.ts';
import { markDemo, queuedSubjects, startLoopApp, verifiedCompany, vettedFreelancer } from '../talent/loop-support.ts';
import {
  endNow,
  freelancerHiresOf,
  goodCompanyReview,
  goodReview,
  hired,
  hiresOf,
  prepareBilling,
  profileOf,
  published,
  reviewable,
  reviewed,
  select,
  tokenOf,
} from './support.ts';

// Reviews only from real work (issues 32, 34): a hire is reviewable (and can be marked finished) once
// an engagement of it ended with approved work; each side reviews the other once; double-blind: a review shows to the
// other side, on the profile and in the rating only when both are in or REVIEW_BLIND_DAYS after it
// was written (on the server's clock), and then its subject is mailed once; operators restore a
// hidden review (audited, both told).

const env = useApi();

/**
 * The text of the one mail to `email` whose subject `is`: from the outbox while it waits, or, once
 * sent (the outbox clears a sent mail's body, and marks it sent only after the SMTP server took it),
 * as the test's SMTP server received it. No wait either way.
 */
async function mailText(app: TestApp, email: string, is: (subject: string) => boolean): Promise<string> {
  const [row] = (await outboxFor(app.db, email)).filter((m) => is(m.subject));
  if (!row) throw new Error(`no mail to ${email}`);
  if (row.sentAt === null) return row.text;
  const received = env.mailbox.mailTo(email).find((m) => /^Subject: (.*)$/m.exec(m.decoded)?.[1]?.trim() === row.subject);
  if (!received) throw new Error(`the mail '${row.subject}' is marked sent but was not received`);
  return received.decoded;
}

/** The review-publication sweep the server ticks (publisher.ts), run once now (the file's tests share a database: read mails per address). */
const sweep = (app: TestApp) => createReviewService({ db: app.db, clock: app.clock, config: app.config }).publishDueReviews();

const reviewedYou = (subjects: string[]) => subjects.filter((s) => s.endsWith(' reviewed you'));

describe('reviews only from real work', () => {
  test('before an engagement of the hire has approved work and has ended, neither side can review and the company cannot finish; the hire says what it waits for', async () => {
    const app = await startLoopApp(env);
    const setting = await hired(app);
    const { hire } = setting;
    // Another company selects the same freelancer and never engages them.
    const idle = await verifiedCompany(app, 'Initech');
    await select(app, idle, setting.f);
    expect(hire.eligibility).toEqual({ eligible: false, waitingFor: ['approved_work', 'engagement_ended'], from: null });
    const seen = (await freelancerHiresOf(app, setting.f.token)).find((h) => h.id === hire.id);
    expect(seen).toMatchObject({
      id: hire.id,
      companyName: 'Acme Labs',
      eligibility: hire.eligibility,
      review: null,
      companyReviewed: false,
    });

    const refused = async (s: { company: { token: string }; f: { token: string } }, hireId: string) => {
      expectFailure(
        // Not finished: its engagement has not ended (issue 35: ending finishes the hire).
        await call(app, createReview, { params: { hireId }, body: goodReview() }, { token: s.company.token }),
        409,
        'TL_CORE_15042_E',
      );
      expectFailure(
        await call(app, reviewCompany, { params: { hireId }, body: goodCompanyReview() }, { token: s.f.token }),
        409,
        'TL_CORE_15049_E',
      );
    };
    await refused(setting, hire.id);

    // Terms accepted and a week submitted, not approved: still refused.
    await prepareBilling(app, setting.company, setting.f);
    const weekStart = addDays(weekStartOf(localDay(app.clock.now(), 'UTC')), -7);
    const engagement = okBody(
      await call(
        app,
        makeOffer,
        {
          params: { hireId: hire.id },
          body: {
            roleTitle: 'Design lead',
            scope: 'Lead the design of the product.',
            kind: 'hourly',
            currency: 'EUR',
            rateMinor: 6_000,
            weeklyCapHours: 20,
            startDate: weekStart,
            noticeDays: 30,
            timeZone: 'Europe/Berlin',
          },
        },
        { token: setting.company.token },
      ),
    ).engagement;
    const engagementId = engagement.id;
    okBody(await call(app, acceptTerms, { params: { engagementId }, body: { termsVersion: 1 } }, { token: setting.f.token }));
    const params = { engagementId, weekStart };
    const saved = okBody(
      await call(
        app,
        saveWeek,
        { params, body: { version: 0, lines: [{ day: weekStart, quarterHours: 16, description: 'Design review' }] } },
        { token: setting.f.token },
      ),
    ).timesheet;
    const sent = okBody(await call(app, submitWeek, { params, body: { version: saved.version } }, { token: setting.f.token })).timesheet;
    await refused(setting, hire.id);

    // Approved: it waits for the end.
    okBody(
      await call(
        app,
        approveTimesheet,
        { params: { timesheetId: sent.id ?? '' }, body: { version: sent.version } },
        { token: setting.company.token },
      ),
    );
    const [working] = await hiresOf(app, setting.company.token);
    expect(working?.eligibility).toEqual({ eligible: false, waitingFor: ['engagement_ended'], from: null });
    await refused(setting, hire.id);

    // Ended: both sides may review.
    const ended = await endNow(app, engagementId, setting.company.token, setting.f.token);
    const [ready] = await hiresOf(app, setting.company.token);
    expect(ready?.eligibility).toEqual({ eligible: true, waitingFor: [], from: ended.endedAt });
    expectOk(await call(app, reviewCompany, { params: { hireId: hire.id }, body: goodCompanyReview() }, { token: setting.f.token }));

    // The company that never engaged them still cannot.
    const idleToken = await tokenOf(app, idle.accountEmail);
    const [idleHire] = await hiresOf(app, idleToken);
    expect(idleHire?.eligibility).toMatchObject({ eligible: false, waitingFor: ['approved_work', 'engagement_ended'] });
    await refused({ company: { token: idleToken }, f: setting.f }, idleHire?.id ?? '');
    expect(
      await app.db
        .select()
        .from(reviews)
        .where(eq(reviews.hireId, idleHire?.id ?? '')),
    ).toEqual([]);
  });

  test('each side reviews the other once per hire; only the hire’s own freelancer can review its company', async () => {
    const app = await startLoopApp(env);
    const { company, f, operator, hire } = await reviewable(app);
    const stranger = await vettedFreelancer(app, operator.accessToken);
    const byFreelancer = (token: string, body = goodCompanyReview(), hireId = hire.id) =>
      call(app, reviewCompany, { params: { hireId }, body }, { token });
    for (const hireId of [hire.id, 'not-a-uuid', crypto.randomUUID()]) {
      expectFailure(await byFreelancer(stranger.token, goodCompanyReview(), hireId), 404, 'TL_CORE_15040_E', hireId);
    }
    expectFailure(await byFreelancer(company.token), 403, 'TL_CORE_00403_E');
    const bad = await byFreelancer(f.token, { ratings: { ...goodCompanyReview().ratings, quality: 5 } as never, text: 'x' });
    expect(bad.status).toBe(400);

    const [first, second] = await Promise.all([
      byFreelancer(f.token, goodCompanyReview(4)),
      byFreelancer(f.token, goodCompanyReview(2, 'A second review of the same company.')),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expectFailure(first.status === 409 ? first : second, 409, 'TL_CORE_15043_E');
    const mine = okBody(first.status === 200 ? first : second).hire;
    expect(mine.review).toMatchObject({ hidden: false, revealed: false });

    // The company's side is its own: one review too.
    expectOk(await call(app, createReview, { params: { hireId: hire.id }, body: goodReview() }, { token: company.token }));
    const again = await call(app, createReview, { params: { hireId: hire.id }, body: goodReview(1) }, { token: company.token });
    expectFailure(again, 409, 'TL_CORE_15043_E');
    const rows = await app.db.select().from(reviews).where(eq(reviews.hireId, hire.id));
    expect(rows.map((r) => r.author).sort()).toEqual(['company', 'freelancer']);
  });

  test('double-blind: the company’s review is hidden from the freelancer, the profile and the rating until the freelancer reviews the company; then both show and each side is mailed once', async () => {
    const app = await startLoopApp(env);
    const { company, f, review, hire } = await reviewed(app, goodReview(4), { companyName: 'Globex' });
    expect(review).toMatchObject({ revealed: false, revealAt: new Date(Date.parse(review.createdAt) + 14 * DAY).toISOString() });

    expect(okBody(await call(app, listMyReviews, {}, { token: f.token }))).toMatchObject({ rating: null, reviews: [] });
    const hiddenProfile = await profileOf(app, f.slug, company.token);
    expect(hiddenProfile).toMatchObject({ rating: null, reviews: [] });
    expectFailure(
      await call(app, replyToReview, { params: { reviewId: review.id }, body: { reply: 'Thank you!' } }, { token: f.token }),
      404,
      'TL_CORE_15044_E',
    );
    const [waiting] = await freelancerHiresOf(app, f.token);
    expect(waiting).toMatchObject({ companyReviewed: true, review: null });
    expect(reviewedYou(await queuedSubjects(app, f.email))).toEqual([]);

    // The freelancer reviews the company: both are in, both published at once.
    const theirs = okBody(
      await call(
        app,
        reviewCompany,
        { params: { hireId: hire.id }, body: goodCompanyReview(3, 'Friendly team, but the brief changed every week.') },
        { token: f.token },
      ),
    ).hire;
    expect(theirs.review).toMatchObject({ revealed: true, overall: 3 });
    const [companySide] = await hiresOf(app, company.token);
    expect(companySide?.review).toMatchObject({ id: review.id, revealed: true });
    expect(companySide).toMatchObject({
      freelancerReviewed: true,
      freelancerReview: { text: 'Friendly team, but the brief changed every week.', overall: 3, revealed: true },
    });
    const mine = okBody(await call(app, listMyReviews, {}, { token: f.token }));
    expect(mine.rating).toEqual({ average: 4, count: 1 });
    expect(mine.reviews.map((r) => r.id)).toEqual([review.id]);
    const shown = await profileOf(app, f.slug, company.token);
    expect(shown.rating).toEqual({ average: 4, count: 1 });
    expect(shown.reviews.map((r) => r.id)).toEqual([review.id]);
    expectOk(await call(app, replyToReview, { params: { reviewId: review.id }, body: { reply: 'Thank you!' } }, { token: f.token }));
    expect(reviewedYou(await queuedSubjects(app, f.email))).toEqual(['Globex reviewed you']);
    expect(reviewedYou(await queuedSubjects(app, company.accountEmail))).toEqual([expect.stringMatching(/^Asha .+ reviewed you$/)]);
    // Each is sent to where that side reads it: the freelancer's profile page, the company's Projects.
    expect(await mailText(app, f.email, (subject) => subject === 'Globex reviewed you')).toContain(
      `${app.config.publicUrl}/freelancer/view-profile`,
    );
    expect(await mailText(app, company.accountEmail, (subject) => subject.endsWith(' reviewed you'))).toContain(
      `${app.config.publicUrl}/company/projects`,
    );

    // Published: the company can no longer rewrite its review; the sweep owes nobody a mail.
    const edit = await call(
      app,
      updateReview,
      { params: { reviewId: review.id }, body: { ...goodReview(1), version: review.version } },
      { token: company.token },
    );
    expectFailure(edit, 409, 'TL_CORE_15045_E');
    app.clock.advance(REVIEW_BLIND_DAYS * DAY);
    await sweep(app);
    expect(reviewedYou(await queuedSubjects(app, f.email))).toHaveLength(1);
    expect(reviewedYou(await queuedSubjects(app, company.accountEmail))).toHaveLength(1);
  });

  test('a review alone is published 14 days after it was written, by the clock; the freelancer is mailed once, a demo account never', async () => {
    const app = await startLoopApp(env);
    const { company, f, review, hire } = await reviewed(app, goodReview(5), { companyName: 'Globex' });
    const writtenAt = Date.parse(review.createdAt);
    app.clock.advance(writtenAt + 14 * DAY - MINUTE - app.clock.now().getTime());
    let viewer = await tokenOf(app, company.accountEmail);
    expect((await profileOf(app, f.slug, viewer)).rating).toBeNull();
    await sweep(app);
    expect(reviewedYou(await queuedSubjects(app, f.email))).toEqual([]);

    app.clock.advance(2 * MINUTE);
    viewer = await tokenOf(app, company.accountEmail);
    const fToken = await tokenOf(app, f.email);
    const profile = await profileOf(app, f.slug, viewer);
    expect(profile.rating).toEqual({ average: 5, count: 1 });
    expect(profile.reviews.map((r) => r.companyName)).toEqual(['Globex']);
    expect(okBody(await call(app, listMyReviews, {}, { token: fToken })).reviews.map((r) => r.id)).toEqual([review.id]);
    const [companySide] = await hiresOf(app, viewer);
    expect(companySide).toMatchObject({ review: { revealed: true }, freelancerReviewed: false, freelancerReview: null });

    await sweep(app);
    await sweep(app);
    expect(reviewedYou(await queuedSubjects(app, f.email))).toEqual(['Globex reviewed you']);

    // The freelancer still reviews the company late: theirs shows at once (both are in); the company
    // is mailed for it, the freelancer not again.
    const late = okBody(await call(app, reviewCompany, { params: { hireId: hire.id }, body: goodCompanyReview() }, { token: fToken }));
    expect(late.hire.review).toMatchObject({ revealed: true });
    expect(reviewedYou(await queuedSubjects(app, company.accountEmail))).toHaveLength(1);
    expect(reviewedYou(await queuedSubjects(app, f.email))).toHaveLength(1);

    // A demo freelancer's review, published by the clock, mails nobody.
    const other = await reviewed(app, goodReview(4), { companyName: 'Umbrella' });
    await markDemo(app, other.f.id);
    app.clock.advance(15 * DAY);
    await sweep(app);
    expect(reviewedYou(await queuedSubjects(app, other.f.email))).toEqual([]);
    const [row] = await app.db.select().from(reviews).where(eq(reviews.id, other.review.id));
    expect(row?.revealMailedAt).not.toBeNull();
  });

  test('an operator restores a hidden review with a reason: audit entry, both sides mailed, it counts again; only a hidden one, only operators', async () => {
    const app = await startLoopApp(env);
    const { operator, company, f, review } = await published(app, goodReview(4), { companyName: 'Globex' });
    const act = (endpoint: typeof hideReview | typeof restoreReview, reason: string, token = operator.accessToken, reviewId = review.id) =>
      call(app, endpoint, { params: { reviewId }, body: { reason } }, { token });

    expectFailure(await act(restoreReview, 'Nothing to restore.'), 409, 'TL_CORE_15050_E');
    expectOk(await act(hideReview, 'Looked like a private phone number.'));
    expect((await profileOf(app, f.slug, company.token)).rating).toBeNull();
    for (const token of [company.token, f.token]) {
      expectFailure(await act(restoreReview, 'I want it back.', token), 403, 'TL_CORE_00403_E');
    }
    for (const reviewId of ['nope', crypto.randomUUID()]) {
      expectFailure(await act(restoreReview, 'Restore it.', operator.accessToken, reviewId), 404, 'TL_CORE_15044_E', reviewId);
    }
    expect((await act(restoreReview, ' ')).status).toBe(400);

    const reason = 'It was a public office number, not a private one.';
    const restored = await act(restoreReview, reason);
    expectOk(restored);
    expect(restored.body.review).toMatchObject({ id: review.id, hidden: false, hiddenAt: null, hiddenReason: null, revealed: true });
    const entries = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'review.restore'), eq(auditLog.targetId, review.id)));
    expect(entries).toEqual([
      expect.objectContaining({
        targetType: 'review',
        operatorEmail: operator.email,
        reason,
        before: { hidden: true, hiddenReason: 'Looked like a private phone number.' },
        after: { hidden: false },
      }),
    ]);
    expect(await queuedSubjects(app, f.email)).toContain('A review by Globex was restored');
    expect(await queuedSubjects(app, company.accountEmail)).toContainEqual(expect.stringMatching(/^Your review of Asha .+ was restored$/));
    expect((await profileOf(app, f.slug, company.token)).rating).toEqual({ average: 4, count: 1 });
    const listed = okBody(await call(app, listOperatorReviews, {}, { token: operator.accessToken })).reviews;
    expect(listed.find((r) => r.id === review.id)).toMatchObject({ hidden: false, author: 'company', revealed: true });
    expect(listed.find((r) => r.author === 'freelancer' && r.freelancerSlug === f.slug)).toMatchObject({
      companyName: 'Globex',
      revealed: true,
    });
    expectFailure(await act(restoreReview, reason), 409, 'TL_CORE_15050_E');
    expect(await app.db.select().from(auditLog).where(eq(auditLog.targetId, review.id))).toHaveLength(2);
  });
});
