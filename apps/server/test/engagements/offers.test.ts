import {
  acceptTerms,
  billingMissingMessage,
  declineTerms,
  getCompanyEngagement,
  getFreelancerEngagement,
  listCompanyEngagements,
  listFreelancerEngagements,
  makeOffer,
  proposeTerms,
} from '@talentloop/contract/api/engagements';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { companies, companyBilling, engagementTerms, engagements, freelancerBilling, hires } from '../../src/infra/db/schema.ts';
import { call, expectFailure, expectOk, okBody, useApi } from '../helpers.ts';
import { hired, prepareBilling } from '../reviews/support.ts';
import { startLoopApp } from '../talent/loop-support.ts';
import { engaged, engagementCount, fixedTerms, hourlyTerms, offered, subjectsFor } from './support.ts';

// Offers and versioned terms (issue 34): who may offer, answer and change terms; every refusal
// answers its catalogue code and changes nothing.

const env = useApi();

describe('offers', () => {
  test('the company offers hourly terms; the freelancer sees the 15% fee and the net, accepts, and both are mailed', async () => {
    const app = await startLoopApp(env);
    const s = await offered(app, hourlyTerms(app), { companyName: 'Globex' });
    expect(s.engagement).toMatchObject({ status: 'offered', feeBps: null, startedAt: null, version: 0 });
    expect(s.engagement.waiting).toEqual([expect.objectContaining({ kind: 'offer', on: 'freelancer' })]);
    expect(await subjectsFor(app, s.f.email)).toContain('Globex made you an offer: Design system lead');

    const seen = okBody(
      await call(app, getFreelancerEngagement, { params: { engagementId: s.engagement.id } }, { token: s.f.token }),
    ).engagement;
    expect(seen.terms).toMatchObject({
      version: 1,
      status: 'proposed',
      rateMinor: 8_000,
      weeklyCapHours: 40,
      currency: 'USD',
      feeBps: 1500,
      fees: { perHour: { grossMinor: 8_000, feeMinor: 1_200, netMinor: 6_800 }, total: null },
    });
    expect(okBody(await call(app, listFreelancerEngagements, {}, { token: s.f.token })).engagements.map((e) => e.id)).toEqual([
      s.engagement.id,
    ]);

    const accepted = await call(
      app,
      acceptTerms,
      { params: { engagementId: s.engagement.id }, body: { termsVersion: 1 } },
      { token: s.f.token },
    );
    expectOk(accepted);
    expect(accepted.body.engagement).toMatchObject({ status: 'active', feeBps: 1500, version: 1, pendingTerms: null });
    expect(accepted.body.engagement.terms.status).toBe('accepted');
    expect(Date.parse(accepted.body.engagement.startedAt ?? '')).toBeGreaterThan(0);
    expect(await subjectsFor(app, s.company.accountEmail)).toEqual(
      expect.arrayContaining([expect.stringMatching(/ accepted your offer for Design system lead$/)]),
    );
    expect(await subjectsFor(app, s.f.email)).toContain('You accepted the offer from Globex');
    const listed = okBody(await call(app, listCompanyEngagements, {}, { token: s.company.token })).engagements;
    expect(listed.map((e) => [e.id, e.status])).toEqual([[s.engagement.id, 'active']]);

    // Accepting again (nothing waits any more) is 409 and changes nothing.
    const again = await call(
      app,
      acceptTerms,
      { params: { engagementId: s.engagement.id }, body: { termsVersion: 1 } },
      { token: s.f.token },
    );
    expectFailure(again, 409, 'TL_CORE_18108_E');
  });

  test('only the hire’s company offers, once while one is live; other parties’ ids are 404 and roles are enforced (403)', async () => {
    const app = await startLoopApp(env);
    const s = await offered(app, hourlyTerms(app));
    const other = await hired(app, { companyName: 'Initech' });

    // Another company's hire, a second offer on the same hire, a freelancer making an offer.
    expectFailure(
      await call(app, makeOffer, { params: { hireId: s.hire.id }, body: hourlyTerms(app) }, { token: other.company.token }),
      404,
      'TL_CORE_15040_E',
    );
    expectFailure(
      await call(app, makeOffer, { params: { hireId: s.hire.id }, body: hourlyTerms(app) }, { token: s.company.token }),
      409,
      'TL_CORE_18101_E',
    );
    expectFailure(
      await call(app, makeOffer, { params: { hireId: s.hire.id }, body: hourlyTerms(app) }, { token: s.f.token }),
      403,
      'TL_CORE_00403_E',
    );
    expect(await engagementCount(app, s.hire.id)).toBe(1);

    // Reads and answers by the wrong party.
    const id = { engagementId: s.engagement.id };
    expectFailure(await call(app, getCompanyEngagement, { params: id }, { token: other.company.token }), 404, 'TL_CORE_18100_E');
    expectFailure(await call(app, getFreelancerEngagement, { params: id }, { token: other.f.token }), 404, 'TL_CORE_18100_E');
    expectFailure(
      await call(app, acceptTerms, { params: id, body: { termsVersion: 1 } }, { token: other.f.token }),
      404,
      'TL_CORE_18100_E',
    );
    expectFailure(
      await call(app, acceptTerms, { params: id, body: { termsVersion: 1 } }, { token: s.company.token }),
      403,
      'TL_CORE_00403_E',
    );
    expectFailure(
      await call(app, getFreelancerEngagement, { params: { engagementId: 'not-a-uuid' } }, { token: s.f.token }),
      404,
      'TL_CORE_18100_E',
    );
    expect(okBody(await call(app, listCompanyEngagements, {}, { token: other.company.token })).engagements).toEqual([]);
    const [row] = await app.db.select().from(engagements).where(eq(engagements.id, s.engagement.id));
    expect(row).toMatchObject({ status: 'offered', version: 0 });
  });

  test('the company needs its billing details before offering and the freelancer theirs before accepting; each refusal names what is missing', async () => {
    const app = await startLoopApp(env);
    const s = await hired(app);
    const offer = () => call(app, makeOffer, { params: { hireId: s.hire.id }, body: hourlyTerms(app) }, { token: s.company.token });
    const none = await offer();
    expectFailure(none, 409, 'TL_CORE_18102_E');
    expect(none.body.responseMessage).toBe(billingMissingMessage('company', ['legalName', 'address', 'billingEmail']));
    const [company] = await app.db
      .select({ id: companies.id })
      .from(companies)
      .innerJoin(hires, eq(hires.companyId, companies.id))
      .where(eq(hires.id, s.hire.id));
    const billingEmail = 'billing@acme.example';
    await app.db.insert(companyBilling).values({
      companyId: company?.id ?? '',
      legalName: 'Acme Labs Ltd',
      addressLine1: '12 MG Road',
      city: 'Bengaluru',
      postalCode: '560001',
      country: 'IN',
      billingEmail,
    });
    const unproven = await offer();
    expectFailure(unproven, 409, 'TL_CORE_18102_E');
    expect(unproven.body.responseMessage).toBe(billingMissingMessage('company', ['billingEmailProof']));
    expect(await engagementCount(app, s.hire.id)).toBe(0);
    await app.db
      .update(companyBilling)
      .set({ verifiedBillingEmail: billingEmail })
      .where(eq(companyBilling.companyId, company?.id ?? ''));
    const made = okBody(await offer()).engagement;

    // The freelancer has no billing details yet: accepting is refused and changes nothing.
    const id = { engagementId: made.id };
    const refused = await call(app, acceptTerms, { params: id, body: { termsVersion: 1 } }, { token: s.f.token });
    expectFailure(refused, 409, 'TL_CORE_18109_E');
    expect(refused.body.responseMessage).toBe(billingMissingMessage('freelancer', ['legalName', 'address']));
    expect((await app.db.select().from(engagements).where(eq(engagements.id, made.id)))[0]).toMatchObject({
      status: 'offered',
      feeBps: null,
    });
    await app.db.insert(freelancerBilling).values({
      userId: s.f.id,
      legalName: 'Asha Rao',
      addressLine1: '4 Park Street',
      city: 'Kolkata',
      postalCode: '700016',
      country: 'IN',
    });
    expectOk(await call(app, acceptTerms, { params: id, body: { termsVersion: 1 } }, { token: s.f.token }));
  });

  test('bad terms are refused with their message and make nothing', async () => {
    const app = await startLoopApp(env);
    const s = await hired(app);
    await prepareBilling(app, s.company, s.f);
    const offer = (body: unknown) =>
      call(app, makeOffer, { params: { hireId: s.hire.id }, body: body as never }, { token: s.company.token });
    const cases: Array<[unknown, number, string, RegExp]> = [
      [hourlyTerms(app, { rateMinor: -100 }), 400, 'TL_CORE_00400_E', /cannot be negative/],
      [hourlyTerms(app, { rateMinor: 0 }), 400, 'TL_CORE_00400_E', /above zero/],
      [hourlyTerms(app, { rateMinor: 1_000_000_001 }), 400, 'TL_CORE_00400_E', /cannot be more than/],
      [hourlyTerms(app, { rateMinor: 80.5 }), 400, 'TL_CORE_00400_E', /whole minor units/],
      [hourlyTerms(app, { currency: 'JPY' as never }), 400, 'TL_CORE_00400_E', /currency from the list/],
      [hourlyTerms(app, { noticeDays: 29 }), 400, 'TL_CORE_00400_E', /from 30/],
      [hourlyTerms(app, { weeklyCapHours: 0 }), 400, 'TL_CORE_00400_E', /weekly cap/],
      [hourlyTerms(app, { weeklyCapHours: null }), 400, 'TL_CORE_00400_E', /weekly cap/],
      [hourlyTerms(app, { timeZone: 'Mars/Olympus' }), 400, 'TL_CORE_00400_E', /time zone/],
      [hourlyTerms(app, { startDate: '2026-02-30' }), 400, 'TL_CORE_00400_E', /real date/],
      [hourlyTerms(app, { startDate: '2020-01-06' }), 400, 'TL_CORE_18103_E', /at most 30 days ago/],
      [hourlyTerms(app, { roleTitle: '' }), 400, 'TL_CORE_00400_E', /role title/],
      [fixedTerms(app, { milestones: [] }), 400, 'TL_CORE_00400_E', /at least one milestone/],
      [
        fixedTerms(app, { milestones: [{ title: 'Early', amountMinor: 100, dueDate: '2020-01-01' }] }),
        400,
        'TL_CORE_00400_E',
        /due before the start/,
      ],
      [fixedTerms(app, { rateMinor: 5_000 }), 400, 'TL_CORE_00400_E', /no hourly rate/],
    ];
    for (const [body, status, code, message] of cases) {
      const res = await offer(body);
      expectFailure(res, status, code);
      expect(res.body.responseMessage, JSON.stringify(body)).toMatch(message);
    }
    expect(await engagementCount(app, s.hire.id)).toBe(0);
  });

  test('a declined offer keeps its reason, mails the company, and leaves the hire free for a new offer', async () => {
    const app = await startLoopApp(env);
    const s = await offered(app, hourlyTerms(app), { companyName: 'Hooli' });
    const id = { engagementId: s.engagement.id };
    expectFailure(
      await call(app, declineTerms, { params: id, body: { termsVersion: 1, reason: 'no' } }, { token: s.f.token }),
      400,
      'TL_CORE_00400_E',
    );
    expectFailure(
      await call(app, declineTerms, { params: id, body: { termsVersion: 2, reason: 'The rate is too low for me.' } }, { token: s.f.token }),
      409,
      'TL_CORE_18108_E',
    );
    const declined = await call(
      app,
      declineTerms,
      { params: id, body: { termsVersion: 1, reason: 'The rate is too low for me, see https://rates.example/<b>me</b>' } },
      { token: s.f.token },
    );
    expectOk(declined);
    expect(declined.body.engagement).toMatchObject({ status: 'declined', pendingTerms: null });
    expect(declined.body.engagement.termsHistory).toEqual([
      expect.objectContaining({
        version: 1,
        status: 'declined',
        declineReason: 'The rate is too low for me, see https://rates.example/<b>me</b>',
      }),
    ]);
    expect((await subjectsFor(app, s.company.accountEmail)).some((m) => /declined your offer for Design system lead/.test(m))).toBe(true);
    // Accepting after declining is 409; a new offer may be made.
    expectFailure(await call(app, acceptTerms, { params: id, body: { termsVersion: 1 } }, { token: s.f.token }), 409, 'TL_CORE_18108_E');
    expectOk(
      await call(
        app,
        makeOffer,
        { params: { hireId: s.hire.id }, body: hourlyTerms(app, { rateMinor: 9_500 }) },
        { token: s.company.token },
      ),
    );
    expect(await engagementCount(app, s.hire.id)).toBe(2);
  });

  test('a change of terms is a new version the freelancer accepts or declines; the history stays and stale answers are 409', async () => {
    const app = await startLoopApp(env);
    const s = await engaged(app, hourlyTerms(app));
    const id = { engagementId: s.engagement.id };
    const propose = (version: number, over: Parameters<typeof hourlyTerms>[1]) =>
      call(app, proposeTerms, { params: id, body: { version, terms: hourlyTerms(app, over) } }, { token: s.company.token });

    expectFailure(await propose(0, { rateMinor: 9_000 }), 409, 'TL_CORE_10110_E');
    expectFailure(await propose(1, { currency: 'EUR' }), 400, 'TL_CORE_18106_E');
    expectFailure(
      await propose(1, {
        kind: 'fixed',
        rateMinor: null,
        weeklyCapHours: null,
        milestones: [{ title: 'All', amountMinor: 100, dueDate: s.engagement.terms.startDate }],
      }),
      400,
      'TL_CORE_18106_E',
    );
    const v2 = await propose(1, { rateMinor: 9_000, weeklyCapHours: 30 });
    expectOk(v2);
    expect(v2.body.engagement.pendingTerms).toMatchObject({ version: 2, status: 'proposed', rateMinor: 9_000 });
    expect(v2.body.engagement.terms).toMatchObject({ version: 1, rateMinor: 8_000 });
    expectFailure(await propose(2, { rateMinor: 9_500 }), 409, 'TL_CORE_18105_E');
    expect(await subjectsFor(app, s.f.email)).toContain('Acme Labs proposes new terms for Design system lead');

    // The freelancer answers the version they saw.
    expectFailure(await call(app, acceptTerms, { params: id, body: { termsVersion: 1 } }, { token: s.f.token }), 409, 'TL_CORE_18108_E');
    const ok = await call(app, acceptTerms, { params: id, body: { termsVersion: 2 } }, { token: s.f.token });
    expectOk(ok);
    expect(ok.body.engagement.terms).toMatchObject({ version: 2, status: 'accepted', rateMinor: 9_000, weeklyCapHours: 30 });
    expect(ok.body.engagement.feeBps).toBe(1500);
    expect(ok.body.engagement.termsHistory.map((t) => [t.version, t.status])).toEqual([
      [1, 'superseded'],
      [2, 'accepted'],
    ]);

    // Version 3 declined: version 2 stays in force.
    const v3 = await propose(ok.body.engagement.version, { rateMinor: 7_000 });
    expectOk(v3);
    const no = await call(
      app,
      declineTerms,
      { params: id, body: { termsVersion: 3, reason: 'I prefer the current rate.' } },
      { token: s.f.token },
    );
    expectOk(no);
    expect(no.body.engagement).toMatchObject({ status: 'active', pendingTerms: null });
    expect(no.body.engagement.terms).toMatchObject({ version: 2, rateMinor: 9_000 });
    const stored = await app.db.select().from(engagementTerms).where(eq(engagementTerms.engagementId, s.engagement.id));
    expect(stored.map((t) => [t.version, t.status, t.terms.rateMinor]).sort()).toEqual([
      [1, 'superseded', 8_000],
      [2, 'accepted', 9_000],
      [3, 'declined', 7_000],
    ]);
  });
});
