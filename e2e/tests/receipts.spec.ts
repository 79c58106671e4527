import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { captureScreens, expect, expectNoSeriousA11yViolations, test, uniqueLetters } from '../support/fixtures.ts';
import { createCompany, createCompletedFreelancer, seedAccount } from '../support/signed-in.ts';

// Receipts from the bank (issue 35), in the browser: an hourly week is approved (through the API,
// as the engagements journey does it in the browser), the freelancer sees when the company's payment
// is expected; the operator imports the bank's camt.053 statement that pays the invoice; the
// freelancer sees the day it was received and the day it was released to them. Axe at 1440 and
// 375 px on the console's Receipts, Releases due and Money report pages and on the freelancer's payment dates.

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

/** The Monday of last week (UTC). */
function lastMonday(): string {
  const now = new Date();
  const dow = (now.getUTCDay() + 6) % 7;
  return isoDay(-dow - 7);
}

const template = fs.readFileSync(new URL('../../apps/server/test/fixtures/camt053/statement.xml', import.meta.url), 'utf8');

test('the operator imports a statement that pays an invoice; the freelancer sees it received, then released', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const surname = `Okafor-${uniqueLetters()}`;
  const freelancer = await createCompletedFreelancer(page, { firstName: 'Ife', lastName: surname });
  const fHeaders = bearer(freelancer.accessToken);
  const privacy = (await (await page.request.get('/api/freelancer-settings/privacy', { headers: fHeaders })).json()) as { slug: string };

  const operatorContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const operatorPage = await operatorContext.newPage();
  const operator = await seedAccount(operatorPage, { userType: 'client', operator: true, firstName: 'Olu', lastName: 'Adeyemi' });
  const oHeaders = bearer(operator.accessToken);
  const queue = (await (await operatorPage.request.get('/api/operator/vetting', { headers: oHeaders })).json()) as {
    queue: Array<{ freelancerId: string; email: string }>;
  };
  const item = queue.queue.find((q) => q.email === freelancer.email);
  expect(
    (
      await operatorPage.request.post(`/api/operator/vetting/${item?.freelancerId}/decision`, {
        headers: oHeaders,
        data: { outcome: 'approve' },
      })
    ).status(),
  ).toBe(200);

  // A verified company hires them, both have billing details, EUR hourly terms accepted, a week approved: its invoice.
  const companyContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const company = await companyContext.newPage();
  const acme = await createCompany(company, { company: 'Acme Labs', verified: true });
  const headers = bearer(acme.accessToken);
  const list = (await (await company.request.post('/api/company/shortlists', { headers, data: { name: 'Payments work' } })).json()) as {
    shortlist: { id: string };
  };
  const added = (await (
    await company.request.post(`/api/company/shortlists/${list.shortlist.id}/candidates`, { headers, data: { slug: privacy.slug } })
  ).json()) as {
    candidate: { id: string; version: number };
  };
  expect(
    (
      await company.request.put(`/api/company/shortlists/${list.shortlist.id}/candidates/${added.candidate.id}`, {
        headers,
        data: { stage: 'selected', note: '', version: added.candidate.version ?? 0 },
      })
    ).status(),
  ).toBe(200);
  const address = { addressLine1: '1 Main Street', addressLine2: '', city: 'Springfield', postalCode: '62701', country: 'US' };
  expect(
    (
      await company.request.put('/api/company/billing', {
        headers,
        data: { legalName: 'Acme Labs Inc.', ...address, billingEmail: acme.email, taxNumber: null, version: 0 },
      })
    ).status(),
  ).toBe(200);
  expect(
    (
      await page.request.put('/api/freelancer/billing', {
        headers: fHeaders,
        data: { legalName: `Ife ${surname}`, ...address, taxNumber: null, version: 0 },
      })
    ).status(),
  ).toBe(200);
  const hires = (await (await company.request.get('/api/company/hires', { headers })).json()) as {
    hires: Array<{ id: string; role: string }>;
  };
  const hire = hires.hires.find((h) => h.role === 'Payments work');
  const offer = await company.request.post(`/api/company/hires/${hire?.id}/offer`, {
    headers,
    data: {
      roleTitle: 'Payments engineer',
      scope: 'Build the payments API with its tests and docs.',
      kind: 'hourly',
      currency: 'EUR',
      rateMinor: 5_000,
      weeklyCapHours: 40,
      startDate: isoDay(-14),
      noticeDays: 30,
      timeZone: 'UTC',
    },
  });
  expect(offer.status(), await offer.text()).toBe(200);
  const engagementId = ((await offer.json()) as { engagement: { id: string } }).engagement.id;
  expect(
    (
      await page.request.post(`/api/freelancer/engagements/${engagementId}/accept`, { headers: fHeaders, data: { termsVersion: 1 } })
    ).status(),
  ).toBe(200);
  const week = `/api/freelancer/engagements/${engagementId}/weeks/${lastMonday()}`;
  const saved = await page.request.put(week, {
    headers: fHeaders,
    data: { version: 0, lines: [{ day: lastMonday(), quarterHours: 32, description: 'Payments API' }] },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const savedVersion = ((await saved.json()) as { timesheet: { version: number } }).timesheet.version;
  const submitted = await page.request.post(`${week}/submit`, { headers: fHeaders, data: { version: savedVersion } });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const sheet = ((await submitted.json()) as { timesheet: { id: string; version: number } }).timesheet;
  const approved = await company.request.post(`/api/company/timesheets/${sheet.id}/approve`, { headers, data: { version: sheet.version } });
  expect(approved.status(), await approved.text()).toBe(200);
  const statements = (await (await page.request.get('/api/freelancer/statements', { headers: fHeaders })).json()) as {
    documents: Array<{ number: string; paymentReference: string; dueDate: string }>;
  };
  const invoice = statements.documents[0];
  if (!invoice) throw new Error('no invoice');

  // The freelancer: the payment is expected by the invoice's due date.
  await page.goto('/freelancer/workmanagement');
  const dates = page.getByRole('list', { name: `Payment of ${invoice.number}` });
  await expect(dates.getByText(`Received: expected by ${longDay(invoice.dueDate)}`)).toBeVisible();
  await bothWidths(page, 'payments-expected');

  // The operator imports the bank's statement: the reference typed in lower case without hyphens.
  const today = isoDay(0);
  const xml = template
    .replaceAll('{{STMT}}', `E2E-${uniqueLetters()}`)
    .replaceAll('{{DATE}}', today)
    .replaceAll('{{AMOUNT}}', '400.00')
    .replaceAll('{{REF}}', `payment ${invoice.paymentReference.toLowerCase().replace(/-/g, '')}`)
    .replaceAll('{{CLOSING}}', '411.50');
  await operatorPage.goto('/admin/receipts');
  const main = operatorPage.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Receipts', level: 1 })).toBeVisible();
  await main.getByLabel('Or paste its XML').fill(xml);
  await main.getByRole('button', { name: 'Import statement' }).click();
  await expect(main.getByText('Imported 2 new credit lines: 1 matched, 1 to assign.')).toBeVisible();
  await expect(main.getByText(invoice.number).first()).toBeVisible();
  await expect(main.getByText('Matched', { exact: true }).first()).toBeVisible();
  await bothWidths(operatorPage, 'console-receipts');
  // The same statement again changes nothing.
  await main.getByLabel('Or paste its XML').fill(xml);
  await main.getByRole('button', { name: 'Import statement' }).click();
  await expect(main.getByText('This statement was imported before; nothing changed.')).toBeVisible();
  await operatorPage.goto('/admin/releases-due');
  await expect(operatorPage.getByRole('main').getByText('Nothing waiting')).toBeVisible();
  await bothWidths(operatorPage, 'console-releases-due');

  // The money report: today's EUR row, the statement's line, and its CSV.
  await operatorPage.goto('/admin/money-report');
  const report = operatorPage.getByRole('main');
  await expect(report.getByRole('heading', { name: 'Money report', level: 1 })).toBeVisible();
  await report.getByLabel('From', { exact: true }).fill(today);
  await report.getByLabel('To', { exact: true }).fill(today);
  await report.getByRole('button', { name: 'Show' }).click();
  await expect(report.getByRole('region', { name: `Money from ${today} to ${today}` }).getByText('EUR', { exact: true })).toBeVisible();
  await expect(report.getByText(new RegExp(`the statement of ${today}`)).first()).toBeVisible();
  await bothWidths(operatorPage, 'console-money-report');
  const [csv] = await Promise.all([operatorPage.waitForEvent('download'), report.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(csv.suggestedFilename()).toBe(`money-report-${today}-${today}.csv`);
  expect(fs.readFileSync((await csv.path()) ?? '', 'utf8')).toContain(`${today},${today},EUR,`);

  // The freelancer: received today, released today, paid out expected from the release.
  await page.reload();
  await expect(dates.getByText(`Received on ${longDay(today)}`)).toBeVisible();
  await expect(dates.getByText(`Released on ${longDay(today)}`)).toBeVisible();
  await expect(dates.getByText(`Paid to you: expected by ${longDay(today)}`)).toBeVisible();
  await bothWidths(page, 'payments-released');
  await operatorContext.close();
  await companyContext.close();
});
