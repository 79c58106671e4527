import crypto from 'node:crypto';
import axe from 'axe-core';
import { test as base, type Browser, expect, type Page, type TestInfo } from '@playwright/test';
import { readCode } from './mail.ts';

export const PASSWORD = 'Str0ng!pass';

export function uniqueEmail(tag = 'user'): string {
  return `${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

/** Six letters (a to f) of a UUID, for names that must be unique: the name rule refuses digits. */
export function uniqueLetters(): string {
  return crypto
    .randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 6)
    .padEnd(6, 'x');
}

/**
 * A US registration number (an EIN) of its own: one number verifies one company, so a number two
 * tests (or two runs on one server, --repeat-each) both verify is refused the second time.
 */
export function uniqueRegistrationNumber(): string {
  return `04-${String(crypto.randomInt(1e7)).padStart(7, '0')}`;
}

/** Fails a test on an unexpected console error (a refused refresh while signed out is expected). */
export const test = base.extend<{ consoleErrors: string[]; a11yFinalCheck: boolean; a11yFinal: undefined }>({
  // Accessibility (issue 12): every test ends with an axe check of each page still open, unless the
  // test failed already (its own error matters more) or opts out with test.use({ a11yFinalCheck: false }).
  a11yFinalCheck: [true, { option: true }],
  a11yFinal: [
    async ({ page, a11yFinalCheck, browser }, use, testInfo) => {
      await use(undefined);
      if (testInfo.status !== testInfo.expectedStatus) {
        await printPages(page, browser, testInfo);
        return;
      }
      if (!a11yFinalCheck) return;
      const pages = new Set([page, ...browser.contexts().flatMap((c) => c.pages())]);
      for (const p of pages) await checkFinalState(p, testInfo);
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        const text = msg.text();
        if (/Failed to load resource: the server responded with a status of (401|404|409|400|423|429)/.test(text)) return;
        errors.push(text);
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/**
 * React has taken over the element: hydration reached it (React tags each element it owns). Public
 * pages are HTML first and their scripts start after the first paint (issue 37): a test about what
 * the scripts do waits for this before it clicks, since a click before it is the page working as
 * HTML (a form posts and the server answers it: server-rendered.spec.ts proves that path).
 */
export async function hydrated(page: Page, selector: string) {
  await page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber$'));
  }, selector);
}

/** Opens login or sign-up once React owns its form. */
export async function openForm(page: Page, form: 'login' | 'signup') {
  await page.goto(`/${form}`);
  await hydrated(page, `form[name="${form}"] button[type="submit"]`);
}

/** Registers through the real sign-up form and verifies with the mailed code. Ends on profile setup. */
export async function signUpAndVerify(page: Page, email = uniqueEmail(), names = { first: 'Asha', last: 'Rao' }) {
  await openForm(page, 'signup');
  await page.getByLabel('First name').fill(names.first);
  await page.getByLabel('Last name').fill(names.last);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  const code = await readCode(email);
  await page.getByLabel('Digit 1 of 5').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  // The 'Email Verified' dialog moves on by itself after a few seconds: click 'Click here' if it is
  // still open, and otherwise accept that it already moved on (a loaded machine can be that slow).
  const onSetup = page.getByRole('heading', { name: /^Welcome, / });
  await expect(page.getByRole('dialog', { name: 'Email Verified' }).or(onSetup).first()).toBeVisible();
  await page
    .getByRole('button', { name: 'Click here' })
    .click({ timeout: 1_000 })
    .catch(() => undefined);
  await expect(page).toHaveURL(/\/freelancer\/profile-setup$/);
  await expect(onSetup).toBeVisible({ timeout: 20_000 });
  return email;
}

export async function logIn(page: Page, email: string, password = PASSWORD) {
  await openForm(page, 'login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/**
 * Call after a submit the form refused, before typing into a field other than the first invalid
 * one. react-hook-form focuses the first invalid field at once and again one task later (a
 * `setTimeout` in its handleSubmit). On a loaded machine that later task can run between
 * Playwright focusing another field and typing into it, and the text lands in the first invalid
 * field (a CI run typed the partner modal's email into its company name). A task of the page's own,
 * queued with the same delay, runs after it: the refocus is done when this returns.
 */
export async function afterRefusedSubmit(page: Page) {
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

/** WCAG 2.2 A/AA rules plus axe's best practices (issue 12). */
export const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

// Axe runs once per distinct page state in a worker: the address and the markup, with what only
// names data (generated ids, uuids, emails, numbers) made alike. The final check of a test, or a
// test's explicit check, is skipped when its state was checked already (by this test or an earlier one).
const checkedStates = new Set<string>();

async function pageState(page: Page): Promise<string> {
  const state = await page.evaluate(() =>
    `${location.pathname}${location.search}\n${document.documentElement.outerHTML}`
      .replace(/_r_[0-9a-z]+_|radix-[\w:-]+/g, 'id')
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, 'uuid')
      .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, 'email')
      .replace(/\d+/g, '0'),
  );
  return crypto.createHash('sha1').update(state).digest('hex');
}

/**
 * Fails on serious or critical axe violations of the page as it is now. Call it at intermediate
 * states (dialog open, errors shown, list open); the final state of every test is checked anyway.
 * Waits for finite animations and transitions first, so half-faded text is not measured.
 */
export async function expectNoSeriousA11yViolations(page: Page, what = 'current state') {
  await test.step(
    `axe: ${what}`,
    async () => {
      await settleAnimations(page);
      const state = await pageState(page);
      if (checkedStates.has(state)) return;
      let violations = await withEndlessAnimationsPaused(page, () => runAxe(page));
      if (violations.length > 0) {
        // Measured once more after the page settles again: on a loaded machine a state can still be
        // moving when measured (a late scroll, a fade that began after the first wait). A real
        // violation is in the settled page too.
        await settleAnimations(page);
        violations = await withEndlessAnimationsPaused(page, () => runAxe(page));
      }
      expect(violations, `serious axe violations (${what}) at ${page.url()}`).toEqual([]);
      checkedStates.add(state);
    },
    { box: true },
  );
}

/**
 * axe.run in the page itself, its source injected once per document. (@axe-core/playwright injects
 * the 0.5 MB source on every call and finishes each run in a new blank page: 2-3 s more per check on
 * a loaded machine, for frames this app does not have.) Only violations are collected: axe then
 * skips gathering every passing node. Answers 'rule: targets' for each serious or critical one.
 */
async function runAxe(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    const engine = (window as unknown as { axe: typeof axe }).axe;
    // A transition that starts while axe runs (a toast timing out and fading away) ends at once, so
    // no half-faded text is measured: the settled states before and after are what is checked.
    const still = document.createElement('style');
    still.textContent = '*, *::before, *::after { transition: none !important; }';
    document.head.append(still);
    try {
      const results = await engine.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    } finally {
      still.remove();
    }
  }, A11Y_TAGS);
}

async function settleAnimations(page: Page) {
  await page.waitForLoadState('domcontentloaded');
  await page.evaluate(async () => {
    // Two frames' time on the document timeline: Playwright's fake clock (useFastClock) holds
    // requestAnimationFrame and timers, never the animation timeline.
    const frames = () => document.documentElement.animate([], { duration: 32 }).finished;
    // An animation can start a frame after the state it belongs to (a dialog's overlay fading in as
    // the data behind it re-renders): look again after each wait, a few rounds at most.
    for (let round = 0; round < 3; round++) {
      await frames();
      const finite = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
      if (finite.length === 0) return;
      // A capped wait: an animation paused by the page must not hang the check.
      await Promise.race([
        Promise.all(finite.map((a) => a.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, 2_000)),
      ]);
    }
  });
}

/**
 * Runs `check` with the page's endless animations (the landing's marquee) paused: axe measures every
 * element, and a running animation makes it restyle the page each time (seconds become a minute).
 */
async function withEndlessAnimationsPaused<T>(page: Page, check: () => Promise<T>): Promise<T> {
  const paused = await page.evaluate(() => {
    const w = window as unknown as { __a11yPaused?: Animation[] };
    w.__a11yPaused = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime === Infinity);
    for (const a of w.__a11yPaused) a.pause();
    return w.__a11yPaused.length;
  });
  try {
    return await check();
  } finally {
    if (paused > 0)
      await page
        .evaluate(() => {
          const w = window as unknown as { __a11yPaused?: Animation[] };
          for (const a of w.__a11yPaused ?? []) a.play();
          w.__a11yPaused = undefined;
        })
        .catch(() => undefined);
  }
}

/**
 * A failed test's pages, printed into the run's output: each address and its accessibility tree
 * (what the test's locators see), so a failure in CI, whose files are not kept, can be read from
 * its log alone.
 */
async function printPages(page: Page, browser: Browser, testInfo: TestInfo) {
  const pages = new Set([page, ...browser.contexts().flatMap((c) => c.pages())]);
  for (const p of pages) {
    if (p.isClosed()) continue;
    const tree = await p
      .locator('body')
      .ariaSnapshot({ timeout: 5_000 })
      .catch((err: unknown) => `(no snapshot: ${String(err).split('\n')[0]})`);
    const text = tree.length > 6_000 ? `${tree.slice(0, 6_000)}\n... (${tree.length - 6_000} more characters)` : tree;
    process.stdout.write(`\n--- ${testInfo.title}: the page at ${p.url()} when it failed ---\n${text}\n---\n`);
  }
}

async function checkFinalState(page: Page, testInfo: TestInfo) {
  if (page.isClosed() || page.url() === 'about:blank') return;
  // A test may end while a navigation it started is still running: check the page it lands on.
  for (let attempt = 0; ; attempt++) {
    try {
      await expectNoSeriousA11yViolations(page, 'final state');
      return;
    } catch (err) {
      const navigated = /Execution context was destroyed|navigation|Target page, context or browser has been closed/i.test(String(err));
      if (!navigated || attempt >= 2) throw err;
      testInfo.annotations.push({ type: 'a11y', description: 'final check retried after a navigation' });
    }
  }
}

/**
 * Full-page screenshots of the current screen at 1440 and 375 px, with axe at each width, into the
 * test's output folder: for people looking at a screen (`E2E_SCREENSHOTS=1 npm run test:e2e -- <spec>`).
 * Skipped otherwise, so `npm test` does not spend minutes on pictures nobody opens; the journeys
 * check every screen with axe at their own width either way.
 */
export async function captureScreens(page: Page, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  const size = page.viewportSize();
  for (const [width, height] of [
    [1440, 900],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expectNoSeriousA11yViolations(page, `${name} at ${width} px`);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** Axe at 1440 and at 375 px on the current screen (then its screenshots, with E2E_SCREENSHOTS=1), the viewport put back after. */
export async function bothWidths(page: Page, name: string) {
  const size = page.viewportSize();
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await expectNoSeriousA11yViolations(page, `${name} at ${width} px`);
  }
  await captureScreens(page, name);
  if (size) await page.setViewportSize(size);
}
