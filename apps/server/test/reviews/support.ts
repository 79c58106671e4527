import { getPublicProfile } from '@talentloop/contract/api/account';
import { acceptInterview, recordInterviewOutcome } from '@talentloop/contract/api/interviews';
import {
  acceptTerms,
  addDays,
  approveTimesheet,
  acceptEarlyEnd,
  getCompanyEngagement,
  proposeEarlyEnd,
  localDay,
  makeOffer,
  saveWeek,
  submitWeek,
  weekStartOf,
} from '@talentloop/contract/api/engagements';
import {
  type CompanyReviewBody,
  type ReviewBody,
  createReview,
  listFreelancerHires,
  listHires,
  reviewCompany,
} from '@talentloop/contract/api/reviews';
import { addCandidate, createShortlist, getShortlist, updateCandidate } from '@talentloop/contract/api/shortlists';
import { eq } from 'drizzle-orm';
import { companies, companyBilling, freelancerBilling, users } from '../../src/infra/db/schema.ts';
import { HOUR, type TestApp, call, expectOk, okBody } from '../helpers.ts';
import { proposalBody, propose, wallTime } from '../interviews/support.ts';
import { createOperator, verifiedCompany, vettedFreelancer } from '../talent/loop-support.ts';

// Hires and reviews (issues 22, 32): a verified company selects a vetted freelancer from its
// shortlist (the real loop), which makes the hire these tests work on. A hire is reviewable only
// from real work (issue 32): `reviewable` takes the real path there (an interview proposed,
// accepted, marked held after its end; the minimum days after Selected pass on the app's clock).

export const goodReview = (stars = 5, text = 'Delivered a clean, accessible design system on time.'): ReviewBody => ({
  ratings: { quality: stars, communication: stars, reliability: stars, expertise: stars },
  text,
});

export type Company = Awaited<ReturnType<typeof verifiedCompany>>;

/** The interviews `select` arranged per app, to be marked held by `holdInterviews`. */
const arranged = new WeakMap<TestApp, Array<{ id: string; email: string; slug: string; held: boolean }>>();

/**
 * Shortlists `f` for the company and selects them, the real order (issue 32): on the shortlist, an
 * interview proposed from the profile (no candidacy moves) and accepted, then the move to Selected.
 * The interview is not held yet (`holdInterviews` marks it). The candidate's id and version after
 * the move.
 */
export async function select(app: TestApp, company: Company, f: { slug: string; token: string }, role = 'Senior Designer') {
  const list = okBody(await call(app, createShortlist, { body: { name: role } }, { token: company.token })).shortlist;
  const added = okBody(
    await call(app, addCandidate, { params: { shortlistId: list.id }, body: { slug: f.slug } }, { token: company.token }),
  );
  const pending = arranged.get(app) ?? [];
  arranged.set(app, pending);
  // An hour apart: one freelancer cannot accept two interviews at the same time.
  const body = proposalBody(app, f.slug, { times: [wallTime(app, 2 + pending.length)], durationMinutes: 30 });
  const i = okBody(await propose(app, company.token, body)).interview;
  const slotId = i.slots[0]?.id ?? '';
  expectOk(await call(app, acceptInterview, { params: { interviewId: i.id }, body: { slotId, version: 0 } }, { token: f.token }));
  pending.push({ id: i.id, email: company.accountEmail, slug: f.slug, held: false });
  // The candidacy as the interview left it (its stage and version may have moved with it).
  const listed = okBody(await call(app, getShortlist, { params: { shortlistId: list.id } }, { token: company.token }));
  const version = listed.candidates.find((c) => c.id === added.candidate.id)?.version ?? 0;
  const moved = okBody(
    await call(
      app,
      updateCandidate,
      { params: { shortlistId: list.id, candidateId: added.candidate.id }, body: { stage: 'selected', note: '', version } },
      { token: company.token },
    ),
  );
  return { listId: list.id, candidateId: moved.candidate.id, version: moved.candidate.version };
}

export async function hiresOf(app: TestApp, token: string) {
  return okBody(await call(app, listHires, {}, { token })).hires;
}

