import { captureScreens, expect, expectNoSeriousA11yViolations, test, uniqueLetters } from '../support/fixtures.ts';
import { createCompany, createCompletedFreelancer, seedAccount } from '../support/signed-in.ts';

// Typo tolerance in the company's talent search (issue 32, decision 160): a surname typed with one
// swap finds the freelancer; typed with three edits it finds nobody, and the page offers 'Did you
// mean' with the surname, which searches again when pressed (a new history entry, Back undoes it).

test.describe.configure({ timeout: 120_000 });

test('a far typo finds nobody and offers the closest words; pressing one searches for it', async ({ page, browser }) => {
  // A word of its own (letters only), so this search finds only this freelancer.
  const own = uniqueLetters();
  const freelancer = await createCompletedFreelancer(page, { firstName: 'Ines', lastName: `Quillfeather-${own}` });

  // The operator approves, through the API.
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

  const companyContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const company = await companyContext.newPage();
  await createCompany(company, { company: 'Acme Labs', verified: true });
  await company.goto('/company/talent');
  const box = company.getByRole('searchbox', { name: 'Search talent' });
  const card = company.getByRole('article').filter({ hasText: `Quillfeather-${own}` });

  // One swap of neighbours in a 12-letter word: found.
  await box.fill(`Quillfaether ${own}`);
  await expect(company).toHaveURL(/q=Quillfaether/);
  await expect(card).toBeVisible();

  // Three edits: nobody, and the closest words offered.
  await box.fill(`kuilfeahter ${own}`);
  await expect(company).toHaveURL(/q=kuilfeahter/);
  await expect(company.getByRole('heading', { name: 'No freelancers match this search' })).toBeVisible();
  const offered = company.getByRole('list', { name: 'Did you mean:' });
  const suggestion = offered.getByRole('button', { name: `quillfeather ${own}` });
  await expect(suggestion).toBeVisible();
  await expectNoSeriousA11yViolations(company, 'did you mean');
  await captureScreens(company, 'did-you-mean');

  await suggestion.click();
  await expect(card).toBeVisible();
  await expect(box).toHaveValue(`quillfeather ${own}`);
  await expect(company).toHaveURL(/q=quillfeather/);

  await company.goBack();
  await expect(box).toHaveValue(`kuilfeahter ${own}`);
  await expect(offered).toBeVisible();
  await companyContext.close();
});
