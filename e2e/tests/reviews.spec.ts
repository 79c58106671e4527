import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';
import { expectMail } from '../support/mail.ts';
import { createCompany, createCompletedFreelancer, seedAccount } from '../support/signed-in.ts';

// Hires and reviews (issue 22), once, end to end: a company selected a vetted freelancer (set up
// through the API: the loop has its own journey in talent-loop.spec.ts); on Projects it marks the
// work finished and writes a review with the keyboard; the profile a company sees shows the rating;
// the freelancer replies on their profile page; an operator hides the review with a reason and the
// rating is gone. Axe and screenshots at 1440 and 375 px on every new screen.

test.describe.configure({ timeout: 180_000 });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function shoot(page: Page, name: string) {
  for (const [label, width, height] of [
    ['1440', 1440, 900],
    ['375', 375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expectNoSeriousA11yViolations(page, `${name} at ${label} px`);
    await page.screenshot({ path: test.info().outputPath(`${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('a company finishes a hire and reviews it; the profile shows the rating; the freelancer replies; an operator hides it', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const freelancer = await createCompletedFreelancer(page, { firstName: 'Zoe', lastName: 'Okafor' });
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

  // Projects: the hire is in progress; the company marks it finished.
  await company.goto('/company/projects');
  const main = company.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  const inProgress = main.getByRole('region', { name: /In progress/ });
  const row = inProgress.getByRole('listitem').filter({ hasText: 'Zoe Okafor' });
  await expect(row).toContainText('Frontend lead');
  await shoot(company, 'projects-in-progress');
  await row.getByRole('button', { name: 'Mark finished' }).click();
  const confirm = company.getByRole('alertdialog', { name: /Mark the work with Zoe Okafor finished/ });
  await confirm.getByRole('button', { name: 'Mark finished' }).click();
  await expect(confirm).toBeHidden();

  // The review: stars by keyboard on the first criterion, then the rest, and the text.
  const finished = main.getByRole('region', { name: /Finished/ });
  const done = finished.getByRole('listitem').filter({ hasText: 'Zoe Okafor' });
  await expect(done.getByRole('button', { name: 'Write a review' })).toBeFocused();
  await done.getByRole('button', { name: 'Write a review' }).click();
  const dialog = company.getByRole('dialog', { name: 'Review Zoe Okafor' });
  await dialog.getByRole('button', { name: 'Publish review' }).click();
  await expect(dialog.getByText('Please rate every criterion from 1 to 5 stars.')).toBeVisible();
  await shoot(company, 'review-dialog-errors');
  const quality = dialog.getByRole('radiogroup', { name: 'Quality of work' });
  await quality.getByRole('radio', { name: /^1 star/ }).focus();
  await company.keyboard.press('ArrowRight');
  await company.keyboard.press('ArrowRight');
  await company.keyboard.press('ArrowRight');
  await company.keyboard.press('ArrowRight');
  await expect(quality.getByRole('radio', { name: /^5 stars/ })).toBeChecked();
  await dialog
    .getByRole('radiogroup', { name: 'Communication' })
    .getByRole('radio', { name: /^4 stars/ })
    .check();
  await dialog
    .getByRole('radiogroup', { name: 'Reliability' })
    .getByRole('radio', { name: /^4 stars/ })
    .check();
  await dialog
    .getByRole('radiogroup', { name: 'Expertise' })
    .getByRole('radio', { name: /^5 stars/ })
    .check();
  await dialog.getByRole('textbox', { name: 'Your review' }).fill('Rebuilt our design system <fast>, clear updates every day.');
  await shoot(company, 'review-dialog');
  await dialog.getByRole('button', { name: 'Publish review' }).click();
  await expect(dialog).toBeHidden();
  await expect(done.getByRole('img', { name: '4.5 out of 5 stars' })).toBeVisible();
  await expect(done.getByText('Rebuilt our design system <fast>, clear updates every day.')).toBeVisible();
  await expect(done.getByRole('button', { name: 'Edit review' })).toBeVisible();
  await shoot(company, 'projects-finished');

  // The profile as a company sees it: the rating and the review, with the company's name.
  await company.goto(`/company/talent/${privacy.slug}`);
  await expect(company.getByRole('heading', { level: 1, name: 'Zoe Okafor' })).toBeVisible();
  const reviews = company.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByRole('heading', { name: 'Acme Labs' })).toBeVisible();
  await expect(company.getByRole('link', { name: '1 review' })).toBeVisible();
  await shoot(company, 'profile-with-rating');

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
  const entry = opMain.getByRole('listitem').filter({ hasText: 'Zoe Okafor' });
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
  await expectMail(acme.email, 'Your review of Zoe Okafor was hidden');

  await company.reload();
  await expect(company.getByRole('heading', { level: 1, name: 'Zoe Okafor' })).toBeVisible();
  await expect(company.getByRole('region', { name: 'Reviews' })).toHaveCount(0);
  await expect(company.getByRole('link', { name: /review/ })).toHaveCount(0);
  await operatorContext.close();
  await companyContext.close();
});
