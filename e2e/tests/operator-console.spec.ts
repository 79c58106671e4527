import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { PASSWORD, expect, expectNoSeriousA11yViolations, test, uniqueLetters, uniqueRegistrationNumber } from '../support/fixtures.ts';
import { expectMail } from '../support/mail.ts';
import { createCompany, createCompletedFreelancer, seedAccount } from '../support/signed-in.ts';
import { choose } from '../support/wizard-steps.ts';

// The operator console (issue 21), once, end to end: an operator opens it from the profile menu,
// works through the vetting queue by keyboard, approves a company's documents, marks a partner
// request contacted, cancels a support call (the company's mail arrives), suspends an account, and
// finds every one of those actions in the audit log. Axe on every console screen, at 1440 px and
// on a phone. The state each step needs (profiles in review, a document submission, a partner
// request, a booked call) is made through the API first; the screens that make it have their own
// journeys. Anyone else who opens /admin is sent to their own home.

test.describe.configure({ timeout: 240_000 });

const PDF = {
  name: 'registration-certificate.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'),
};

/** The ids the page uses more than once (the keyboard hint, placed twice, repeated its heading's). */
const duplicateIds = (page: Page) =>
  page.evaluate(() => {
    const seen = new Map<string, number>();
    for (const el of document.querySelectorAll('[id]')) seen.set(el.id, (seen.get(el.id) ?? 0) + 1);
    return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
  });

