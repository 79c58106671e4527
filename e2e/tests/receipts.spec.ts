import fs from 'node:fs';
import { bothWidths, expect, test, uniqueLetters } from '../support/fixtures.ts';
import { approvedWeek, weekInvoice } from '../support/engagement.ts';

// Receipts from the bank (issue 35), in the browser: an hourly week is approved (through the API,
// as the engagements journey does it in the browser), the freelancer sees when the company's payment
// is expected; the operator imports the bank's camt.053 statement that pays the invoice; the
// freelancer sees the day it was received and the day it was released to them. Axe at 1440 and
// 375 px on the console's Receipts, Releases due and Money report pages and on the freelancer's payment dates.

test.describe.configure({ timeout: 420_000 });

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const longDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

const template = fs.readFileSync(new URL('../../apps/server/test/fixtures/camt053/statement.xml', import.meta.url), 'utf8');

test('the operator imports a statement that pays an invoice; the freelancer sees it received, then released', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const surname = `Okafor-${uniqueLetters()}`;
  // A verified company hires them, both have billing details, EUR hourly terms accepted, a week approved: its invoice.
  const { fHeaders, operator, companyContext } = await approvedWeek(page, browser, {
    firstName: 'Ife',
    lastName: surname,
    shortlist: 'Payments work',
    terms: {
      roleTitle: 'Payments engineer',
      scope: 'Build the payments API with its tests and docs.',
      currency: 'EUR',
      rateMinor: 5_000,
      startDate: isoDay(-14),
    },
    week: { quarterHours: 32, description: 'Payments API' },
  });
  const { page: operatorPage, context: operatorContext } = operator;
  const invoice = await weekInvoice(page, fHeaders);

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
