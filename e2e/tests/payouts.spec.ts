import { toMajorString } from '@talentloop/contract/rules/money';
import type { Page } from '@playwright/test';
import { captureScreens, expect, expectNoSeriousA11yViolations, test, uniqueLetters } from '../support/fixtures.ts';
import { readCode } from '../support/mail.ts';
import { createCompany, createCompletedFreelancer, seedAccount } from '../support/signed-in.ts';

// Payouts (issue 35), in the browser: the freelancer saves payout details through the mailed code
// and sees them masked; the operator creates a batch of what is payable, downloads its SEPA file,
// marks the batch sent and the payout paid; the freelancer sees 'Paid on'. What the journey only
// needs (a vetted freelancer hired by a verified company, an approved week: money payable) is made
// through the API. Axe at 1440 and 375 px on both new screens; screenshots with E2E_SCREENSHOTS=1.

test.describe.configure({ timeout: 420_000 });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function bothWidths(page: Page, name: string) {
  const size = page.viewportSize();
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await expectNoSeriousA11yViolations(page, `${name} at ${width} px`);
  }
  await captureScreens(page, name);
  if (size) await page.setViewportSize(size);
}

async function ok(res: { status(): number; text(): Promise<string>; json(): Promise<unknown> }, label: string) {
  expect(res.status(), `${label}: ${await res.text()}`).toBe(200);
  return (await res.json()) as Record<string, never>;
}

const monday = (weeksBack: number) => {
  const now = new Date();
  const day = (now.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day - 7 * weeksBack)).toISOString().slice(0, 10);
};

