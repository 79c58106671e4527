import {
  type TermsInput,
  acceptTerms,
  addDays,
  approveTimesheet,
  getCompanyEngagement,
  getFreelancerEngagement,
  localDay,
  makeOffer,
  saveWeek,
  submitWeek,
  weekStartOf,
} from '@talentloop/contract/api/engagements';
import { listFreelancerStatements } from '@talentloop/contract/api/invoices';
import { eq } from 'drizzle-orm';
import { engagements } from '../../src/infra/db/schema.ts';
import { type TestApp, call, okBody } from '../helpers.ts';
import { outboxFor } from '../support/mail.ts';
import { hired, prepareBilling } from '../reviews/support.ts';

export { billingEmailOf } from '../reviews/support.ts';

// Engagements (issue 34): a hire made the real way (reviews/support.ts `hired`: a verified company
// selects a vetted freelancer), then terms offered and accepted through the API.

/** The Monday of last week (UTC), a week whose every day has begun. */
export const lastMonday = (app: TestApp) => addDays(weekStartOf(localDay(app.clock.now(), 'UTC')), -7);

export const hourlyTerms = (app: TestApp, over: Partial<TermsInput> = {}): TermsInput => ({
  roleTitle: 'Design system lead',
  scope: 'Build and document the component library with the product team.',
  kind: 'hourly',
  currency: 'USD',
  rateMinor: 8_000,
  weeklyCapHours: 40,
  startDate: lastMonday(app),
  noticeDays: 30,
  timeZone: 'UTC',
  ...over,
});

export const fixedTerms = (app: TestApp, over: Partial<TermsInput> = {}): TermsInput => ({
  roleTitle: 'Landing page build',
  scope: 'Design and build the new landing page in two steps.',
  kind: 'fixed',
  currency: 'INR',
  milestones: [
    { title: 'Wireframes', amountMinor: 5_000_000, dueDate: addDays(lastMonday(app), 14) },
    { title: 'Final build', amountMinor: 12_000_000, dueDate: addDays(lastMonday(app), 30) },
  ],
  startDate: lastMonday(app),
  noticeDays: 45,
  timeZone: 'Asia/Kolkata',
  ...over,
});

export type Setting = Awaited<ReturnType<typeof hired>>;

/** A hire with the offer of `terms` made (not answered). */
export async function offered(app: TestApp, terms: TermsInput, opts: { companyName?: string } = {}) {
  const setting = await hired(app, opts);
  await prepareBilling(app, setting.company, setting.f);
  const res = await call(app, makeOffer, { params: { hireId: setting.hire.id }, body: terms }, { token: setting.company.token });
  return { ...setting, engagement: okBody(res).engagement };
}

/** A hire with `terms` offered and accepted: an active engagement. */
export async function engaged(app: TestApp, terms: TermsInput, opts: { companyName?: string } = {}) {
  const s = await offered(app, terms, opts);
  const accepted = okBody(
    await call(app, acceptTerms, { params: { engagementId: s.engagement.id }, body: { termsVersion: 1 } }, { token: s.f.token }),
  ).engagement;
  return { ...s, engagement: accepted };
}

export async function companyView(app: TestApp, token: string, engagementId: string) {
  return okBody(await call(app, getCompanyEngagement, { params: { engagementId } }, { token })).engagement;
}
export async function freelancerView(app: TestApp, token: string, engagementId: string) {
  return okBody(await call(app, getFreelancerEngagement, { params: { engagementId } }, { token })).engagement;
}

/** Saves `hours` (quarter hours by day offset from the week's Monday) and submits the week; the submitted timesheet. */
export async function submittedWeek(app: TestApp, token: string, engagementId: string, weekStart: string, quarters: number[]) {
  const lines = quarters
    .map((q, i) => ({ day: addDays(weekStart, i), quarterHours: q, description: `Work on day ${i + 1}` }))
    .filter((l) => l.quarterHours > 0);
  const saved = okBody(
    await call(app, saveWeek, { params: { engagementId, weekStart }, body: { version: 0, lines } }, { token }),
  ).timesheet;
  return okBody(await call(app, submitWeek, { params: { engagementId, weekStart }, body: { version: saved.version } }, { token }))
    .timesheet;
}

/** Last week's `quarters` submitted and approved by the company: its invoice, as the freelancer's statements list it. */
export async function approvedWeekInvoice(app: TestApp, s: Awaited<ReturnType<typeof engaged>>, quarters: number[]) {
  const sheet = await submittedWeek(app, s.f.token, s.engagement.id, lastMonday(app), quarters);
  okBody(
    await call(
      app,
      approveTimesheet,
      { params: { timesheetId: sheet.id ?? '' }, body: { version: sheet.version } },
      { token: s.company.token },
    ),
  );
  const [invoice] = okBody(await call(app, listFreelancerStatements, {}, { token: s.f.token })).documents;
  if (!invoice) throw new Error('no invoice for the approved week');
  return invoice;
}

/** An active engagement on hourly `terms` with last week's `quarters` approved, and that week's invoice. */
export async function invoicedEngagement(app: TestApp, terms: TermsInput, quarters: number[], opts: { companyName?: string } = {}) {
  const s = await engaged(app, terms, opts);
  return { ...s, invoice: await approvedWeekInvoice(app, s, quarters) };
}

export async function engagementCount(app: TestApp, hireId: string) {
  return (await app.db.select().from(engagements).where(eq(engagements.hireId, hireId))).length;
}

export async function subjectsFor(app: TestApp, email: string) {
  return (await outboxFor(app.db, email)).map((m) => m.subject);
}
