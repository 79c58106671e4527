import type { Page, Route } from '@playwright/test';
import { PASSWORD, expect, expectNoSeriousA11yViolations, test, uniqueEmail } from '../support/fixtures.ts';
import { readCode } from '../support/mail.ts';
import { createCompletedFreelancer, seedAccount } from '../support/signed-in.ts';

// Issue 37: public pages served as complete HTML: readable with no script at all, and the same page
// once React hydrates it (a hydration mismatch logs a console error, which fails any test here).

/** Holds every script of the app until `release` is called: the page as its HTML alone shows it. */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    (route) => (released ? route.continue() : void held.push(route)),
  );
  return {
    async release() {
      released = true;
      await Promise.all(held.splice(0).map((r) => r.continue()));
    },
  };
}

/**
 * Opens `path` as its HTML alone: the app's own scripts are taken out of the document, so nothing
 * of the app runs, while the test's own checks (axe) can still run in the page.
 */
async function openHtmlOnly(page: Page, path: string) {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text())
        .replace(/<script type="module"[^>]*><\/script>/g, '')
        .replace(/<link rel="modulepreload"[^>]*>/g, '');
      await route.fulfill({ response, body: html });
    },
  );
  return page.goto(path);
}

/** Console errors of a page of another context (the fixture watches the test's own page only). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/** React has taken over the element: hydration reached it (React tags each element it owns). */
async function hydrated(page: Page, selector: string) {
  await page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber$'));
  }, selector);
}

test('a public talent page is complete HTML: name, headline and skills with no script, then hydrated', async ({ page, browser }) => {
  const who = await createCompletedFreelancer(page, { firstName: 'Noor', lastName: 'Haddad' });
  const saved = await page.request.put('/api/freelancer-settings/privacy', {
    headers: { authorization: `Bearer ${who.accessToken}` },
    data: { openToWork: true, visibility: 'public' },
  });
  expect(saved.status()).toBe(200);
  const { slug } = (await saved.json()) as { slug: string };

  // No script at all: a crawler's view.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const crawler = await noScript.newPage();
  const res = await crawler.goto(`/talent/${slug}`);
  expect(res?.status()).toBe(200);
  await expect(crawler.getByRole('heading', { level: 1, name: 'Noor Haddad' })).toBeVisible();
  await expect(crawler.getByText('Web Developer').first()).toBeVisible();
  await expect(crawler.getByText('React', { exact: true })).toBeVisible();
  const ld = JSON.parse((await crawler.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as Record<string, unknown>;
  expect(ld).toMatchObject({ '@type': 'Person', name: 'Noor Haddad', jobTitle: 'Web Developer', knowsAbout: ['React'] });
  await noScript.close();
  // axe on the HTML alone, before any hydration.
  const htmlContext = await browser.newContext();
  const htmlOnly = await htmlContext.newPage();
  await openHtmlOnly(htmlOnly, `/talent/${slug}`);
  await expect(htmlOnly.getByRole('heading', { level: 1, name: 'Noor Haddad' })).toBeVisible();
  await expectNoSeriousA11yViolations(htmlOnly, 'talent page before hydration');
  await htmlContext.close();

  // A visitor: the HTML first, then the same page hydrated.
  const strangerContext = await browser.newContext();
  const visitor = await strangerContext.newPage();
  const errors = consoleErrors(visitor);
  const refreshes: string[] = [];
  visitor.on('request', (r) => {
    if (r.url().includes('/api/auth/')) refreshes.push(r.url());
  });
  const scripts = await holdScripts(visitor);
  // Scripts held, the page never reaches even DOMContentLoaded: what shows is the HTML itself.
  await visitor.goto(`/talent/${slug}`, { waitUntil: 'commit' });
  await expect(visitor.getByRole('heading', { level: 1, name: 'Noor Haddad' })).toBeVisible();
  await scripts.release();
  await hydrated(visitor, 'main h1');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Noor Haddad' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Hire Noor' })).toBeVisible();
  await expectNoSeriousA11yViolations(visitor, 'talent page hydrated');
  // A signed-out visitor's page asks for no session; hydration matched the HTML (React logs a mismatch).
  expect(refreshes).toEqual([]);
  expect(errors).toEqual([]);
  await strangerContext.close();
});