/** A company, a vetted freelancer and an operator; the company selected the freelancer (one hire). */
export async function hired(app: TestApp, opts: { companyName?: string } = {}) {
  const operator = await createOperator(app);
  const company = await verifiedCompany(app, opts.companyName ?? 'Acme Labs');
  const f = await vettedFreelancer(app, operator.accessToken);
  const selection = await select(app, company, f);
  const [hire] = await hiresOf(app, company.token);
  if (!hire) throw new Error('selecting made no hire');
  return { operator, company, f, selection, hire };
}

export type Freelancer = Awaited<ReturnType<typeof vettedFreelancer>>;

export const goodCompanyReview = (stars = 5, text = 'Clear brief, quick answers and fair to work with.'): CompanyReviewBody => ({
  ratings: { communication: stars, clarity: stars, reliability: stars, respect: stars },
  text,
});

/**
 * The interviews `select` arranged between each company and freelancer (proposed, accepted), held:
 * the clock moved past their ends, each marked held by its company. The clock moves a few hours:
 * sign in again for fresh tokens (tokenOf).
 */
export async function holdInterviews(app: TestApp, pairs: Array<{ company: Company; f: Freelancer }>) {
  const pending = arranged.get(app) ?? [];
  const toHold = pairs.map(({ company, f }) => {
    const found = pending.find((p) => !p.held && p.email === company.accountEmail && p.slug === f.slug);
    if (!found) throw new Error(`no interview arranged between ${company.accountEmail} and ${f.slug}`);
    found.held = true;
    return found;
  });
  app.clock.advance((3 + pending.length) * HOUR);
  for (const a of toHold) {
    const token = await tokenOf(app, a.email);
    const held = await call(
      app,
      recordInterviewOutcome,
      { params: { interviewId: a.id }, body: { outcome: 'held', version: 1 } },
      { token },
    );
    expectOk(held);
  }
}

export const tokenOf = async (app: TestApp, email: string) => (await app.signIn(email)).accessToken;

/**
 * Real work for each pair (issue 34: reviews only for an engagement that ended with approved work):
 * the company offers hourly terms to its hire, the freelancer accepts, logs and submits last week,
 * the company approves it and ends the engagement. Through the API, on fresh tokens.
 */
export async function workDone(app: TestApp, pairs: Array<{ company: Company; f: Freelancer }>) {
  for (const { company, f } of pairs) {
    const c = await tokenOf(app, company.accountEmail);
    const ft = await tokenOf(app, f.email);
    const hire = (await hiresOf(app, c)).find((h) => h.freelancer.slug === f.slug);
    if (!hire) throw new Error(`no hire of ${f.slug} at ${company.accountEmail}`);
    const weekStart = addDays(weekStartOf(localDay(app.clock.now(), 'UTC')), -7);
    await prepareBilling(app, company, f);
    const offered = okBody(
      await call(
        app,
        makeOffer,
        {
          params: { hireId: hire.id },
          body: {
            roleTitle: hire.role || 'Design work',
            scope: 'The work this hire was made for.',
            kind: 'hourly',
            currency: 'USD',
            rateMinor: 5_000,
            weeklyCapHours: 40,
            startDate: weekStart,
            noticeDays: 30,
            timeZone: 'UTC',
          },
        },
        { token: c },
      ),
    ).engagement;
    const engagementId = offered.id;
    okBody(await call(app, acceptTerms, { params: { engagementId }, body: { termsVersion: 1 } }, { token: ft }));
    const params = { engagementId, weekStart };
    const lines = [{ day: weekStart, quarterHours: 32, description: 'Design work' }];
    const saved = okBody(await call(app, saveWeek, { params, body: { version: 0, lines } }, { token: ft })).timesheet;
    const sent = okBody(await call(app, submitWeek, { params, body: { version: saved.version } }, { token: ft })).timesheet;
    okBody(await call(app, approveTimesheet, { params: { timesheetId: sent.id ?? '' }, body: { version: sent.version } }, { token: c }));
    await endNow(app, engagementId, c, ft);
  }
}

/**
 * Ends an engagement today (issue 35: an earlier end both accept): the company proposes today, the
 * freelancer accepts; the engagement ends at once and its hire is finished. The ended engagement.
 */
