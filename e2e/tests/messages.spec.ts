import type { Page } from '@playwright/test';
import { captureScreens, expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';
import { readMailLink } from '../support/mail.ts';
import { ageMessages, createCompany, createCompletedFreelancer, seedAccount } from '../support/signed-in.ts';
import { PHOTO } from '../support/wizard-steps.ts';

// Messages (issue 36), one journey: a verified company shortlists a vetted freelancer (through the
// API) and opens the conversation from the candidate's card; the freelancer, in a second browser
// context, sees the unread count move in the menu and the page title live, opens the conversation
// from Messages, and both write live, with a file, while the other side watches. Stored script is
// text, a web address is text until clicked, contact details before a contract carry the note to
// both, the company edits and deletes its own messages (each leaves its mark), the freelancer
// reports one, and an operator hides it from the console's queue: both sides see it hidden. Last, a
// message she misses is mailed after the quiet period, and the mail's link opens the conversation.
// Axe at 1440 and 375 px on the conversation screens.

test.describe.configure({ timeout: 300_000 });

const shoot = captureScreens;

async function menuEntry(page: Page) {
  return page
    .getByRole('navigation', { name: 'Main' })
    .first()
    .getByRole('link', { name: /^Messages/ });
}

test('a company and a freelancer talk live with a file, see unread counts move, edit, delete and report; an operator hides the reported message', async ({
  page,
  browser,
}) => {
  // A vetted freelancer with a public profile (the vetting and privacy have their own journeys).
  const freelancer = await createCompletedFreelancer(page, { firstName: 'Lena', lastName: 'Vogel' });
  const fAuth = { authorization: `Bearer ${freelancer.accessToken}` };
  const operatorContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const operatorPage = await operatorContext.newPage();
  const operator = await seedAccount(operatorPage, { userType: 'client', operator: true, firstName: 'Olu', lastName: 'Adeyemi' });
  const oAuth = { authorization: `Bearer ${operator.accessToken}` };
  const queue = (await (await operatorPage.request.get('/api/operator/vetting', { headers: oAuth })).json()) as {
    queue: Array<{ freelancerId: string; email: string }>;
  };
  const item = queue.queue.find((q) => q.email === freelancer.email);
  expect(
    (
      await operatorPage.request.post(`/api/operator/vetting/${item?.freelancerId}/decision`, {
        headers: oAuth,
        data: { outcome: 'approve' },
      })
    ).status(),
  ).toBe(200);
  const privacy = await page.request.put('/api/freelancer-settings/privacy', {
    headers: fAuth,
    data: { openToWork: true, visibility: 'public' },
  });
  expect(privacy.status()).toBe(200);
  const slug = ((await privacy.json()) as { slug: string }).slug;

  // A verified company puts her on a list (through the API).
  const companyContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
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

  // The freelancer waits on her dashboard: nothing unread.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/freelancer/dashboard');
  const fMenu = await menuEntry(page);
  await expect(fMenu).toHaveAccessibleName('Messages');
  // Her timeline names the shortlist; no conversation yet, so no link (a freelancer cannot open one).
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByText(/Acme Labs/).first()).toBeVisible();
  const timelineLink = timeline.getByRole('link', { name: /^Open conversation with Acme Labs/ });
  await expect(timelineLink).toHaveCount(0);

  // The company opens the conversation from the candidate's card and writes.
  await company.goto(`/company/shortlists/${list.shortlist.id}`);
  const card = company.getByRole('listitem').filter({ hasText: 'Lena Vogel' }).first();
  await card.getByRole('button', { name: 'Message Lena Vogel' }).click();
  await expect(company).toHaveURL(/\/company\/messages\/[0-9a-f-]{36}$/);
  const cThread = company.getByRole('log', { name: 'Messages with Lena Vogel' });
  await expect(company.getByRole('heading', { name: 'Lena Vogel', level: 1 })).toBeVisible();
  const cBox = company.getByRole('textbox', { name: 'Message to Lena Vogel' });
  await cBox.fill('Hello Lena, thanks for your time. The brief is at https://acme.example/brief.');
  await cBox.press('Enter');
  await expect(cThread.getByText('Hello Lena, thanks for your time.')).toBeVisible();
  await expect(cBox).toHaveValue('');

  // Live on the freelancer's side: the menu and the title count it, without a reload, and her
  // timeline's shortlist entry now links to the conversation.
  await expect(fMenu).toHaveAccessibleName('Messages 1 unread');
  await expect(page).toHaveTitle(/^\(1\) /);
  await expect(timelineLink).toHaveAccessibleName('Open conversation with Acme Labs, 1 unread');

  // She opens it from Messages; the card shows the count, the message is there, and the company sees Seen.
  await fMenu.click();
  const fCard = page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: /Acme Labs/ });
  await expect(fCard).toContainText('1 unread');
  // By keyboard (the sidebar's rail widens under a pointer resting near it).
  await fCard.focus();
  await page.keyboard.press('Enter');
  const fThread = page.getByRole('log', { name: 'Messages with Acme Labs' });
  await expect(fThread.getByText('Hello Lena, thanks for your time.')).toBeVisible();
  await expect(fMenu).toHaveAccessibleName('Messages');
  await expect(page).not.toHaveTitle(/^\(\d+\) /);
  await expect(cThread.getByText('Seen')).toBeVisible();

  // The address is text until clicked, and says where it leads before anything opens.
  await fThread.getByRole('button', { name: 'https://acme.example/brief' }).click();
  const leave = page.getByRole('dialog', { name: 'Open acme.example?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(leave).toBeHidden();
  await expectNoSeriousA11yViolations(page, 'the freelancer’s conversation');

  // She answers with a file and a line; the company sees both live, and its own count moves.
  const fBox = page.getByRole('textbox', { name: 'Message to Acme Labs' });
  await page.getByLabel('Attach a file').setInputFiles(PHOTO);
  await expect(page.getByRole('button', { name: 'Remove avatar.jpg' })).toBeVisible();
  await fBox.fill('Here is my latest board.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(fThread.getByText('Here is my latest board.')).toBeVisible();
  await expect(cThread.getByText('Here is my latest board.')).toBeVisible();
  await expect(cThread.getByRole('button', { name: /Download/ })).toBeVisible();

  // Contact details before a contract: delivered, with the note to both.
  await fBox.fill('You can also mail me at lena.vogel@example.com');
  await fBox.press('Enter');
  await expect(fThread.getByText('lena.vogel@example.com')).toBeVisible();
  await expect(fThread.getByText(/keep talking on Talentloop/)).toBeVisible();
  await expect(cThread.getByText(/keep talking on Talentloop/)).toBeVisible();

  // Stored script is text on the other side and never runs.
  await cBox.fill('<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>');
  await cBox.press('Enter');
  await expect(fThread.getByText('<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

  // The company edits its last message (within the window) and deletes it: both see each mark.
  const last = cThread.locator('[data-message]').filter({ hasText: 'window.__pwned' });
  await last.hover();
  await last.getByRole('button', { name: 'Edit' }).click();
  const edit = company.getByRole('textbox', { name: 'Edit your message' });
  await edit.fill('Sorry, wrong paste. Could you start on Monday?');
  await edit.press('Enter');
  await expect(fThread.getByText('Sorry, wrong paste. Could you start on Monday?')).toBeVisible();
  await expect(fThread.locator('[data-message]').filter({ hasText: 'Could you start on Monday?' }).getByText('Edited')).toBeVisible();
  const edited = cThread.locator('[data-message]').filter({ hasText: 'Could you start on Monday?' });
  await edited.hover();
  await edited.getByRole('button', { name: 'Delete' }).click();
  await company.getByRole('alertdialog', { name: 'Delete this message?' }).getByRole('button', { name: 'Delete message' }).click();
  await expect(fThread.getByText('This message was deleted.')).toBeVisible();
  await expect(cThread.getByText('This message was deleted.')).toBeVisible();
  await expectNoSeriousA11yViolations(company, 'the company’s conversation');
  await shoot(company, 'company-conversation');

  // The keyboard walks the log: the newest message takes focus with End.
  await fThread.focus();
  await page.keyboard.press('End');
  await expect(fThread.locator('[data-message]').last()).toBeFocused();

  // She reports the company's first message.
  const first = fThread.locator('[data-message]').filter({ hasText: 'Hello Lena' });
  await first.hover();
  await first.getByRole('button', { name: 'Report' }).click();
  const report = page.getByRole('dialog', { name: 'Report this message' });
  await report.getByLabel('Reason').fill('Pushes me to read a brief outside the platform.');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report).toBeHidden();
  await expect(first.getByText('Reported')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSeriousA11yViolations(page, 'the freelancer’s conversation at 375 px');
  await shoot(page, 'freelancer-conversation');

  // The operator finds it in the queue, reads the thread around it and hides it.
  await operatorPage.goto('/admin/messages');
  const row = operatorPage.getByRole('listitem').filter({ hasText: 'Pushes me to read a brief outside the platform.' });
  await row.getByRole('button', { name: 'Show the conversation' }).click();
  await expect(row.getByText('Here is my latest board.')).toBeVisible();
  await expectNoSeriousA11yViolations(operatorPage, 'the reported messages queue');
  await shoot(operatorPage, 'reported-messages');
  const reported = row.getByRole('listitem').filter({ hasText: 'Hello Lena' }).filter({ hasText: 'Reported' });
  await reported.getByRole('button', { name: 'Hide message' }).click();
  const hide = operatorPage.getByRole('dialog', { name: /Hide .* message\?/ });
  await hide.getByLabel('Reason').fill('Sends people outside the platform.');
  await hide.getByRole('button', { name: 'Hide message' }).click();
  await expect(hide).toBeHidden();
  await expect(row.getByText('Hidden').first()).toBeVisible();

  // Both sides see it hidden, live.
  await expect(fThread.getByText('This message was hidden by Talentloop.')).toBeVisible();
  await expect(cThread.getByText('This message was hidden by Talentloop.')).toBeVisible();

  // A message she misses: away from the conversation, she is mailed once it has stayed unread for the
  // quiet period (time moved on by the seeding route; the server's sweep sends it), and the mail's
  // link opens the conversation.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/freelancer/dashboard');
  await cBox.fill('Are you free for a call on Monday?');
  await cBox.press('Enter');
  await expect(fMenu).toHaveAccessibleName('Messages 1 unread');
  const conversationId = new URL(company.url()).pathname.split('/').pop() ?? '';
  await ageMessages(company, conversationId, 11);
  const link = await readMailLink(freelancer.email, 'New messages from', /\/freelancer\/messages\/[0-9a-f-]{36}/, 150_000);
  expect(link).toBe(`/freelancer/messages/${conversationId}`);
  await page.goto(link);
  await expect(fThread.getByText('Are you free for a call on Monday?')).toBeVisible();
  await expect(fMenu).toHaveAccessibleName('Messages');

  // The timeline's link opens the same conversation, by keyboard.
  await page.goto('/freelancer/dashboard');
  await expect(timelineLink).toHaveAccessibleName('Open conversation with Acme Labs');
  await shoot(page, 'freelancer-timeline');
  await timelineLink.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/freelancer/messages/${conversationId}$`));
  await expect(fThread.getByText('Are you free for a call on Monday?')).toBeVisible();

  await operatorContext.close();
  await companyContext.close();
});
