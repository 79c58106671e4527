import type { APIResponse, Browser, BrowserContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { type Freelancer, type Seeded, createCompany, createCompletedFreelancer, seedAccount } from './signed-in.ts';

// What the money journeys (engagements, notice, disputes, receipts, payouts) only need, made through
// the real API in the browsers' own contexts: a vetted freelancer, a verified company that selected
// them (a hire), both parties' billing details, hourly terms accepted and last week's hours approved
// (its invoice). The screens that make each of these have their own journeys.

type Headers = { authorization: string };

export const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });

/** The answer's JSON, after checking it is a 200 (the label and the body say what failed). */
export async function okJson<T>(label: string, res: APIResponse): Promise<T> {
  expect(res.status(), `${label}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** The Monday (UTC) `weeksBack` weeks before this week's: 1 is last week's. */
export function mondayOf(weeksBack: number): string {
  const now = new Date();
  const day = (now.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day - 7 * weeksBack)).toISOString().slice(0, 10);
}

export type Operator = Seeded & { context: BrowserContext; page: Page; headers: Headers };

export type Vetted = { freelancer: Freelancer; fHeaders: Headers; slug: string; operator: Operator };

/**
 * A freelancer who finished onboarding, signed in in `page`, and approved by an operator ('Olu
 * Adeyemi' unless named) signed in in a context of its own (the caller closes it when done with it).
 */
export async function vettedFreelancer(
  page: Page,
  browser: Browser,
  opts: { firstName: string; lastName: string; operator?: { firstName: string; lastName: string } },
): Promise<Vetted> {
  const freelancer = await createCompletedFreelancer(page, { firstName: opts.firstName, lastName: opts.lastName });
  const fHeaders = bearer(freelancer.accessToken);
  const privacy = await okJson<{ slug: string }>(
    'privacy',
    await page.request.get('/api/freelancer-settings/privacy', { headers: fHeaders }),
  );
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const operatorPage = await context.newPage();
  const account = await seedAccount(operatorPage, {
    userType: 'client',
    operator: true,
    ...(opts.operator ?? { firstName: 'Olu', lastName: 'Adeyemi' }),
  });
  const headers = bearer(account.accessToken);
  const queue = await okJson<{ queue: Array<{ freelancerId: string; email: string }> }>(
    'vetting queue',
    await operatorPage.request.get('/api/operator/vetting', { headers }),
  );
  const item = queue.queue.find((q) => q.email === freelancer.email);
  await okJson(
    'vetting',
    await operatorPage.request.post(`/api/operator/vetting/${item?.freelancerId}/decision`, { headers, data: { outcome: 'approve' } }),
  );
  return { freelancer, fHeaders, slug: privacy.slug, operator: { ...account, context, page: operatorPage, headers } };
}

export type Company = { companyContext: BrowserContext; company: Page; acme: Seeded & { company: string }; headers: Headers };

/** A verified company ('Acme Labs') signed in in a context of its own, that selected `slug` on one shortlist a name: a hire each. */
export async function companyWithHires(browser: Browser, slug: string, shortlists: readonly string[]): Promise<Company> {
  const companyContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const company = await companyContext.newPage();
  const acme = await createCompany(company, { company: 'Acme Labs', verified: true });
  const headers = bearer(acme.accessToken);
  for (const name of shortlists) {
    const list = await okJson<{ shortlist: { id: string } }>(
      'shortlist',
      await company.request.post('/api/company/shortlists', { headers, data: { name } }),
    );
    const added = await okJson<{ candidate: { id: string; version: number } }>(
      'candidate',
      await company.request.post(`/api/company/shortlists/${list.shortlist.id}/candidates`, { headers, data: { slug } }),
    );
    await okJson(
      'select',
      await company.request.put(`/api/company/shortlists/${list.shortlist.id}/candidates/${added.candidate.id}`, {
        headers,
        data: { stage: 'selected', note: '', version: added.candidate.version ?? 0 },
      }),
    );
  }
  return { companyContext, company, acme, headers };
}

/** Both parties' billing details, at one US address (their forms have their own journeys). */
export async function billingDetails(hirer: Company, page: Page, fHeaders: Headers, freelancerLegalName: string): Promise<void> {
  const address = { addressLine1: '1 Main Street', addressLine2: '', city: 'Springfield', postalCode: '62701', country: 'US' };
  await okJson(
    'company billing',
    await hirer.company.request.put('/api/company/billing', {
      headers: hirer.headers,
      data: { legalName: 'Acme Labs Inc.', ...address, billingEmail: hirer.acme.email, taxNumber: null, version: 0 },
    }),
  );
  await okJson(
    'freelancer billing',
    await page.request.put('/api/freelancer/billing', {
      headers: fHeaders,
      data: { legalName: freelancerLegalName, ...address, taxNumber: null, version: 0 },
    }),
  );
}

export type HourlyTerms = { roleTitle: string; scope: string; currency: 'EUR' | 'USD'; rateMinor: number; startDate?: string };

export type ApprovedWeek = Vetted & Company & { engagementId: string; weekStart: string };

/**
 * Everything above, then hourly terms (40 hours a week at most, 30 days' notice, weeks in UTC; from
 * last Monday unless `startDate`) offered on the one hire and accepted, and last week's hours saved,
 * submitted and approved: the week is invoiced.
 */
export async function approvedWeek(
  page: Page,
  browser: Browser,
  opts: {
    firstName: string;
    lastName: string;
    operator?: { firstName: string; lastName: string };
    shortlist: string;
    terms: HourlyTerms;
    week: { quarterHours: number; description: string };
  },
): Promise<ApprovedWeek> {
  const vetted = await vettedFreelancer(page, browser, opts);
  const { fHeaders } = vetted;
  const hirer = await companyWithHires(browser, vetted.slug, [opts.shortlist]);
  const { company, headers } = hirer;
  await billingDetails(hirer, page, fHeaders, `${opts.firstName} ${opts.lastName}`);
  const hires = await okJson<{ hires: Array<{ id: string; role: string }> }>(
    'hires',
    await company.request.get('/api/company/hires', { headers }),
  );
  const hire = hires.hires.find((h) => h.role === opts.shortlist);
  const weekStart = mondayOf(1);
  const offer = await okJson<{ engagement: { id: string } }>(
    'offer',
    await company.request.post(`/api/company/hires/${hire?.id}/offer`, {
      headers,
      data: { startDate: weekStart, ...opts.terms, kind: 'hourly', weeklyCapHours: 40, noticeDays: 30, timeZone: 'UTC' },
    }),
  );
  const engagementId = offer.engagement.id;
  await okJson(
    'accept',
    await page.request.post(`/api/freelancer/engagements/${engagementId}/accept`, { headers: fHeaders, data: { termsVersion: 1 } }),
  );
  const week = `/api/freelancer/engagements/${engagementId}/weeks/${weekStart}`;
  const saved = await okJson<{ timesheet: { version: number } }>(
    'save week',
    await page.request.put(week, { headers: fHeaders, data: { version: 0, lines: [{ day: weekStart, ...opts.week }] } }),
  );
  const submitted = await okJson<{ timesheet: { id: string; version: number } }>(
    'submit week',
    await page.request.post(`${week}/submit`, { headers: fHeaders, data: { version: saved.timesheet.version } }),
  );
  await okJson(
    'approve week',
    await company.request.post(`/api/company/timesheets/${submitted.timesheet.id}/approve`, {
      headers,
      data: { version: submitted.timesheet.version },
    }),
  );
  return { ...vetted, ...hirer, engagementId, weekStart };
}

export type Statement = { number: string; paymentReference: string; grossMinor: number; dueDate: string };

/** The freelancer's newest statement: the approved week's invoice. */
export async function weekInvoice(page: Page, fHeaders: Headers): Promise<Statement> {
  const statements = await okJson<{ documents: Statement[] }>(
    'statements',
    await page.request.get('/api/freelancer/statements', { headers: fHeaders }),
  );
  const invoice = statements.documents[0];
  expect(invoice, 'the week was invoiced').toBeTruthy();
  return invoice as Statement;
}
