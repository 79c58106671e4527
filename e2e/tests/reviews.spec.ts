import type { Page } from '@playwright/test';
import { captureScreens, expect, expectNoSeriousA11yViolations, test, uniqueLetters } from '../support/fixtures.ts';
import { expectMail } from '../support/mail.ts';
import { ageHire, createCompany, createCompletedFreelancer, endInterview, seedAccount } from '../support/signed-in.ts';

// Reviews after the hire (issues 22, 32): the journey (interviews.spec.ts) ends with both sides'
// reviews and the rating on both profiles; here the freelancer replies on their profile page and an
// operator hides the review with a reason: both sides are mailed and the rating is gone from the
// profile as companies see it; then the operator restores it (both mailed again) and the rating is
// back. Reviews come only from real work: the selection, an interview held after its end (the
// seed moves its time), the days after Selected (seeded), both sides' reviews (which publishes
// them) and the finished hire are made through the API. Axe and screenshots at 1440 and 375 px on
// every screen of this flow.

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
  // An interview with them while they are on the list (the real order: no interview is proposed
  // once a candidacy is decided), held after its end (the seed moves its time), through the API.
  const at = new Date(Math.ceil((Date.now() + 3 * 3_600_000) / 900_000) * 900_000).toISOString();
  const proposed = await company.request.post('/api/company/interviews', {
    headers,
    data: {
      slug: privacy.slug,
      timeZone: 'UTC',
      times: [{ date: at.slice(0, 10), time: at.slice(11, 16) }],
      durationMinutes: 30,
      location: 'https://meet.example.com/abc-defg',
    },
  });
  expect(proposed.status()).toBe(200);
  const interview = ((await proposed.json()) as { interview: { id: string; slots: Array<{ id: string }> } }).interview;
  const accepted = await page.request.post(`/api/freelancer/interviews/${interview.id}/accept`, {
    headers: bearer(freelancer.accessToken),
    data: { slotId: interview.slots[0]?.id, version: 0 },
  });
  expect(accepted.status()).toBe(200);
  await endInterview(company, interview.id);
  const held = await company.request.post(`/api/company/interviews/${interview.id}/outcome`, {
    headers,
    data: { outcome: 'held', version: 1 },
  });
  expect(held.status()).toBe(200);

  // Then the company selects them (the candidacy as the interview left it).
  const shown = (await (await company.request.get(`/api/company/shortlists/${list.shortlist.id}`, { headers })).json()) as {
    candidates: Array<{ id: string; version: number }>;
  };
  const version = shown.candidates.find((c) => c.id === added.candidate.id)?.version ?? 0;
  const selected = await company.request.put(`/api/company/shortlists/${list.shortlist.id}/candidates/${added.candidate.id}`, {
    headers,
    data: { stage: 'selected', note: '', version },
  });
  expect(selected.status()).toBe(200);

  // An engagement with approved work ended (seed; its end finished the hire); the freelancer reviews the company,
  // the company reviews them, through the API (their screens are the journey's): both published.
  const hires = (await (await company.request.get('/api/company/hires', { headers })).json()) as {
    hires: Array<{ id: string; version: number; freelancer: { lastName: string } }>;
  };
  const hire = hires.hires.find((h) => h.freelancer.lastName === surname);
  await ageHire(company, hire?.id ?? '');
  const theirs = await page.request.post(`/api/freelancer/hires/${hire?.id}/review`, {
    headers: bearer(freelancer.accessToken),
    data: {
      ratings: { communication: 5, clarity: 4, reliability: 5, respect: 5 },
      text: 'Clear goals and quick answers all the way through.',
    },
  });
  expect(theirs.status()).toBe(200);
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
  // The company's review of them (the list holds the freelancer's review of the company too).
  const entry = opMain.getByRole('listitem').filter({ has: operatorPage.getByRole('heading', { name: `Acme Labs on ${fullName}` }) });
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

  // The operator restores it with a reason (issue 32): both sides are mailed; the rating is back.
  await entry.getByRole('button', { name: 'Restore' }).click();
  const restore = operatorPage.getByRole('dialog', { name: 'Restore the review by Acme Labs' });
  await restore.getByRole('textbox', { name: 'Reason' }).fill('The agreement it mentions is public on their site.');
  await shoot(operatorPage, 'operator-restore-dialog');
  await restore.getByRole('button', { name: 'Restore review' }).click();
  await expect(restore).toBeHidden();
  await expect(entry.getByText('Hidden', { exact: true })).toHaveCount(0);
  await expect(entry.getByRole('button', { name: 'Hide' })).toBeVisible();
  await shoot(operatorPage, 'operator-reviews-restored');
  await expectMail(freelancer.email, 'A review by Acme Labs was restored');
  await expectMail(acme.email, `Your review of ${fullName} was restored`);
  await company.reload();
  await expect(company.getByRole('link', { name: '1 review' })).toBeVisible();
  await operatorContext.close();
  await companyContext.close();
});
