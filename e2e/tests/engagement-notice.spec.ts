import type { Page } from '@playwright/test';
import { captureScreens, expect, expectNoSeriousA11yViolations, test, uniqueLetters } from '../support/fixtures.ts';
import { createCompany, createCompletedFreelancer, seedAccount } from '../support/signed-in.ts';

// Ending with notice (issue 35), in the browser: on an hourly engagement with an approved week (made
// through the API, as the engagements journey makes it in its screens), the freelancer gives notice
// on Work Management and both see the end date; the company proposes an earlier end of today on
// Projects; the freelancer accepts it; the engagement has ended and the company's review of the hire
// opens (no 'Mark finished'). Axe at 1440 and 375 px on every new screen; screenshots with E2E_SCREENSHOTS=1.

test.describe.configure({ timeout: 420_000 });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const longDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

async function bothWidths(page: Page, name: string) {
  const size = page.viewportSize();
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await expectNoSeriousA11yViolations(page, `${name} at ${width} px`);
  }
  await captureScreens(page, name);
  if (size) await page.setViewportSize(size);
}

test('the freelancer gives notice, the company proposes an earlier end, the freelancer accepts: ended, and the review opens', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const surname = `Okafor-${uniqueLetters()}`;
  const freelancer = await createCompletedFreelancer(page, { firstName: 'Ada', lastName: surname });
  const fHeaders = bearer(freelancer.accessToken);
  const privacy = (await (await page.request.get('/api/freelancer-settings/privacy', { headers: fHeaders })).json()) as { slug: string };

  // The operator approves the profile; a verified company selects them; both billing details; through the API.
  const operatorContext = await browser.newContext();
  const operatorPage = await operatorContext.newPage();
  const operator = await seedAccount(operatorPage, { userType: 'client', operator: true, firstName: 'Olu', lastName: 'Adeyemi' });
  const queue = (await (await operatorPage.request.get('/api/operator/vetting', { headers: bearer(operator.accessToken) })).json()) as {
    queue: Array<{ freelancerId: string; email: string }>;
  };
  const item = queue.queue.find((q) => q.email === freelancer.email);
  const approved = await operatorPage.request.post(`/api/operator/vetting/${item?.freelancerId}/decision`, {
    headers: bearer(operator.accessToken),
    data: { outcome: 'approve' },
  });
  expect(approved.status()).toBe(200);
  await operatorContext.close();

  const companyContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const company = await companyContext.newPage();
  const acme = await createCompany(company, { company: 'Acme Labs', verified: true });
  const headers = bearer(acme.accessToken);
  const list = (await (await company.request.post('/api/company/shortlists', { headers, data: { name: 'Platform work' } })).json()) as {
    shortlist: { id: string };
  };
  const added = (await (
    await company.request.post(`/api/company/shortlists/${list.shortlist.id}/candidates`, { headers, data: { slug: privacy.slug } })
  ).json()) as { candidate: { id: string; version: number } };
  const selected = await company.request.put(`/api/company/shortlists/${list.shortlist.id}/candidates/${added.candidate.id}`, {
    headers,
    data: { stage: 'selected', note: '', version: added.candidate.version ?? 0 },
  });
  expect(selected.status(), await selected.text()).toBe(200);
  const address = { addressLine1: '1 Main Street', addressLine2: '', city: 'Springfield', postalCode: '62701', country: 'US' };
  const cb = await company.request.put('/api/company/billing', {
    headers,
    data: { legalName: 'Acme Labs Inc.', ...address, billingEmail: acme.email, taxNumber: null, version: 0 },
  });
  expect(cb.status(), await cb.text()).toBe(200);
  const fb = await page.request.put('/api/freelancer/billing', {
    headers: fHeaders,
    data: { legalName: `Ada ${surname}`, ...address, taxNumber: null, version: 0 },
  });
  expect(fb.status(), await fb.text()).toBe(200);

  // Hourly terms with 30 days' notice, accepted; last week logged, submitted and approved: through the API.
  const hires = (await (await company.request.get('/api/company/hires', { headers })).json()) as { hires: Array<{ id: string }> };
  const offer = await company.request.post(`/api/company/hires/${hires.hires[0]?.id}/offer`, {
    headers,
    data: {
      roleTitle: 'Platform engineer',
      scope: 'Run the platform and its deploys with the team.',
      kind: 'hourly',
      currency: 'USD',
      rateMinor: 9_000,
      weeklyCapHours: 40,
      startDate: isoDay(-14),
      noticeDays: 30,
      timeZone: 'UTC',
    },
  });
  expect(offer.status(), await offer.text()).toBe(200);
  const engagementId = ((await offer.json()) as { engagement: { id: string } }).engagement.id;
  const accepted = await page.request.post(`/api/freelancer/engagements/${engagementId}/accept`, {
    headers: fHeaders,
    data: { termsVersion: 1 },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const monday = (() => {
    const d = new Date(`${isoDay(-7)}T00:00:00Z`);
    return isoDay(-7 - ((d.getUTCDay() + 6) % 7));
  })();
  const weekUrl = `/api/freelancer/engagements/${engagementId}/weeks/${monday}`;
  const saved = await page.request.put(weekUrl, {
    headers: fHeaders,
    data: { version: 0, lines: [{ day: monday, quarterHours: 24, description: 'Deploy pipeline' }] },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const sv = ((await saved.json()) as { timesheet: { version: number } }).timesheet.version;
  const sent = await page.request.post(`${weekUrl}/submit`, { headers: fHeaders, data: { version: sv } });
  expect(sent.status(), await sent.text()).toBe(200);
  const sheet = ((await sent.json()) as { timesheet: { id: string; version: number } }).timesheet;
  const ok = await company.request.post(`/api/company/timesheets/${sheet.id}/approve`, { headers, data: { version: sheet.version } });
  expect(ok.status(), await ok.text()).toBe(200);

  // The freelancer gives notice on Work Management: the earliest end date is offered, 30 days ahead.
  await page.goto('/freelancer/workmanagement');
  const work = page.getByRole('main');
  const mine = work
    .getByRole('region', { name: 'Active engagements' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Platform engineer · Acme Labs' }) });
  const ending = mine.getByRole('region', { name: 'Ending' });
  await expect(ending.getByText(/Either of you can end it with 30 days' notice/)).toBeVisible();
  await ending.getByRole('button', { name: 'Give notice' }).click();
  const notice = page.getByRole('dialog', { name: 'Give notice' });
  const endDate = isoDay(30);
  await expect(notice.getByLabel('Last day of work')).toHaveValue(endDate);
  await notice.getByLabel('Last day of work').fill(isoDay(29));
  await notice.getByRole('button', { name: 'Give notice' }).click();
  await expect(notice.getByText(`With 30 days' notice, the end date can be ${endDate} at the earliest.`)).toBeVisible();
  await bothWidths(page, 'notice-dialog-error');
  await notice.getByLabel('Last day of work').fill(endDate);
  await notice.getByRole('button', { name: 'Give notice' }).click();
  await expect(notice).toBeHidden();
  await expect(ending.getByText(`Ends on ${longDay(endDate)}`)).toBeVisible();
  await bothWidths(page, 'work-management-notice-given');

  // The company sees the end date at once on Projects, and proposes ending today.
  await company.goto('/company/projects');
  const main = company.getByRole('main');
  const theirs = main.getByRole('listitem').filter({ has: company.getByRole('heading', { name: `Platform engineer · Ada ${surname}` }) });
  await theirs.getByRole('button', { name: 'Open' }).click();
  const companyEnding = theirs.getByRole('region', { name: 'Ending' });
  await expect(companyEnding.getByText(`Ends on ${longDay(endDate)}`)).toBeVisible();
  await companyEnding.getByRole('button', { name: 'Propose an earlier end' }).click();
  const early = company.getByRole('dialog', { name: 'Propose an earlier end' });
  await expect(early.getByLabel('Last day of work')).toHaveValue(isoDay(0));
  await bothWidths(company, 'early-end-dialog');
  await early.getByRole('button', { name: 'Send proposal' }).click();
  await expect(early).toBeHidden();
  await expect(companyEnding.getByText(/You proposed ending on .* It waits for Ada/)).toBeVisible();
  await bothWidths(company, 'projects-early-end-proposed');

  // The freelancer accepts: the engagement has ended today.
  await page.reload();
  await expect(ending.getByText(/Acme Labs proposes ending on/)).toBeVisible();
  await bothWidths(page, 'work-management-early-end-proposed');
  await ending.getByRole('button', { name: 'Accept earlier end' }).click();
  await expect(ending.getByText(`Ended on ${longDay(isoDay(0))}.`, { exact: false })).toBeVisible();

  // The hire is finished with it and its review opens on Projects (no 'Mark finished').
  await company.reload();
  const finished = main
    .getByRole('region', { name: /Finished/ })
    .getByRole('listitem')
    .filter({ hasText: `Ada ${surname}` });
  await expect(finished.getByRole('button', { name: 'Write a review' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Mark finished' })).toHaveCount(0);
  await bothWidths(company, 'projects-ended-review-open');
  await finished.getByRole('button', { name: 'Write a review' }).click();
  await expect(company.getByRole('dialog', { name: `Review Ada ${surname}` })).toBeVisible();
  await companyContext.close();
});