export async function endNow(app: TestApp, engagementId: string, companyToken: string, freelancerToken: string) {
  const params = { engagementId };
  const seen = okBody(await call(app, getCompanyEngagement, { params }, { token: companyToken })).engagement;
  const proposed = okBody(
    await call(app, proposeEarlyEnd, { params, body: { version: seen.version, endDate: seen.today } }, { token: companyToken }),
  ).engagement;
  return okBody(await call(app, acceptEarlyEnd, { params, body: { version: proposed.version } }, { token: freelancerToken })).engagement;
}

/** The billing email `prepareBilling` gives a company (proven). */
export const billingEmailOf = (company: { accountEmail: string }) => `billing-${company.accountEmail.split('@')[0]}@example.test`;

/** Billing details both parties need before an offer and its acceptance (issue 34), written straight to the database. */
export async function prepareBilling(app: TestApp, company: Company, f: { id: string }): Promise<void> {
  const [owner] = await app.db
    .select({ id: companies.id })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerUserId))
    .where(eq(users.email, company.accountEmail.toLowerCase()));
  if (!owner) throw new Error('no company');
  const billingEmail = billingEmailOf(company);
  await app.db
    .insert(companyBilling)
    .values({
      companyId: owner.id,
      legalName: `${company.name} Ltd`,
      addressLine1: '12 MG Road',
      city: 'Bengaluru',
      postalCode: '560001',
      country: 'IN',
      billingEmail,
      verifiedBillingEmail: billingEmail,
    })
    .onConflictDoNothing();
  await app.db
    .insert(freelancerBilling)
    .values({ userId: f.id, legalName: 'Asha Rao', addressLine1: '4 Park Street', city: 'Kolkata', postalCode: '700016', country: 'IN' })
    .onConflictDoNothing();
}

/** `hired`, then an engagement with approved work ended (workDone): the hire is reviewable (fresh tokens). */
export async function reviewable(app: TestApp, opts: { companyName?: string } = {}) {
  const setting = await hired(app, opts);
  await workDone(app, [setting]);
  return refreshed(app, setting);
}

/** The same parties with fresh tokens (after the clock moved). */
export async function refreshed<T extends { company: Company; f: Freelancer; operator: Awaited<ReturnType<typeof createOperator>> }>(
  app: TestApp,
  s: T,
): Promise<T> {
  return {
    ...s,
    company: { ...s.company, token: await tokenOf(app, s.company.accountEmail) },
    f: { ...s.f, token: await tokenOf(app, s.f.email) },
    operator: { ...s.operator, accessToken: await tokenOf(app, s.operator.email) },
  };
}

export async function freelancerHiresOf(app: TestApp, token: string) {
  return okBody(await call(app, listFreelancerHires, {}, { token })).hires;
}

/** `reviewable`, then the hire finished and reviewed by the company with `body` (not yet published). */
export async function reviewed(app: TestApp, body: ReviewBody = goodReview(), opts: { companyName?: string } = {}) {
  const setting = await reviewable(app, opts);
  const made = okBody(await call(app, createReview, { params: { hireId: setting.hire.id }, body }, { token: setting.company.token }));
  const review = made.hire.review;
  if (!review) throw new Error('no review');
  return { ...setting, review };
}

export async function profileOf(app: TestApp, slug: string, token: string) {
  return okBody(await call(app, getPublicProfile, { params: { slug } }, { token })).profile;
}

/**
 * `reviewed`, but the freelancer reviewed the company first: both are in, so both are published
 * (the company's review is the newer one).
 */
export async function published(app: TestApp, body: ReviewBody = goodReview(), opts: { companyName?: string } = {}) {
  const setting = await reviewable(app, opts);
  const { company, f, hire } = setting;
  expectOk(await call(app, reviewCompany, { params: { hireId: hire.id }, body: goodCompanyReview() }, { token: f.token }));
  const made = okBody(await call(app, createReview, { params: { hireId: hire.id }, body }, { token: company.token }));
  const review = made.hire.review;
  if (!review?.revealed) throw new Error('not published');
  return { ...setting, review };
}