// The landing and legal pages are built as HTML at build time (apps/web/vite.config.ts BUILT_AHEAD).
const BUILT_PAGES = [
  { path: '/', heading: /Remote work for vetted talent/, link: 'Log In', next: 'Welcome back' },
  { path: '/terms-condition', heading: 'Terms and Conditions', link: 'Back to home', next: /Remote work for vetted talent/ },
  { path: '/privacy-policy', heading: 'Privacy Policy', link: 'Back to home', next: /Remote work for vetted talent/ },
  { path: '/login', heading: 'Welcome back', link: 'Sign up', next: 'Create your account' },
  { path: '/signup', heading: 'Create your account', link: 'Log In', next: 'Welcome back' },
];

for (const { path, heading, link, next } of BUILT_PAGES) {
  test(`${path} reads with no script, passes axe as HTML and once hydrated, with no session call`, async ({ page, browser }) => {
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const reader = await noScript.newPage();
    expect((await reader.goto(path))?.status()).toBe(200);
    await expect(reader.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await noScript.close();

    const htmlContext = await browser.newContext();
    const htmlOnly = await htmlContext.newPage();
    await openHtmlOnly(htmlOnly, path);
    await expect(htmlOnly.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoSeriousA11yViolations(htmlOnly, `${path} before hydration`);
    await htmlContext.close();

    // The test's own page (its console errors fail the test: a hydration mismatch is one).
    const sessionCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/')) sessionCalls.push(r.url());
    });
    await page.goto(path);
    await hydrated(page, 'h1');
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${path} hydrated`);
    // The app runs: a header link navigates inside the page.
    await page.getByRole('link', { name: link, exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: next })).toBeVisible();
    expect(sessionCalls).toEqual([]);
  });
}

// Login and sign-up are built as HTML too (decision 54 dropped that once because input typed before
// the scripts arrived was lost). Every field is filled while the scripts are held back, then they
// load, and the form sends what was typed.
test('login: every field typed before the scripts load is kept through hydration, and the login goes through', async ({
  page,
  browser,
}) => {
  const { email } = await seedAccount(page);
  const context = await browser.newContext();
  const visitor = await context.newPage();
  const errors = consoleErrors(visitor);
  const scripts = await holdScripts(visitor);
  await visitor.goto('/login', { waitUntil: 'commit' });
  await visitor.getByLabel('Email').fill(email);
  await visitor.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await scripts.release();
  await hydrated(visitor, 'form[name="login"] input[name="password"]');
  await expect(visitor.getByLabel('Email')).toHaveValue(email);
  await expect(visitor.getByLabel('Password', { exact: true })).toHaveValue(PASSWORD);
  await expectNoSeriousA11yViolations(visitor, 'login hydrated with typed input');
  // The app's own submit (a native post would reload the page: the marker would be gone).
  await visitor.evaluate(() => document.documentElement.setAttribute('data-same-document', ''));
  await visitor.getByRole('button', { name: 'Log In' }).click();
  await expect(visitor).toHaveURL(/\/freelancer\/profile-setup$/);
  await expect(visitor.locator('html[data-same-document]')).toHaveCount(1);
  expect(errors).toEqual([]);
  await context.close();
});

test('sign-up: every field typed before the scripts load is kept through hydration, and the code step follows', async ({ page }) => {
  const email = uniqueEmail('typed-ahead');
  const scripts = await holdScripts(page);
  await page.goto('/signup', { waitUntil: 'commit' });
  await page.getByLabel('First name').fill('Inès');
  await page.getByLabel('Last name').fill("O'Neil-Moreau");
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await scripts.release();
  await hydrated(page, 'form[name="signup"] input[name="confirmPassword"]');
  await expect(page.getByLabel('First name')).toHaveValue('Inès');
  await expect(page.getByLabel('Last name')).toHaveValue("O'Neil-Moreau");
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(PASSWORD);
  await expect(page.getByLabel('Confirm password')).toHaveValue(PASSWORD);
  await expect(page.getByRole('checkbox')).toBeChecked();
  // The strength meter follows the kept password: the form knows it, not only the field.
  await expect(page.getByText('Strong', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'sign-up hydrated with typed input');
  await page.evaluate(() => document.documentElement.setAttribute('data-same-document', ''));
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.locator('html[data-same-document]')).toHaveCount(1);
  const code = await readCode(email);
  await page.getByLabel('Digit 1 of 5').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(
    page
      .getByRole('dialog', { name: 'Email Verified' })
      .or(page.getByRole('heading', { name: /^Welcome, Inès/ }))
      .first(),
  ).toBeVisible();
});
