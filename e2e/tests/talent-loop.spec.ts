import { expect, expectNoSeriousA11yViolations, test, uniqueLetters } from '../support/fixtures.ts';
import { expectMail } from '../support/mail.ts';
import { createCompany, createFreelancerAt, seedAccount } from '../support/signed-in.ts';
import { savePreferences } from '../support/wizard-steps.ts';

// The talent-pool loop (issue 20), once, end to end: a freelancer finishes onboarding and is in
// review; an operator approves (through the API: the operator console is a later issue); a
// verified company finds them by a skill typed with a typo, opens the profile and shortlists them
// for a role; the freelancer gets the mail and sees the company on the timeline; the company
// selects them; the freelancer sees 'Selected'. Axe on the search, the profile as a company sees
// it, the shortlist and the timeline.

test.describe.configure({ timeout: 180_000 });

test('a finished profile is vetted, found by a company, shortlisted and selected, and the freelancer sees every step', async ({
  page,
  browser,
}) => {
  // A surname of its own, so the company's search finds this freelancer among everyone else's.
  const lastName = `Okafor-${uniqueLetters()}`;
  const freelancer = await createFreelancerAt(page, 'WORK_PREFERENCES', { firstName: 'Zoë', lastName });
  await page.goto('/freelancer/profile-setup?stage=work-preference');
  await savePreferences(page);
  const main = page.getByRole('main');
  await expect(main.getByText('In review', { exact: true })).toBeVisible();
  await expect(main.getByRole('listitem').filter({ hasText: 'Profile submitted' })).toBeVisible();

  // The operator's decision, through the API.
  const operatorContext = await browser.newContext();
  // Only its API is used: a context without a page starts no renderer.
  const operatorPage = operatorContext;
  const operator = await seedAccount(operatorPage, { userType: 'client', operator: true, firstName: 'Olu', lastName: 'Adeyemi' });
  const auth = { authorization: `Bearer ${operator.accessToken}` };
  const queue = (await (await operatorPage.request.get('/api/operator/vetting', { headers: auth })).json()) as {
    queue: Array<{ freelancerId: string; email: string }>;
  };
  const item = queue.queue.find((q) => q.email === freelancer.email);
  expect(item, 'the freelancer waits in the review queue').toBeTruthy();
  const decided = await operatorPage.request.post(`/api/operator/vetting/${item?.freelancerId}/decision`, {
    headers: auth,
    data: { outcome: 'approve' },
  });
  expect(decided.status()).toBe(200);
  await operatorContext.close();

  await page.reload();
  await expect(main.getByText('Vetted', { exact: true })).toBeVisible();
  await expectMail(freelancer.email, 'profile is vetted');

  // A verified company searches with a typo in the skill and shortlists the freelancer.
  const companyContext = await browser.newContext();
  const company = await companyContext.newPage();
  const acme = await createCompany(company, { company: 'Acme Labs', verified: true });
  await company.goto('/company/talent');
  await company.getByRole('searchbox', { name: 'Search talent' }).fill(`Reactt ${lastName}`);
  await expect(company).toHaveURL(/q=Reactt/);
  const card = company.getByRole('article').filter({ hasText: lastName });
  await expect(card).toBeVisible();
  // A verified company can shortlist from the card too.
  await expect(card.getByRole('button', { name: 'Shortlist', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(company, 'talent search');
  await company.screenshot({ path: test.info().outputPath('search.png'), fullPage: true });
  await card.getByRole('link', { name: `Zoë ${lastName}` }).click();
  await expect(company.getByRole('heading', { level: 1, name: `Zoë ${lastName}` })).toBeVisible();
  await expectNoSeriousA11yViolations(company, 'a profile as a company sees it');

  await company.getByRole('button', { name: 'Shortlist', exact: true }).click();
  const picker = company.getByRole('dialog', { name: /^Shortlist/ });
  await picker.getByRole('radio', { name: 'New list for a role' }).check();
  await picker.getByRole('textbox', { name: 'Role' }).fill('Frontend lead');
  await picker.getByRole('button', { name: 'Add to shortlist' }).click();
  await expect(picker).toBeHidden();
  await expect(company.getByText(/On: Frontend lead \(Shortlisted\)/)).toBeVisible();

  // The freelancer is told, by mail and on the timeline.
  await expectMail(freelancer.email, `${acme.company} shortlisted you for Frontend lead`);
  await page.reload();
  await expect(main.getByText(`Shortlisted by ${acme.company} for Frontend lead`)).toBeVisible();

  // The company selects them from its shortlist.
  await company.goto('/company/shortlists');
  await company
    .getByRole('link', { name: /Frontend lead/ })
    .first()
    .click();
  const candidate = company.getByRole('listitem').filter({ hasText: lastName });
  await expect(candidate).toBeVisible();
  await expectNoSeriousA11yViolations(company, 'a shortlist');
  await candidate.getByRole('button', { name: 'Selected', exact: true }).click();
  await expect(candidate.getByRole('button', { name: 'Selected', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await companyContext.close();

  await expectMail(freelancer.email, `${acme.company} selected you for Frontend lead`);
  await page.reload();
  await expect(main.getByText(`Selected by ${acme.company} for Frontend lead`)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the status timeline');
});
