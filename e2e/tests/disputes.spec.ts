import { bothWidths, expect, test, uniqueLetters } from '../support/fixtures.ts';
import { approvedWeek, weekInvoice } from '../support/engagement.ts';

// Disputes (issue 35), in the browser: the company disputes a week's invoice on its Projects page,
// the freelancer sees the release suspended and answers on Work Management, an operator decides in
// the console's Disputes queue, and both sides see the decision. What the journey only needs (a
// vetted freelancer hired by a verified company, an approved week: an invoice) is made through the
// API. Axe at 1440 and 375 px on each new screen; screenshots with E2E_SCREENSHOTS=1.

test.describe.configure({ timeout: 420_000 });

test('the company disputes a week’s invoice, the freelancer answers, an operator decides in the console', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const surname = `Mensah-${uniqueLetters()}`;
  // A verified company hires them and approves a week of EUR work, through the API.
  const { fHeaders, operator, company, companyContext } = await approvedWeek(page, browser, {
    firstName: 'Ama',
    lastName: surname,
    operator: { firstName: 'Ines', lastName: 'Duarte' },
    shortlist: 'Disputes',
    terms: { roleTitle: 'Data engineer', scope: 'Build the reporting pipeline with the finance team.', currency: 'EUR', rateMinor: 8_000 },
    week: { quarterHours: 40, description: 'Reporting pipeline' },
  });
  const { page: operatorPage, context: operatorContext } = operator;
  const invoice = await weekInvoice(page, fHeaders);

  // The company disputes the week's hours on its Projects page.
  await company.goto('/company/projects');
  const main = company.getByRole('main');
  const hourly = main.getByRole('listitem').filter({ has: company.getByRole('heading', { name: `Data engineer · Ama ${surname}` }) });
  await hourly.getByRole('button', { name: 'Open' }).click();
  const invoices = hourly.getByRole('region', { name: 'Invoices' });
  await expect(invoices.getByText(/You can dispute this invoice until /)).toBeVisible();
  await invoices.getByRole('button', { name: `Dispute ${invoice.number}` }).click();
  const open = company.getByRole('dialog', { name: `Dispute ${invoice.number}` });
  await open.getByRole('radio', { name: 'The week’s hours' }).check();
  await open.getByRole('button', { name: 'Open dispute' }).click();
  await expect(open.getByText(/at least 10 characters/)).toBeVisible();
  await open.getByLabel('What is wrong').fill('Two of these hours were a meeting we cancelled.');
  await bothWidths(company, 'dispute-open-dialog');
  await open.getByRole('button', { name: 'Open dispute' }).click();
  await expect(open).toBeHidden();
  const box = invoices.getByRole('region', { name: `Dispute of ${invoice.number}` });
  await expect(box).toContainText('Disputed by you on');
  await expect(box).toContainText('Waiting for the other side');
  await expect(invoices.getByRole('button', { name: `Dispute ${invoice.number}` })).toHaveCount(0);
  // Evidence: a PDF attached, listed as a download.
  await box.getByLabel(`Attach a file to the dispute of ${invoice.number}`).setInputFiles({
    name: 'meeting-log.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'),
  });
  await expect(box.getByRole('button', { name: 'File 1 from you (PDF, 1 KB)' })).toBeVisible();
  await bothWidths(company, 'dispute-company');

  // The freelancer sees the release suspended and answers, by keyboard.
  await page.goto('/freelancer/workmanagement');
  const work = page.getByRole('main');
  const statementsList = work.getByRole('region', { name: 'Statements' });
  await expect(statementsList.getByText('Release suspended: Disputed by the company')).toBeVisible();
  const fBox = statementsList.getByRole('region', { name: `Dispute of ${invoice.number}` });
  await expect(fBox).toContainText('Two of these hours were a meeting we cancelled.');
  const [evidence] = await Promise.all([
    page.waitForEvent('download'),
    fBox.getByRole('button', { name: 'File 1 from the company (PDF, 1 KB)' }).click(),
  ]);
  expect(evidence.suggestedFilename()).toBe(`dispute-${invoice.number}-file-1.pdf`);
  await fBox.getByRole('button', { name: `Answer the dispute of ${invoice.number}` }).focus();
  await page.keyboard.press('Enter');
  const answer = page.getByRole('dialog', { name: `Answer the dispute of ${invoice.number}` });
  await answer.getByLabel('Your answer').fill('The meeting was held; the notes are in the shared folder.');
  await answer.getByRole('button', { name: 'Send answer' }).click();
  await expect(answer).toBeHidden();
  await expect(fBox).toContainText('Waiting for a decision');
  await bothWidths(page, 'dispute-freelancer');

  // The operator decides in the console: a split is refused while the invoice is unpaid, then a release.
  await operatorPage.goto('/admin/disputes');
  const disputesMain = operatorPage.getByRole('main');
  await expect(disputesMain.getByRole('heading', { name: 'Disputes', level: 1 })).toBeVisible();
  await expect(disputesMain.getByText('The meeting was held; the notes are in the shared folder.')).toBeVisible();
  await expect(disputesMain.getByRole('button', { name: 'File 1 from the company (PDF, 1 KB)' })).toBeVisible();
  await bothWidths(operatorPage, 'console-disputes');
  await disputesMain.getByRole('button', { name: `Decide the dispute of ${invoice.number}` }).click();
  const decide = operatorPage.getByRole('dialog', { name: `Decide the dispute of ${invoice.number}` });
  await decide.getByRole('radio', { name: 'Split: refund part, release the rest' }).check();
  await decide.getByLabel('Amount back to the company (EUR)').fill('160');
  await decide.getByLabel('Reason').fill('One of the two hours is shown in the notes; the other is not.');
  await bothWidths(operatorPage, 'console-dispute-decide');
  await decide.getByRole('button', { name: 'Decide' }).click();
  // Unpaid, a split cannot release its part: the server says so in the dialog.
  await expect(decide.getByText(/must be paid in full/)).toBeVisible();
  await decide.getByRole('radio', { name: 'Release the money to the freelancer' }).check();
  await decide.getByRole('button', { name: 'Decide' }).click();
  await expect(decide).toBeHidden();
  await expect(disputesMain.getByText('Released to the freelancer')).toBeVisible();
  await expect(disputesMain.getByRole('button', { name: `Decide the dispute of ${invoice.number}` })).toHaveCount(0);
  await operatorContext.close();

  // Both sides see the decision; the suspension is gone.
  await page.reload();
  await expect(fBox).toContainText('Decided on');
  await expect(fBox).toContainText('One of the two hours is shown in the notes');
  await expect(statementsList.getByText('Release suspended: Disputed by the company')).toHaveCount(0);
  await company.reload();
  await hourly.getByRole('button', { name: 'Open' }).click();
  await expect(box).toContainText('Released to the freelancer');
  await companyContext.close();
});
