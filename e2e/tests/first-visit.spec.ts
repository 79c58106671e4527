import { PASSWORD, expect, expectNoSeriousA11yViolations, logIn, openForm, test, uniqueEmail } from '../support/fixtures.ts';
import { createCompletedFreelancer } from '../support/signed-in.ts';

// What a new visitor tripped over (issue 9): each test names the thing that was wrong.

test('robots.txt is a plain-text robots file, not the app', async ({ request }) => {
  const res = await request.get('/robots.txt');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await res.text()).toMatch(/^User-agent: \*/m);
});

test('the first HTML already shows the brand, so no blank white page precedes the app', async ({ request }) => {
  const html = await (await request.get('/login')).text();
  // Either the boot splash or the page prerendered (login and sign-up are): the brand is in the HTML.
  expect(html).toMatch(/<div id="root"[^>]*>(?:(?!<\/body>).)*Talentloop/s);
});

test('login and sign-up validate forms without breaking the Content Security Policy', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  // The forms' own checks run once React owns the form (a click before that posts the form as HTML,
  // and the server answers it: server-rendered.spec.ts proves that path).
  await openForm(page, 'login');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Email is required').first()).toBeVisible();
  await openForm(page, 'signup');
  await page.getByRole('button', { name: 'Create account' }).click();
  // The messages show (each field's own are checked in the sign-up page's component test).
  await expect(page.getByText('All required fields must be filled.')).toBeVisible();
  await expect(page.getByText('First name is required')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});

test('a failed login is shown on the form and announced, not only in a toast', async ({ page }) => {
  await logIn(page, uniqueEmail('nobody'));
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toContainText('Email id not found, please signup');
  await expectNoSeriousA11yViolations(page);
});

test('the code screen focuses its first box, and again after a wrong code', async ({ page }) => {
  const email = uniqueEmail('focus');
  // Once React owns the form (what a click does while the page hydrates is server-rendered.spec's).
  await openForm(page, 'signup');
  await page.getByLabel('First name').fill('Asha');
  await page.getByLabel('Last name').fill('Rao');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByLabel('Digit 1 of 5')).toBeFocused();
  await page.keyboard.type('00000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByLabel('Digit 1 of 5')).toBeFocused();
});

test('the terms page opened from the landing footer starts at its top', async ({ page }) => {
  await page.goto('/');
  const link = page.getByRole('contentinfo').getByRole('link', { name: /terms/i }).first();
  await link.scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await link.click();
  await expect(page).toHaveURL(/terms/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the account type choice fits on one line per option on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/signup');
  const option = page.getByRole('radio', { name: 'Join as Remote Talent' });
  const box = await option.boundingBox();
  expect(box?.height ?? 0).toBeLessThan(56);
});

test('the open profile menu leaves no hidden focusable content (axe)', async ({ page }) => {
  await createCompletedFreelancer(page);
  await page.goto('/freelancer/dashboard');
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
