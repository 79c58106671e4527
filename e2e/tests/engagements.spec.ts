import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { bothWidths, expect, test, uniqueLetters } from '../support/fixtures.ts';
import { billingDetails, companyWithHires, vettedFreelancer } from '../support/engagement.ts';

// Work after the hire (issue 34), in the browser: the company offers hourly terms on Projects, the
// freelancer sees the fee and their net on Work Management and accepts, logs a week and submits it,
// the company queries a line, the freelancer corrects it and submits again, the company approves;
// both open the PDF (the download answers a PDF) and the freelancer sees their earnings. Then a
// fixed-price milestone is funded, submitted and approved. What the journey only needs (a vetted
// freelancer, a verified company with two Selected hires of them, both parties' billing details,
// the fixed-price offer and its acceptance) is made through the API. Axe at 1440 and 375 px on every
// new screen; screenshots with E2E_SCREENSHOTS=1.

test.describe.configure({ timeout: 420_000 });

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** The PDF a click opens: the download's answer is a PDF (its type and its first bytes). */
async function openPdf(page: Page, button: ReturnType<Page['getByRole']>, name: string) {
  const [answer, popup] = await Promise.all([
    page.waitForResponse((r) => /\/(invoices|statements)\/[0-9a-f-]+\/pdf$/.test(new URL(r.url()).pathname)),
    page.waitForEvent('popup'),
    button.click(),
  ]);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/pdf');
  const bytes = await answer.body();
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // Kept beside the screenshots, for people to look at its pages (headless Chromium has no PDF viewer).
  if (process.env.E2E_SCREENSHOTS) fs.writeFileSync(test.info().outputPath(`${name}.pdf`), bytes);
  await popup.close();
}

/**
 * What the journey only needs, through the API: a vetted freelancer ('Zoe'), a verified company that
 * selected them on two shortlists ('Backend work', 'Design sprint': two hires), and both parties'
 * billing details (their forms are on the same pages).
 */
async function setUp(page: Page, browser: Browser) {
  await page.setViewportSize({ width: 1440, height: 900 });
  const surname = `Mensah-${uniqueLetters()}`;
  // The operator approves the profile, through the API.
  const { fHeaders, slug, operator } = await vettedFreelancer(page, browser, { firstName: 'Zoe', lastName: surname });
  await operator.context.close();
  // A verified company selects them on two shortlists (two hires), through the API.
  const hirer = await companyWithHires(browser, slug, ['Backend work', 'Design sprint']);
  const { company, companyContext, acme, headers } = hirer;
  // Both parties' billing details, through the API (their forms are on these same pages).
  await billingDetails(hirer, page, fHeaders, `Zoe ${surname}`);

  const main = company.getByRole('main');
  return { company, companyContext, acme, headers, fHeaders, surname, main };
}

