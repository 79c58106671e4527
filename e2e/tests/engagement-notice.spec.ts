import { bothWidths, expect, test, uniqueLetters } from '../support/fixtures.ts';
import { approvedWeek } from '../support/engagement.ts';

// Ending with notice (issue 35), in the browser: on an hourly engagement with an approved week (made
// through the API, as the engagements journey makes it in its screens), the freelancer gives notice
// on Work Management and both see the end date; the company proposes an earlier end of today on
// Projects; the freelancer accepts it; the engagement has ended and the company's review of the hire
// opens (no 'Mark finished'). Axe at 1440 and 375 px on every new screen; screenshots with E2E_SCREENSHOTS=1.

test.describe.configure({ timeout: 420_000 });

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const longDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

test('the freelancer gives notice, the company proposes an earlier end, the freelancer accepts: ended, and the review opens', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const surname = `Okafor-${uniqueLetters()}`;
  // The operator approves the profile; a verified company selects them; both billing details; hourly
  // terms with 30 days' notice, accepted; last week logged, submitted and approved: through the API.
  const { operator, company, companyContext } = await approvedWeek(page, browser, {
    firstName: 'Ada',
    lastName: surname,
    shortlist: 'Platform work',
    terms: {
      roleTitle: 'Platform engineer',
      scope: 'Run the platform and its deploys with the team.',
      currency: 'USD',
      rateMinor: 9_000,
      startDate: isoDay(-14),
    },
    week: { quarterHours: 24, description: 'Deploy pipeline' },
  });
  await operator.context.close();

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