async function ok<T = unknown>(what: string, res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(res.status(), `${what}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** A company that submitted documents and booked a support call (its own browser context). */
async function companyWithDocumentsAndCall(page: { request: APIRequestContext }, company: string) {
  const account = await createCompany(page, { company, basics: {}, verifiedEmail: `ops-${uniqueLetters()}@example.com` });
  const headers = { authorization: `Bearer ${account.accessToken}` };
  await ok(
    'documents',
    await page.request.post('/api/company/verification/documents', {
      headers,
      multipart: {
        businessRegistrationNumber: uniqueRegistrationNumber(),
        documentType: 'registration-certificate',
        country: 'US',
        documentFile: PDF,
      },
    }),
  );
  const availability = await ok<{ days: Array<{ date: string; slots: Array<{ time: string; remaining: number }> }> }>(
    'availability',
    await page.request.get('/api/company/support/availability', { headers }),
  );
  // The latest open seat: other journeys book the earliest ones.
  const slot = availability.days
    .flatMap((d) => d.slots.map((s) => ({ ...s, date: d.date })))
    .filter((s) => s.remaining > 0)
    .at(-1);
  expect(slot, 'a support seat is free').toBeTruthy();
  await ok(
    'support call',
    await page.request.post('/api/company/support/booking', {
      headers,
      data: { reason: 'Account Verification', notes: '', email: account.email, date: slot?.date, time: slot?.time },
    }),
  );
  return account;
}

test('an operator runs the daily work from the console, and every action is in the audit log', async ({ page, browser }) => {
  const run = uniqueLetters();
  const surname = `Varga-${run}`;
  const companyName = `Northwind ${run}`;
  const suspendReason = `Repeated fake company names in messages (case ${run}).`;

  // The state the console works on, each party in its own browser.
  const contexts = await Promise.all([1, 2, 3, 4].map(() => browser.newContext()));
  // Only the first party opens a page (the audit log, last); the others use their context's API
  // alone, and a context without a page starts no renderer.
  const [firstContext, secondPage, companyPage, otherPage] = contexts as [BrowserContext, BrowserContext, BrowserContext, BrowserContext];
  const firstPage = await firstContext.newPage();
  const changes = await createCompletedFreelancer(firstPage, { firstName: 'Ilona', lastName: surname });
  const approved = await createCompletedFreelancer(secondPage, { firstName: 'Zsófia', lastName: surname });
  const company = await companyWithDocumentsAndCall(companyPage, companyName);
  await ok(
    'partner request',
    await companyPage.request.post('/api/company-user/company-partnership', {
      data: { companyName, companyEmail: `partners-${run}@example.com` },
    }),
  );
  const suspended = await seedAccount(otherPage, { firstName: 'Pál', lastName: surname });

  // The operator opens the console from the profile menu, on the first sign-in too: the company
  // welcome (which covered that menu) is not shown to an operator.
  await seedAccount(page, { userType: 'client', operator: true, firstName: 'Olu', lastName: 'Adeyemi' });
  await page.goto('/company/Home');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: /Olu/ }).click();
  await page.getByRole('menuitem', { name: 'Operator console' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(main.getByRole('link', { name: /Freelancer vetting/ })).toContainText(/profiles? in review/);
  await expectNoSeriousA11yViolations(page, 'console overview');
  const nav = page.getByRole('navigation', { name: 'Main' });
  // A menu entry, then the pointer off the sidebar (hovered, it widens over the page's left edge).
  const open = async (entry: string | RegExp) => {
    await nav.getByRole('link', { name: entry }).click();
    await page.mouse.move(900, 600);
  };

  await test.step('vetting by keyboard: request changes on one profile, approve the next', async () => {
    await open(/Vetting/);
    await expect(main.getByRole('heading', { level: 1, name: 'Freelancer vetting' })).toBeVisible();
    const queue = main.getByRole('navigation', { name: 'Profiles waiting for review' });
    const current = queue.locator('[aria-current="true"]');
    await expect(current).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'vetting queue');
    expect(await duplicateIds(page), 'ids used twice on the vetting page').toEqual([]);
    // Oldest first: move down with j until Ilona's profile is the selected one.
    for (let i = 0; i < 300 && !((await current.textContent()) ?? '').includes(`Ilona ${surname}`); i++) {
      await page.keyboard.press('j');
    }
    await expect(current).toContainText(`Ilona ${surname}`);
    await expect(main.getByRole('heading', { name: `Ilona ${surname}` }).first()).toBeVisible();
    await page.keyboard.press('r');
    const ask = page.getByRole('dialog', { name: `Request changes: Ilona ${surname}` });
    await expect(ask).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'request changes dialog');
    await ask.getByRole('textbox', { name: /Reason/ }).fill('Add one portfolio item that shows your own work.');
    await ask.getByRole('button', { name: 'Send request' }).click();
    await expect(ask).toBeHidden();
    await expect(queue.getByRole('button', { name: new RegExp(`Ilona ${surname}`) })).toHaveCount(0);
    for (let i = 0; i < 300 && !((await current.textContent()) ?? '').includes(`Zsófia ${surname}`); i++) {
      await page.keyboard.press('j');
    }
    await expect(current).toContainText(`Zsófia ${surname}`);
    await page.keyboard.press('a');
    const approve = page.getByRole('dialog', { name: `Approve Zsófia ${surname}?` });
    await expect(approve.getByRole('button', { name: 'Approve' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(approve).toBeHidden();
    await expect(queue.getByRole('button', { name: new RegExp(`Zsófia ${surname}`) })).toHaveCount(0);
    await expectMail(approved.email, 'profile is vetted');
    await expectMail(changes.email, 'Changes requested');
  });

  await test.step('documents: the submission is shown and approved; the company is mailed', async () => {
    // The document's preview is held until the approve dialog is open: the PDF viewer that loads
    // behind an open dialog took the focus out of it (Escape then went to the viewer, and the dialog
    // stayed open), which is what an operator on a slow connection met.
    let releasePreviews = () => {};
    const previewsHeld = new Promise<void>((resolve) => {
      releasePreviews = resolve;
    });
    await page.route(/\/api\/files\/[^/?]+\?inline=1$/, async (route) => {
      await previewsHeld;
      await route.continue();
    });
    await open(/Documents/);
    await expect(main.getByRole('heading', { level: 1, name: 'Company documents' })).toBeVisible();
    const queue = main.getByRole('navigation', { name: 'Submissions waiting for review' });
    await queue.getByRole('button', { name: new RegExp(companyName) }).click();
    await expect(queue.locator('[aria-current="true"]')).toContainText(companyName);
    await expect(main.getByRole('heading', { name: 'Submitted document' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'documents queue');
    expect(await duplicateIds(page), 'ids used twice on the documents page').toEqual([]);
    // Escape gives focus back to the button that opened the dialog (it fell to <body>).
    const approveButton = main.getByRole('button', { name: /^Approve/ });
    await approveButton.click();
    const confirm = page.getByRole('dialog', { name: new RegExp(`Approve.*${companyName}`) });
    await expect(confirm.getByRole('button', { name: 'Approve' })).toBeFocused();
    // Now the preview loads behind the dialog; once the viewer's frame has loaded, focus is still in
    // the dialog (the page behind a modal dialog is inert) and one Escape closes it.
    releasePreviews();
    // The page behind the dialog is hidden from the accessibility tree: found by its tag.
    const frame = page.locator('main iframe');
    await expect(frame).toHaveCount(1);
    await frame.evaluate(
      (el: HTMLIFrameElement) =>
        new Promise<void>((resolve) => {
          if (el.contentDocument?.readyState === 'complete' && el.contentDocument.URL !== 'about:blank') resolve();
          else el.addEventListener('load', () => resolve(), { once: true });
        }),
    );
    await expect(confirm.getByRole('button', { name: 'Approve' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(approveButton).toBeFocused();
    await approveButton.click();
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expect(confirm).toBeHidden();
    await expect(queue.getByRole('button', { name: new RegExp(companyName) })).toHaveCount(0);
    await expectMail(company.email, 'verified');
  });

  await test.step('partner requests: marked contacted', async () => {
    await open(/Partner requests/);
    await expect(main.getByRole('heading', { level: 1, name: 'Partner requests' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'partner requests');
    // The select saves at once (the row is redrawn with the saved version, so focus is not kept).
    const status = page.getByLabel(`Status of ${companyName}`, { exact: true });
    await status.focus();
    await status.press('Enter');
    await page.getByRole('option', { name: 'Contacted', exact: true }).press('Enter');
    await expect(page.getByLabel(`Status of ${companyName}`, { exact: true })).toContainText('Contacted');
    await expect(page.getByText('Partner request saved')).toBeVisible();
  });

  await test.step('support calls: cancelled with a message; the company is mailed', async () => {
    await open(/Support calls/);
    await expect(main.getByRole('heading', { level: 1, name: 'Support calls' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'support calls');
    await main.getByRole('button', { name: `Cancel call with ${companyName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel the call with ${companyName}?` });
    await dialog.getByRole('textbox', { name: /Message to the company/ }).fill('Our reviewer is unavailable; please book another time.');
    await dialog.getByRole('button', { name: 'Cancel call', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expectMail(company.email, 'support call is cancelled');
  });

  await test.step('accounts: found by name and suspended; that account can no longer sign in', async () => {
    await open('Accounts');
    await expect(main.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
    await main.getByRole('searchbox', { name: 'Search by email or name' }).fill(`Pál ${surname}`);
    // The search answers after a pause in typing: pick from its results, not the list before them.
    await expect(main.getByText(`Accounts matching “Pál ${surname}”`)).toBeVisible();
    await main.getByRole('button', { name: `Pál ${surname}` }).click();
    await expect(main.getByRole('heading', { name: `Pál ${surname}` })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'accounts with one open');
    await main.getByRole('button', { name: 'Suspend account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suspend this account?' });
    await dialog.getByRole('textbox', { name: /Reason/ }).fill(suspendReason);
    await dialog.getByRole('button', { name: 'Suspend account' }).click();
    await expect(dialog).toBeHidden();
    await expect(main.getByText('Suspended').first()).toBeVisible();
    const login = await otherPage.request.post('/api/auth/login', { data: { email: suspended.email, password: PASSWORD } });
    expect(login.status()).toBe(403);
    expect((await login.json()).responseCode).toBe('TL_CORE_14100_E');
  });

  await test.step('page views: the chart and its table', async () => {
    await open('Page views');
    await expect(main.getByRole('heading', { level: 1, name: 'Page views' })).toBeVisible();
    await expect(main.getByRole('table')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'page views');
  });

  await test.step('the audit log has every action, with the record and the reason', async () => {
    await open('Audit log');
    await expect(main.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    const rows = main.getByRole('row');
    for (const [action, record] of [
      ['Requested profile changes', changes.email],
      ['Approved a profile', approved.email],
      ['Approved company documents', companyName],
      ['Updated a partner request', companyName],
      ['Cancelled a support call', companyName],
      ['Suspended an account', suspended.email],
    ] as const) {
      await expect(rows.filter({ hasText: action }).filter({ hasText: record }).first(), action).toBeVisible();
    }
    await expect(rows.filter({ hasText: suspendReason })).toHaveCount(1);
    await expectNoSeriousA11yViolations(page, 'audit log');
    await choose(page, 'Action', 'Suspended an account');
    await expect(page).toHaveURL(/action=account\.suspend/);
    await expect(rows.filter({ hasText: 'Approved a profile' })).toHaveCount(0);
  });

  await test.step('on a phone', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    for (const [path, heading] of [
      ['/admin', 'Overview'],
      ['/admin/vetting', 'Freelancer vetting'],
      ['/admin/audit', 'Audit log'],
    ] as const) {
      await page.goto(path);
      await expect(main.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `${heading} on a phone`);
    }
  });

  // A freelancer who types the address lands on their own page.
  await firstPage.goto('/admin/audit');
  await expect(firstPage).toHaveURL(/\/freelancer\//);
  await Promise.all(contexts.map((c) => c.close()));
});
