import crypto from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { readCode } from './mail.ts';

export const PASSWORD = 'Str0ng!pass';

export function uniqueEmail(tag = 'user'): string {
  return `${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

/** Fails a test on an unexpected console error (a refused refresh while signed out is expected). */
export const test = base.extend<{ consoleErrors: string[] }>({
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

/** Registers through the real sign-up form and verifies with the mailed code. Ends on profile setup. */
export async function signUpAndVerify(page: Page, email = uniqueEmail(), names = { first: 'Asha', last: 'Rao' }) {
  await page.goto('/signup');
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
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