test('a company and a freelancer agree hourly terms, log, query and approve a week, open its PDFs; and a milestone is funded, submitted and approved', async ({
  page,
  browser,
}) => {
  const { company, companyContext, headers, fHeaders, surname, main } = await setUp(page, browser);
  // The company offers hourly terms on Projects.
  await company.goto('/company/projects');
  await expect(main.getByRole('heading', { name: 'Engagements' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Billing details' })).toBeVisible();
  await expect(main.getByText('Complete: invoices carry these details.')).toBeVisible();
  await bothWidths(company, 'projects-before-offer');
  await expect(main.getByRole('button', { name: `Make an offer to Zoe ${surname}` })).toHaveCount(2);
  await main.getByRole('listitem').filter({ hasText: 'Backend work' }).getByRole('button', { name: 'Make an offer' }).click();
  const offer = company.getByRole('dialog', { name: `Offer to Zoe ${surname}` });
  await offer.getByRole('button', { name: 'Send offer' }).click();
  await expect(offer.getByText('Enter the role title.')).toBeVisible();
  await bothWidths(company, 'offer-form-errors');
  await offer.getByRole('textbox', { name: 'Role title' }).fill('Backend engineer');
  await offer.getByRole('textbox', { name: 'Scope of the work' }).fill('Build the payments API with its tests and docs.');
  await offer.getByRole('textbox', { name: 'Hourly rate (USD)' }).fill('80');
  await offer.getByRole('textbox', { name: 'Weekly cap (hours)' }).fill('40');
  // Started two weeks ago: last week is whole and open for hours.
  await offer.getByLabel('Start date').fill(isoDay(-14));
  await offer.getByRole('combobox', { name: "Week's time zone" }).fill('UTC');
  const preview = offer.getByRole('region', { name: 'What the freelancer receives' });
  await expect(preview.getByText('$12.00')).toBeVisible();
  await expect(preview.getByText('$68.00')).toBeVisible();
  await offer.getByRole('button', { name: 'Send offer' }).click();
  await expect(offer).toBeHidden();
  const hourly = main.getByRole('listitem').filter({ has: company.getByRole('heading', { name: `Backend engineer · Zoe ${surname}` }) });
  await expect(hourly.getByText('Offer sent', { exact: true })).toBeVisible();

  // The freelancer sees the fee and their net before accepting, and accepts.
  await page.goto('/freelancer/workmanagement');
  const work = page.getByRole('main');
  const offerCard = work.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Backend engineer · Acme Labs' }) });
  const fee = offerCard.getByRole('definition');
  await expect(offerCard.getByText('$80.00 an hour')).toBeVisible();
  await expect(fee.filter({ hasText: '− $12.00' })).toBeVisible();
  await expect(fee.filter({ hasText: '$68.00' })).toBeVisible();
  await bothWidths(page, 'work-management-offer');
  await offerCard.getByRole('button', { name: 'Accept offer' }).click();
  const active = work.getByRole('region', { name: 'Active engagements' });
  const engagement = active.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Backend engineer · Acme Labs' }) });
  await expect(engagement.getByRole('heading', { name: /Timesheet: week of .* \(this week\)/ })).toBeVisible();

  // Last week: two days logged, submitted.
  await engagement.getByRole('button', { name: 'Previous week' }).click();
  const grid = engagement.getByRole('form', { name: /Timesheet for the week of/ });
  const hoursFields = grid.getByRole('textbox', { name: /^Hours on / });
  const descFields = grid.getByRole('textbox', { name: /^What you worked on, / });
  await hoursFields.nth(0).fill('8');
  await descFields.nth(0).fill('Payments API: endpoints and tests');
  await hoursFields.nth(1).fill('7.3');
  await descFields.nth(1).fill('Team calls and planning');
  await grid.getByRole('button', { name: 'Submit week' }).click();
  await expect(grid.getByText('Use quarter hours: .25, .5 or .75 (or :15, :30, :45).')).toBeVisible();
  await hoursFields.nth(1).fill('7.5');
  await bothWidths(page, 'timesheet-draft');
  await grid.getByRole('button', { name: 'Submit week' }).click();
  await expect(engagement.getByText('Submitted: waiting for the company.')).toBeVisible();

  // The company queries the second day with a reason.
  await company.reload();
  await hourly.getByRole('button', { name: 'Open' }).click();
  await expect(hourly.getByText(/approved automatically on .* unless you answer/).first()).toBeVisible();
  await bothWidths(company, 'projects-week-submitted');
  await hourly.getByRole('button', { name: /^Query lines of the week of / }).click();
  const query = company.getByRole('dialog', { name: /Query the week of/ });
  await query.getByRole('checkbox', { name: /Team calls and planning/ }).check();
  await query.getByRole('textbox', { name: 'Reason' }).fill('Seven and a half hours of calls seems long; please check.');
  await bothWidths(company, 'query-dialog');
  await query.getByRole('button', { name: 'Send query' }).click();
  await expect(query).toBeHidden();
  await expect(hourly.getByText('You asked: Seven and a half hours of calls seems long; please check.')).toBeVisible();

  // The freelancer sees the reason, corrects the day and submits again.
  await page.reload();
  await engagement.getByRole('button', { name: 'Previous week' }).click();
  await expect(grid.getByText(/Seven and a half hours of calls seems long/)).toBeVisible();
  await expect(grid.getByText('Queried', { exact: true })).toBeVisible();
  await bothWidths(page, 'timesheet-queried');
  await hoursFields.nth(1).fill('2');
  await grid.getByRole('button', { name: 'Submit week' }).click();
  await expect(engagement.getByText('Submitted: waiting for the company.')).toBeVisible();

  // The company approves.
  await company.reload();
  await hourly.getByRole('button', { name: 'Open' }).click();
  await hourly.getByRole('button', { name: /^Approve the week of / }).click();
  const approve = company.getByRole('alertdialog', { name: /Approve the week of/ });
  await expect(approve.getByText(/10 hours, \$800\.00/)).toBeVisible();
  await approve.getByRole('button', { name: 'Approve week' }).click();
  await expect(approve).toBeHidden();
  await expect(hourly.getByText(/^Approved by you on /)).toBeVisible();
  // Its invoice is issued: what is due (the ledger's figure for the company), and the PDF.
  const invoices = hourly.getByRole('region', { name: 'Invoices' });
  await expect(company.getByText(/To pay: \$800\.00/)).toBeVisible();
  await bothWidths(company, 'projects-invoice');
  await openPdf(company, invoices.getByRole('button', { name: /^Open PDF of Invoice / }), 'invoice');

  // The freelancer: the week's gross, fee and net, the statement and its PDF, the earnings.
  await page.reload();
  await engagement.getByRole('button', { name: 'Week of', exact: false }).first().click();
  await expect(engagement.getByText(/Gross \$800\.00 · fee \$120\.00 · net \$680\.00/)).toBeVisible();
  await bothWidths(page, 'timesheet-approved');
  const statements = work.getByRole('region', { name: 'Statements' });
  await expect(statements.getByText(/Gross \$800\.00 · fee \$120\.00 · net \$680\.00/)).toBeVisible();
  const earnings = work.getByRole('region', { name: 'Earnings to date' });
  await expect(earnings.getByRole('row', { name: /USD \$800\.00 \$120\.00 \$680\.00/ })).toBeVisible();
  await bothWidths(page, 'work-management-earnings');
  await openPdf(page, statements.getByRole('button', { name: /^Open PDF of Statement / }), 'statement');

  // A fixed-price engagement on the second hire, offered and accepted through the API.
  const hires = (await (await company.request.get('/api/company/hires', { headers })).json()) as {
    hires: Array<{ id: string; role: string }>;
  };
  const second = hires.hires.find((h) => h.role === 'Design sprint');
  const fixed = await company.request.post(`/api/company/hires/${second?.id}/offer`, {
    headers,
    data: {
      roleTitle: 'Design sprint',
      scope: 'Five days to redesign the onboarding screens.',
      kind: 'fixed',
      currency: 'EUR',
      milestones: [{ title: 'Onboarding designs', amountMinor: 120_000, dueDate: isoDay(20) }],
      startDate: isoDay(-1),
      noticeDays: 30,
      timeZone: 'Europe/Berlin',
    },
  });
  expect(fixed.status(), await fixed.text()).toBe(200);
  const fixedId = ((await fixed.json()) as { engagement: { id: string } }).engagement.id;
  expect(
    (await page.request.post(`/api/freelancer/engagements/${fixedId}/accept`, { headers: fHeaders, data: { termsVersion: 1 } })).status(),
  ).toBe(200);

  // The company funds the milestone.
  await company.reload();
  const design = main.getByRole('listitem').filter({ has: company.getByRole('heading', { name: `Design sprint · Zoe ${surname}` }) });
  await design.getByRole('button', { name: 'Open' }).click();
  await design.getByRole('button', { name: 'Fund Onboarding designs' }).click();
  await company.getByRole('alertdialog', { name: 'Fund Onboarding designs?' }).getByRole('button', { name: 'Fund milestone' }).click();
  await expect(design.getByText('Funded', { exact: true })).toBeVisible();

  // The freelancer submits it with a note and a link.
  await page.reload();
  const designWork = active.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Design sprint · Acme Labs' }) });
  await designWork.getByRole('button', { name: 'Submit work on Onboarding designs' }).click();
  await designWork.getByRole('textbox', { name: 'What you delivered' }).fill('The five screens, with notes on each.');
  await designWork.getByRole('textbox', { name: /Links/ }).fill('https://www.figma.com/file/onboarding');
  // A file attached through the upload pipeline (decision 243).
  await designWork.locator('input[type="file"]').setInputFiles({
    name: 'onboarding-designs.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'),
  });
  await expect(designWork.getByText(/onboarding-designs\.pdf \(PDF, 1 KB\)/)).toBeVisible();
  await bothWidths(page, 'milestone-submit');
  await designWork.getByRole('button', { name: 'Submit milestone' }).click();
  await expect(designWork.getByText('Submitted', { exact: true })).toBeVisible();

  // The company approves it.
  await company.reload();
  await design.getByRole('button', { name: 'Open' }).click();
  await expect(design.getByText('The five screens, with notes on each.')).toBeVisible();
  // The company downloads the submitted file.
  const [download] = await Promise.all([
    company.waitForEvent('download'),
    design.getByRole('button', { name: 'Download file 1 (PDF, 1 KB)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('milestone-1-file-1.pdf');
  await bothWidths(company, 'projects-milestone-submitted');
  await design.getByRole('button', { name: 'Approve Onboarding designs' }).click();
  await company
    .getByRole('alertdialog', { name: 'Approve Onboarding designs?' })
    .getByRole('button', { name: 'Approve milestone' })
    .click();
  await expect(design.getByText('Approved', { exact: true })).toBeVisible();
  await companyContext.close();
});

test('the company proposes new terms from the terms in force; the freelancer sees what changes and accepts them', async ({
  page,
  browser,
}) => {
  const { company, companyContext, headers, fHeaders, surname, main } = await setUp(page, browser);
  // Hourly terms offered and accepted, through the API.
  const hires = (await (await company.request.get('/api/company/hires', { headers })).json()) as {
    hires: Array<{ id: string; role: string }>;
  };
  const hire = hires.hires.find((h) => h.role === 'Backend work');
  const offered = await company.request.post(`/api/company/hires/${hire?.id}/offer`, {
    headers,
    data: {
      roleTitle: 'Backend engineer',
      scope: 'Build the payments API with its tests and docs.',
      kind: 'hourly',
      currency: 'USD',
      rateMinor: 8_000,
      weeklyCapHours: 40,
      startDate: isoDay(-14),
      noticeDays: 30,
      timeZone: 'UTC',
    },
  });
  expect(offered.status(), await offered.text()).toBe(200);
  const engagementId = ((await offered.json()) as { engagement: { id: string } }).engagement.id;
  expect(
    (
      await page.request.post(`/api/freelancer/engagements/${engagementId}/accept`, { headers: fHeaders, data: { termsVersion: 1 } })
    ).status(),
  ).toBe(200);

  // The company proposes a higher rate and a longer notice, from the terms in force.
  await company.goto('/company/projects');
  const hourly = main.getByRole('listitem').filter({ has: company.getByRole('heading', { name: `Backend engineer · Zoe ${surname}` }) });
  await hourly.getByRole('button', { name: 'Open' }).click();
  await hourly.getByRole('button', { name: 'Propose new terms' }).click();
  const form = company.getByRole('dialog', { name: 'New terms for Backend engineer' });
  await expect(form.getByRole('textbox', { name: 'Hourly rate (USD)' })).toHaveValue(/^80(\.00)?$/);
  await form.getByRole('textbox', { name: 'Hourly rate (USD)' }).fill('90');
  await form.getByRole('textbox', { name: /Notice period/ }).fill('45');
  await bothWidths(company, 'propose-terms');
  await form.getByRole('button', { name: 'Send new terms' }).click();
  await expect(form).toBeHidden();
  await expect(hourly.getByText("Version 2 is waiting for the freelancer's answer.")).toBeVisible();

  // The freelancer sees what changes against the terms in force, then accepts.
  await page.goto('/freelancer/workmanagement');
  const work = page.getByRole('main');
  const card = work.getByRole('listitem').filter({ hasText: 'New terms (version 2) for your engagement' });
  const changes = card.getByRole('region', { name: 'What changes from version 1' });
  await expect(changes.getByRole('row', { name: 'Hourly rate $80.00 an hour $90.00 an hour' })).toBeVisible();
  await expect(changes.getByRole('row', { name: 'Notice period 30 days 45 days' })).toBeVisible();
  await bothWidths(page, 'new-terms-changes');
  await card.getByRole('button', { name: 'Accept new terms' }).click();
  await expect(card).toBeHidden();

  // The company sees version 2 in force.
  await company.reload();
  await hourly.getByRole('button', { name: 'Open' }).click();
  await expect(hourly.getByRole('heading', { name: 'Terms (version 2)' })).toBeVisible();
  await companyContext.close();
});
