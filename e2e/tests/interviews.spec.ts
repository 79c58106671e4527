import { formatInterviewClock, formatInterviewTime, utcToZoned, zonedToUtc } from '@talentloop/contract/rules/interview-times';
import { captureScreens, expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';
import { expectMail } from '../support/mail.ts';
import { ageHire, createCompany, createCompletedFreelancer, endInterview, seedAccount } from '../support/signed-in.ts';

// Interviews and reviews (issue 22), one journey end to end across two time zones: a verified
// company in New York (browser zone emulated) proposes three times to a shortlisted freelancer from
// the candidate's card; the freelancer in Berlin sees them in Berlin time with the zone's name and
// accepts one; both sides then see the accepted interview, the candidate at Interview. Time passes
// (the seeding route moves the accepted time to a minute ago: the suite runs on real time, and an
// interview is marked held only after its end); the company marks it held and selects the
// freelancer on the card; Projects waits for the minimum days after Selected (seeded, issue 32),
// then the company marks the hire finished and reviews it with keyboard stars; the freelancer
// reviews the company on her profile page, which publishes both (double-blind); the public link
// and the profile as companies see it show the rating and the review. The reply
// and the operator's hiding are reviews.spec.ts. Axe and screenshots at 1440 and 375 px on every
// new screen.

test.describe.configure({ timeout: 300_000 });
test.use({ timezoneId: 'Europe/Berlin' });

const NY = 'America/New_York';
const BERLIN = 'Europe/Berlin';

const shoot = captureScreens;

test('a New York company proposes three times, the Berlin freelancer accepts one in Berlin time; after it the company marks it held, selects, finishes and reviews; both profiles show the rating', async ({
  page,
  browser,
}) => {
  const freelancer = await createCompletedFreelancer(page, { firstName: 'Lena', lastName: 'Vogel' });
  const fAuth = { authorization: `Bearer ${freelancer.accessToken}` };

  // The operator approves, through the API.
  const operatorContext = await browser.newContext();
  // Only its API is used: a context without a page starts no renderer.
  const operatorPage = operatorContext;
  const operator = await seedAccount(operatorPage, { userType: 'client', operator: true, firstName: 'Olu', lastName: 'Adeyemi' });
  const oAuth = { authorization: `Bearer ${operator.accessToken}` };
  const queue = (await (await operatorPage.request.get('/api/operator/vetting', { headers: oAuth })).json()) as {
    queue: Array<{ freelancerId: string; email: string }>;
  };
  const item = queue.queue.find((q) => q.email === freelancer.email);
  expect(item, 'the freelancer waits in the review queue').toBeTruthy();
  expect(
    (
      await operatorPage.request.post(`/api/operator/vetting/${item?.freelancerId}/decision`, {
        headers: oAuth,
        data: { outcome: 'approve' },
      })
    ).status(),
  ).toBe(200);
  await operatorContext.close();
  // The public link on (its own journey is profile-account.spec.ts), through the API.
  const privacy = await page.request.put('/api/freelancer-settings/privacy', {
    headers: fAuth,
    data: { openToWork: true, visibility: 'public' },
  });
  expect(privacy.status()).toBe(200);
  const slug = ((await privacy.json()) as { slug: string }).slug;

  // A verified company in New York puts them on a list (through the API) and opens it.
  const companyContext = await browser.newContext({ timezoneId: NY, viewport: { width: 1440, height: 900 } });
  const company = await companyContext.newPage();
  const acme = await createCompany(company, { company: 'Acme Labs', verified: true });
  const cAuth = { authorization: `Bearer ${acme.accessToken}` };
  const list = (await (
    await company.request.post('/api/company/shortlists', { headers: cAuth, data: { name: 'Design lead' } })
  ).json()) as {
    shortlist: { id: string };
  };
  expect(
    (await company.request.post(`/api/company/shortlists/${list.shortlist.id}/candidates`, { headers: cAuth, data: { slug } })).status(),
  ).toBe(200);
  await company.goto(`/company/shortlists/${list.shortlist.id}`);
  const card = company.getByRole('listitem').filter({ hasText: 'Lena Vogel' }).first();
  await expect(card.getByText('No interview yet.')).toBeVisible();

  // Three times, 10:00, 11:00 and 14:00 New York time on the next three days after tomorrow.
  const days = [3, 4, 5].map((d) => utcToZoned(new Date(Date.now() + d * 86_400_000), NY).date);
  const picks = [
    { date: days[0] ?? '', time: '10:00' },
    { date: days[1] ?? '', time: '11:00' },
    { date: days[2] ?? '', time: '14:00' },
  ];
  await card.getByRole('button', { name: 'Schedule Interview' }).click();
  const dialog = company.getByRole('dialog', { name: 'Schedule an interview with Lena Vogel' });
  await expect(dialog.getByLabel('Time zone')).toHaveValue(NY);
  for (const [i, p] of picks.entries()) {
    if (i > 0) await dialog.getByRole('button', { name: 'Add another time' }).click();
    await dialog
      .getByLabel(i === 0 ? /^Date/ : `Date ${i + 1}`)
      .first()
      .fill(p.date);
    await dialog
      .getByLabel(i === 0 ? /^Start time/ : `Start time ${i + 1}`)
      .first()
      .fill(p.time);
  }
  await dialog.getByLabel('Meeting link or phone number').fill('http://meet.example.com/lena');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('A meeting link must start with https://')).toBeVisible();
  await dialog.getByLabel('Meeting link or phone number').fill('https://meet.example.com/lena');
  await dialog.getByLabel('Note (optional)').fill('We will walk through your last design system.');
  await expectNoSeriousA11yViolations(company, 'the Schedule Interview dialog');
  await shoot(company, 'schedule-dialog');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Times proposed')).toBeVisible();
  await expectMail(freelancer.email, 'Acme Labs invites you to an interview');

  // The freelancer, in Berlin, reads them in Berlin time with the zone's name.
  await page.goto('/freelancer/dashboard');
  const section = page.getByRole('region', { name: 'Interviews' });
  await expect(section.getByText(/Times in Europe\/Berlin \(GMT\+\d\)/)).toBeVisible();
  const starts = picks.map((p) => zonedToUtc(p.date, p.time, NY) as Date);
  const label = (at: Date) => `${formatInterviewTime(at, BERLIN)} – ${formatInterviewClock(new Date(at.getTime() + 3_600_000), BERLIN)}`;
  for (const at of starts) await expect(section.getByText(label(at))).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the freelancer’s interviews');
  await shoot(page, 'freelancer-proposal');
  await section.getByRole('radio', { name: label(starts[1] as Date) }).check();
  await section.getByRole('button', { name: 'Accept time' }).click();
  await expect(section.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Cancel interview' })).toBeVisible();
  await expectMail(freelancer.email, 'Your interview with Acme Labs is confirmed');
  await shoot(page, 'freelancer-accepted');
  // Their dashboard keeps it, in Berlin time.
  await page.reload();
  await expect(section.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(section.getByText(label(starts[1] as Date))).toBeVisible();
  await expect(section.getByText(/Times in Europe\/Berlin \(GMT\+\d\)/)).toBeVisible();

  // The company sees it accepted, in New York time, and the candidate at Interview.
  await company.reload();
  await expect(card.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(
    card.getByText(
      `${formatInterviewTime(starts[1] as Date, NY)} – ${formatInterviewClock(new Date((starts[1] as Date).getTime() + 3_600_000), NY)}`,
    ),
  ).toBeVisible();
  await expect(card.getByRole('button', { name: 'Interview', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByRole('button', { name: 'Reschedule' })).toBeVisible();
  await expectNoSeriousA11yViolations(company, 'the shortlist with an accepted interview');
  await shoot(company, 'company-accepted');

  // The profile as the company sees it opens the same interview instead of offering a new one.
  await company.goto(`/company/talent/${slug}`);
  await company.getByRole('button', { name: 'Interview: Accepted' }).click();
  const opened = company.getByRole('dialog', { name: 'Interview with Lena Vogel' });
  await expect(opened.getByRole('button', { name: 'Reschedule' })).toBeVisible();
  await expectNoSeriousA11yViolations(company, 'the interview from the profile');
  await shoot(company, 'profile-interview');

  // Time passes: the accepted time ends a minute ago. The company marks it held and selects them.
  const listed = (await (await company.request.get('/api/company/interviews', { headers: cAuth })).json()) as {
    interviews: Array<{ id: string; status: string }>;
  };
  const accepted = listed.interviews.find((i) => i.status === 'accepted');
  expect(accepted, 'the accepted interview').toBeTruthy();
  await endInterview(company, accepted?.id ?? '');
  await company.goto(`/company/shortlists/${list.shortlist.id}`);
  await expect(card.getByText('Ended', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(company, 'the shortlist with an ended interview');
  await shoot(company, 'company-ended');
  // The freelancer no longer sees it as upcoming: it is under Earlier, ended, with nothing to cancel.
  await page.reload();
  await expect(section.getByRole('heading', { name: 'Earlier' })).toBeVisible();
  await expect(section.getByText('Ended', { exact: true })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Cancel interview' })).toHaveCount(0);
  await shoot(page, 'freelancer-ended');
  await card.getByRole('button', { name: 'Mark held' }).click();
  await expect(card.getByText('Held', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Mark held' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Selected', exact: true }).click();
  await expect(card.getByRole('button', { name: 'Selected', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expectNoSeriousA11yViolations(company, 'the shortlist after the interview');
  await shoot(company, 'company-held-selected');
  await expectMail(freelancer.email, 'Acme Labs selected you for Design lead');
  // Selected: nothing more to schedule, on the card or on the profile.
  await expect(card.getByRole('button', { name: 'Schedule Interview' })).toHaveCount(0);
  await company.goto(`/company/talent/${slug}`);
  await expect(company.getByRole('heading', { level: 1, name: 'Lena Vogel' })).toBeVisible();
  await expect(company.getByRole('button', { name: /Schedule Interview|^Interview:/ })).toHaveCount(0);

  // Projects: the hire is in progress. Reviews only from real work (issue 34): no engagement of it
  // has approved work and ended yet, so the row says so and offers nothing.
  await company.goto('/company/projects');
  const main = company.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  const row = main
    .getByRole('region', { name: /In progress/ })
    .getByRole('listitem')
    .filter({ hasText: 'Lena Vogel' });
  await expect(row).toContainText('Design lead');
  await expect(row.getByText('You can review once you approve work in an engagement with them and you end that engagement.')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Mark finished' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(company, 'Projects, in progress');
  await shoot(company, 'projects-in-progress');

  // The work is done and the engagement ended (seed): the hire is finished with it (issue 35: no manual step).
  const hires = (await (await company.request.get('/api/company/hires', { headers: cAuth })).json()) as { hires: Array<{ id: string }> };
  await ageHire(company, hires.hires[0]?.id ?? '');
  await company.reload();

  // The review: nothing rated is refused; stars by keyboard on the first criterion, then the rest, and the text.
  const done = main
    .getByRole('region', { name: /Finished/ })
    .getByRole('listitem')
    .filter({ hasText: 'Lena Vogel' });
  await expect(done.getByRole('button', { name: 'Mark finished' })).toHaveCount(0);
  await done.getByRole('button', { name: 'Write a review' }).focus();
  await company.keyboard.press('Enter');
  const review = company.getByRole('dialog', { name: 'Review Lena Vogel' });
  await review.getByRole('button', { name: 'Publish review' }).click();
  await expect(review.getByText('Please rate every criterion from 1 to 5 stars.')).toBeVisible();
  await expectNoSeriousA11yViolations(company, 'the review dialog with errors');
  await shoot(company, 'review-dialog-errors');
  const quality = review.getByRole('radiogroup', { name: 'Quality of work' });
  await quality.getByRole('radio', { name: /^1 star/ }).focus();
  for (let i = 0; i < 4; i++) await company.keyboard.press('ArrowRight');
  await expect(quality.getByRole('radio', { name: /^5 stars/ })).toBeChecked();
  for (const [criterion, stars] of [
    ['Communication', 4],
    ['Reliability', 4],
    ['Expertise', 5],
  ] as const) {
    const group = review.getByRole('radiogroup', { name: criterion });
    await group.getByRole('radio', { name: /^1 star/ }).focus();
    for (let i = 1; i < stars; i++) await company.keyboard.press('ArrowRight');
    await expect(group.getByRole('radio', { name: new RegExp(`^${stars} stars`) })).toBeChecked();
  }
  const text = 'Ran our interview loop redesign <fast>, clear updates every day.';
  await review.getByRole('textbox', { name: 'Your review' }).fill(text);
  await expectNoSeriousA11yViolations(company, 'the review dialog');
  await shoot(company, 'review-dialog');
  await review.getByRole('button', { name: 'Publish review' }).click();
  await expect(review).toBeHidden();
  await expect(done.getByRole('img', { name: '4.5 out of 5 stars' })).toBeVisible();
  await expect(done.getByText(text)).toBeVisible();
  // Double-blind: not shown to Lena or on her profile until she reviews the company (or 14 days).
  await expect(done.getByText(/^Not shown yet: Lena and visitors of their profile see it once Lena has reviewed you/)).toBeVisible();
  await expectNoSeriousA11yViolations(company, 'Projects, finished and reviewed');
  await shoot(company, 'projects-finished');

  // Lena reviews the company on her profile page: both reviews are in, so both are published.
  await page.goto('/freelancer/view-profile');
  const worked = page.getByRole('region', { name: 'Companies you worked with' });
  const acmeRow = worked.getByRole('listitem').filter({ hasText: 'Acme Labs' });
  await acmeRow.getByRole('button', { name: 'Review Acme Labs' }).click();
  const hers = page.getByRole('dialog', { name: 'Review Acme Labs' });
  for (const criterion of ['Communication', 'Clear brief', 'Reliability', 'Respect']) {
    const group = hers.getByRole('radiogroup', { name: criterion });
    await group.getByRole('radio', { name: /^1 star/ }).focus();
    for (let i = 1; i < 5; i++) await page.keyboard.press('ArrowRight');
    await expect(group.getByRole('radio', { name: /^5 stars/ })).toBeChecked();
  }
  await hers.getByRole('textbox', { name: 'Your review' }).fill('Clear brief, quick answers, and fair all the way.');
  await expectNoSeriousA11yViolations(page, 'the freelancer’s review of the company');
  await shoot(page, 'freelancer-review-dialog');
  await hers.getByRole('button', { name: 'Publish review' }).click();
  await expect(hers).toBeHidden();
  await expect(acmeRow.getByText('Acme Labs can read it.')).toBeVisible();
  const aboutMe = page.getByRole('region', { name: 'Reviews from companies' });
  await expect(aboutMe.getByText(text)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the freelancer’s reviews and companies');
  await shoot(page, 'freelancer-reviewed-company');
  await company.reload();
  await expect(done.getByText('Clear brief, quick answers, and fair all the way.')).toBeVisible();
  await expect(done.getByText(/^Not shown yet/)).toHaveCount(0);

  // The profile as companies see it: the rating and the review, with the company's name.
  await company.goto(`/company/talent/${slug}`);
  await expect(company.getByRole('heading', { level: 1, name: 'Lena Vogel' })).toBeVisible();
  await expect(company.getByRole('link', { name: '1 review' })).toBeVisible();
  const seen = company.getByRole('region', { name: 'Reviews' });
  await expect(seen.getByRole('heading', { name: 'Acme Labs' })).toBeVisible();
  await expect(seen.getByText(text)).toBeVisible();
  await expectNoSeriousA11yViolations(company, 'the profile with its rating, as companies see it');
  await shoot(company, 'profile-with-rating');
  await companyContext.close();

  // The public link, signed out: the same rating and review.
  const strangerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const stranger = await strangerContext.newPage();
  await stranger.goto(`/talent/${slug}`);
  await expect(stranger.getByRole('heading', { level: 1, name: 'Lena Vogel' })).toBeVisible();
  await expect(stranger.getByRole('link', { name: '1 review' })).toBeVisible();
  await expect(stranger.getByRole('img', { name: '4.5 out of 5 stars' }).first()).toBeVisible();
  const reviews = stranger.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByRole('heading', { name: 'Acme Labs' })).toBeVisible();
  await expect(reviews.getByText(text)).toBeVisible();
  await expectNoSeriousA11yViolations(stranger, 'the public profile with its rating');
  await shoot(stranger, 'public-profile-with-rating');
  await strangerContext.close();
});
