import type { Page } from '@playwright/test';
import { captureScreens, expect, expectNoSeriousA11yViolations, test, uniqueLetters } from '../support/fixtures.ts';
import { expectMail } from '../support/mail.ts';
import { createCompany, createCompletedFreelancer, seedAccount } from '../support/signed-in.ts';

// Reviews after the hire (issue 22): the journey (interviews.spec.ts) ends with the company's
// review on Projects and the rating on both profiles; here the freelancer replies on their profile
// page and an operator hides the review with a reason: both sides are mailed and the rating is gone
// from the profile as companies see it. The selection, the finished hire and the review are made
// through the API. Axe and screenshots at 1440 and 375 px on every screen of this flow.

test.describe.configure({ timeout: 300_000 });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function shoot(page: Page, name: string) {
  await expectNoSeriousA11yViolations(page, name);
  await captureScreens(page, name);
}

test('the freelancer replies to a review; an operator hides it with a reason and the rating is gone', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // A surname of its own: the operator's list holds every review on the server.
  const surname = `Okafor-${uniqueLetters()}`;
  const fullName = `Zoe ${surname}`;
  const freelancer = await createCompletedFreelancer(page, { firstName: 'Zoe', lastName: surname });
  const privacy = (await (
    await page.request.get('/api/freelancer-settings/privacy', { headers: bearer(freelancer.accessToken) })
  ).json()) as {
    slug: string;
  };

  // The operator approves the profile, through the API.
  const operatorContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const operatorPage = await operatorContext.newPage();
  const operator = await seedAccount(operatorPage, { userType: 'client', operator: true, firstName: 'Olu', lastName: 'Adeyemi' });
  const queue = (await (await operatorPage.request.get('/api/operator/vetting', { headers: bearer(operator.accessToken) })).json()) as {
    queue: Array<{ freelancerId: string; email: string }>;
  };
  const item = queue.queue.find((q) => q.email === freelancer.email);
  const decided = await operatorPage.request.post(`/api/operator/vetting/${item?.freelancerId}/decision`, {
    headers: bearer(operator.accessToken),
    data: { outcome: 'approve' },
  });
  expect(decided.status()).toBe(200);

  // A verified company shortlists and selects them, through the API.
  const companyContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const company = await companyContext.newPage();
  const acme = await createCompany(company, { company: 'Acme Labs', verified: true });
  const headers = bearer(acme.accessToken);
  const list = (await (await company.request.post('/api/company/shortlists', { headers, data: { name: 'Frontend lead' } })).json()) as {
    shortlist: { id: string };
  };
  const added = (await (
    await company.request.post(`/api/company/shortlists/${list.shortlist.id}/candidates`, { headers, data: { slug: privacy.slug } })
  ).json()) as { candidate: { id: string } };
  const selected = await company.request.put(`/api/company/shortlists/${list.shortlist.id}/candidates/${added.candidate.id}`, {
    headers,
    data: { stage: 'selected', note: '', version: 0 },
  });
  expect(selected.status()).toBe(200);

  // The hire finished and reviewed, through the API (their screens are the journey's).
  const hires = (await (await company.request.get('/api/company/hires', { headers })).json()) as {
    hires: Array<{ id: string; version: number; freelancer: { lastName: string } }>;
  };
  const hire = hires.hires.find((h) => h.freelancer.lastName === surname);
  const finished = await company.request.post(`/api/company/hires/${hire?.id}/finish`, { headers, data: { version: hire?.version ?? 0 } });
  expect(finished.status()).toBe(200);
  const reviewed = await company.request.post(`/api/company/hires/${hire?.id}/review`, {
    headers,
    data: {
      ratings: { quality: 5, communication: 4, reliability: 4, expertise: 5 },
      text: 'Rebuilt our design system <fast>, clear updates every day.',
    },
  });
  expect(reviewed.status()).toBe(200);
  await company.goto(`/company/talent/${privacy.slug}`);
  await expect(company.getByRole('link', { name: '1 review' })).toBeVisible();

  // The freelancer replies on their profile page.
  await page.goto('/freelancer/view-profile');
  const mine = page.getByRole('region', { name: 'Reviews from companies' });
  await expect(mine.getByRole('heading', { name: 'Acme Labs' })).toBeVisible();
  await mine.getByRole('button', { name: 'Reply' }).click();
  const replyDialog = page.getByRole('dialog', { name: 'Reply to Acme Labs' });
  await replyDialog.getByRole('textbox', { name: 'Your reply' }).fill('Thank you, it was a pleasure.');
  await replyDialog.getByRole('button', { name: 'Publish reply' }).click();
  await expect(replyDialog).toBeHidden();
  await expect(mine.getByText('Thank you, it was a pleasure.')).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Reply' })).toHaveCount(0);
  await shoot(page, 'freelancer-reviews');

  // The operator hides it with a reason; both sides are mailed; the rating is gone.
  await operatorPage.goto('/admin/reviews');
  const opMain = operatorPage.getByRole('main');
  await expect(opMain.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  const entry = opMain.getByRole('listitem').filter({ hasText: fullName });
  await shoot(operatorPage, 'operator-reviews');
  await entry.getByRole('button', { name: 'Hide' }).click();
  const hide = operatorPage.getByRole('dialog', { name: 'Hide the review by Acme Labs' });
  await hide.getByRole('textbox', { name: 'Reason' }).fill('Mentions a private agreement between the two parties.');
  await shoot(operatorPage, 'operator-hide-dialog');
  await hide.getByRole('button', { name: 'Hide review' }).click();
  await expect(hide).toBeHidden();
  await expect(entry.getByText('Hidden', { exact: true })).toBeVisible();
  await expect(entry.getByText('Mentions a private agreement between the two parties.')).toBeVisible();
  await shoot(operatorPage, 'operator-reviews-hidden');
  await expectMail(freelancer.email, 'A review by Acme Labs was hidden');
  await expectMail(acme.email, `Your review of ${fullName} was hidden`);

  await company.reload();
  await expect(company.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
  await expect(company.getByRole('region', { name: 'Reviews' })).toHaveCount(0);
  await expect(company.getByRole('link', { name: /review/ })).toHaveCount(0);
  await operatorContext.close();
  await companyContext.close();
});