test('a freelancer saves payout details with the mailed code; the operator batches, downloads and pays; the freelancer sees it paid', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const surname = `Okafor-${uniqueLetters()}`;
  const freelancer = await createCompletedFreelancer(page, { firstName: 'Zoe', lastName: surname });
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
  await ok(
    await operatorPage.request.post(`/api/operator/vetting/${item?.freelancerId}/decision`, {
      headers: oHeaders,
      data: { outcome: 'approve' },
    }),
    'vetting',
  );

  // A verified company hires them and approves a week of EUR work, through the API.
  const companyContext = await browser.newContext();
  const company = await companyContext.newPage();
  const acme = await createCompany(company, { company: 'Acme Labs', verified: true });
  const headers = bearer(acme.accessToken);
  const list = (await ok(
    await company.request.post('/api/company/shortlists', { headers, data: { name: 'Payments' } }),
    'shortlist',
  )) as unknown as {
    shortlist: { id: string };
  };
  const added = (await ok(
    await company.request.post(`/api/company/shortlists/${list.shortlist.id}/candidates`, { headers, data: { slug: privacy.slug } }),
    'candidate',
  )) as unknown as { candidate: { id: string; version: number } };
  await ok(
    await company.request.put(`/api/company/shortlists/${list.shortlist.id}/candidates/${added.candidate.id}`, {
      headers,
      data: { stage: 'selected', note: '', version: added.candidate.version ?? 0 },
    }),
    'select',
  );
  const address = { addressLine1: '1 Main Street', addressLine2: '', city: 'Springfield', postalCode: '62701', country: 'US' };
  await ok(
    await company.request.put('/api/company/billing', {
      headers,
      data: { legalName: 'Acme Labs Inc.', ...address, billingEmail: acme.email, taxNumber: null, version: 0 },
    }),
    'company billing',
  );
  await ok(
    await page.request.put('/api/freelancer/billing', {
      headers: fHeaders,
      data: { legalName: `Zoe ${surname}`, ...address, taxNumber: null, version: 0 },
    }),
    'freelancer billing',
  );
  const hires = (await ok(await company.request.get('/api/company/hires', { headers }), 'hires')) as unknown as {
    hires: Array<{ id: string }>;
  };
  const weekStart = monday(1);
  const offer = (await ok(
    await company.request.post(`/api/company/hires/${hires.hires[0]?.id}/offer`, {
      headers,
      data: {
        roleTitle: 'Payments engineer',
        scope: 'Build the payout screens with the finance team.',
        kind: 'hourly',
        currency: 'EUR',
        rateMinor: 8_000,
        weeklyCapHours: 40,
        startDate: weekStart,
        noticeDays: 30,
        timeZone: 'UTC',
      },
    }),
    'offer',
  )) as unknown as { engagement: { id: string } };
  const engagementId = offer.engagement.id;
  await ok(
    await page.request.post(`/api/freelancer/engagements/${engagementId}/accept`, { headers: fHeaders, data: { termsVersion: 1 } }),
    'accept',
  );
  const week = `/api/freelancer/engagements/${engagementId}/weeks/${weekStart}`;
  const saved = (await ok(
    await page.request.put(week, {
      headers: fHeaders,
      data: { version: 0, lines: [{ day: weekStart, quarterHours: 32, description: 'Payout screens' }] },
    }),
    'save week',
  )) as unknown as { timesheet: { version: number } };
  const submitted = (await ok(
    await page.request.post(`${week}/submit`, { headers: fHeaders, data: { version: saved.timesheet.version } }),
    'submit week',
  )) as unknown as { timesheet: { id: string; version: number } };
  await ok(
    await company.request.post(`/api/company/timesheets/${submitted.timesheet.id}/approve`, {
      headers,
      data: { version: submitted.timesheet.version },
    }),
    'approve week',
  );
  await companyContext.close();
  // The company pays the week's invoice: an operator records the transfer with its payment
  // reference, and paid and approved, the net is released to the freelancer's payable at once.
  const statements = (await (await page.request.get('/api/freelancer/statements', { headers: fHeaders })).json()) as {
    documents: Array<{ grossMinor: number; paymentReference: string }>;
  };
  const invoice = statements.documents[0];
  expect(invoice, 'the week was invoiced').toBeTruthy();
  await ok(
    await operatorPage.request.post('/api/operator/receipts', {
      headers: oHeaders,
      data: {
        bookedOn: new Date().toISOString().slice(0, 10),
        currency: 'EUR',
        amount: toMajorString(invoice?.grossMinor ?? 0, 'EUR'),
        bankReference: `payouts-${invoice?.paymentReference}`,
        remittance: invoice?.paymentReference,
      },
    }),
    'receipt',
  );

  // The freelancer saves payout details in their settings, through the mailed code.
  await page.goto('/freelancer/view-profile?section=payouts');
  const section = page.getByRole('region', { name: 'Payout Details' });
  await expect(section.getByRole('button', { name: 'Email me a code' })).toBeVisible();
  await expect(section.getByText('No payouts yet.')).toBeVisible();
  await bothWidths(page, 'payout-details-form');
  await section.getByLabel('Account holder', { exact: true }).fill(`Zoe ${surname}`);
  await section.getByLabel('IBAN', { exact: true }).fill('DE89 3704 0044 0532 0130 01');
  await section.getByLabel('BIC (SWIFT code)').fill('COBADEFFXXX');
  await section.getByRole('button', { name: 'Email me a code' }).click();
  await expect(section.getByText('This IBAN is not valid')).toBeVisible();
  await section.getByLabel('IBAN', { exact: true }).fill('DE89 3704 0044 0532 0130 00');
  const asked = Date.now();
  await section.getByRole('button', { name: 'Email me a code' }).click();
  await expect(section.getByRole('status')).toContainText('We sent a 5-digit code');
  const code = await readCode(freelancer.email, 'payout_details', asked - 1000);
  await section.getByLabel('Code from the email').fill(code);
  await section.getByRole('button', { name: 'Save payout details' }).click();
  await expect(section.getByTestId('payout-account')).toHaveText('DE•• •••• 3000');
  await expect(section.getByText('0532 0130')).toHaveCount(0);
  await bothWidths(page, 'payout-details-saved');

  // The operator sees it payable, makes a batch, downloads the SEPA file, marks it sent and paid.
  await operatorPage.goto('/admin/payouts');
  const main = operatorPage.getByRole('main');
  const row = main.getByRole('listitem').filter({ hasText: `Zoe ${surname}` });
  await expect(row).toContainText('Goes into the next batch');
  await bothWidths(operatorPage, 'operator-payouts');
  await main.getByRole('button', { name: 'Create batch' }).click();
  const batchLine = main.getByTestId('payout-line').filter({ hasText: `Zoe ${surname}` });
  await expect(batchLine).toContainText('In a batch');
  const [download] = await Promise.all([
    operatorPage.waitForEvent('download'),
    main.getByRole('button', { name: 'SEPA file (EUR)' }).first().click(),
  ]);
  const xml = await (await download.createReadStream()).toArray();
  const text = Buffer.concat(xml as Buffer[]).toString('utf8');
  expect(text).toContain('pain.001.001.09');
  expect(text).toContain('<IBAN>DE89370400440532013000</IBAN>');
  await main.getByRole('button', { name: 'Mark batch sent' }).click();
  await expect(batchLine).toContainText('Sent to the bank');
  await bothWidths(operatorPage, 'operator-payout-batch-sent');
  await batchLine.getByRole('button', { name: /Mark paid/ }).click();
  await expect(batchLine).toContainText('Paid on');
  await operatorContext.close();

  // The freelancer sees the payout paid, with its day.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Payout Details' }).getByTestId('payout-status').first()).toContainText('Paid on');
});
