import { formatInterviewClock, formatInterviewTime, utcToZoned, zonedToUtc } from '@talentloop/contract/rules/interview-times';
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';
import { expectMail } from '../support/mail.ts';
import { createCompany, createCompletedFreelancer, seedAccount } from '../support/signed-in.ts';

// Interviews (issue 22), once, end to end across two time zones: a verified company in New York
// (browser zone emulated) proposes three times to a shortlisted freelancer from the candidate's
// card; the freelancer in Berlin sees them in Berlin time with the zone's name and accepts one;
// both sides then see the accepted interview, the candidate at Interview. Axe and screenshots at
// 1440 and 375 px on the dialog, the freelancer's section and the company's card.

test.describe.configure({ timeout: 180_000 });
test.use({ timezoneId: 'Europe/Berlin' });

const NY = 'America/New_York';
const BERLIN = 'Europe/Berlin';

async function shoot(page: Page, name: string) {
  for (const [w, h] of [
    [1440, 900],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: test.info().outputPath(`${name}-${w}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('a New York company proposes three times, the Berlin freelancer sees them in Berlin time and accepts one', async ({
  page,
  browser,
}) => {
  const freelancer = await createCompletedFreelancer(page, { firstName: 'Lena', lastName: 'Vogel' });
  const fAuth = { authorization: `Bearer ${freelancer.accessToken}` };

  // The operator approves, through the API.
  const operatorContext = await browser.newContext();
  const operatorPage = await operatorContext.newPage();
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
  const slug = ((await (await page.request.get('/api/freelancer-settings/privacy', { headers: fAuth })).json()) as { slug: string }).slug;

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
  await companyContext.close();
});
