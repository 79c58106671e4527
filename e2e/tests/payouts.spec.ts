import { toMajorString } from '@talentloop/contract/rules/money';
import { bothWidths, expect, test, uniqueLetters } from '../support/fixtures.ts';
import { approvedWeek, okJson, weekInvoice } from '../support/engagement.ts';
import { readCode } from '../support/mail.ts';

// Payouts (issue 35), in the browser: the freelancer saves payout details through the mailed code
// and sees them masked; the operator creates a batch of what is payable, downloads its SEPA file,
// marks the batch sent and the payout paid; the freelancer sees 'Paid on'. What the journey only
// needs (a vetted freelancer hired by a verified company, an approved week: money payable) is made
// through the API. Axe at 1440 and 375 px on both new screens; screenshots with E2E_SCREENSHOTS=1.

test.describe.configure({ timeout: 420_000 });

test('a freelancer saves payout details with the mailed code; the operator batches, downloads and pays; the freelancer sees it paid', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const surname = `Okafor-${uniqueLetters()}`;
  // A verified company hires them and approves a week of EUR work, through the API.
  const { freelancer, fHeaders, operator, companyContext } = await approvedWeek(page, browser, {
    firstName: 'Zoe',
    lastName: surname,
    shortlist: 'Payments',
    terms: { roleTitle: 'Payments engineer', scope: 'Build the payout screens with the finance team.', currency: 'EUR', rateMinor: 8_000 },
    week: { quarterHours: 32, description: 'Payout screens' },
  });
  const { page: operatorPage, context: operatorContext } = operator;
  await companyContext.close();
  // The company pays the week's invoice: an operator records the transfer with its payment
  // reference, and paid and approved, the net is released to the freelancer's payable at once.
  const invoice = await weekInvoice(page, fHeaders);
  await okJson(
    'receipt',
    await operatorPage.request.post('/api/operator/receipts', {
      headers: operator.headers,
      data: {
        bookedOn: new Date().toISOString().slice(0, 10),
        currency: 'EUR',
        amount: toMajorString(invoice.grossMinor, 'EUR'),
        bankReference: `payouts-${invoice.paymentReference}`,
        remittance: invoice.paymentReference,
      },
    }),
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
