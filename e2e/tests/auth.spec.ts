import type { Page } from '@playwright/test';
import {
  PASSWORD,
  expect,
  expectNoSeriousA11yViolations,
  logIn,
  openForm,
  signUpAndVerify,
  test,
  uniqueEmail,
} from '../support/fixtures.ts';
import { readCode } from '../support/mail.ts';
import { seedAccount } from '../support/signed-in.ts';

// The sign-up journey (form, mailed code, verified) is the first test; the others start from an
// account seeded without the UI and without mail (support/signed-in.ts), signed in or not.

/** A seeded account, signed out again: a browser that has never been signed in. */
async function seedSignedOut(page: Page) {
  const { email } = await seedAccount(page);
  await page.context().clearCookies();
  return email;
}

test('a new freelancer signs up, verifies the mailed code and lands on profile setup', async ({ page }) => {
  await signUpAndVerify(page);
  await expect(page.getByRole('heading', { name: /Welcome, Asha/ })).toBeVisible();
});

test('a wrong password shows the spec message', async ({ page }) => {
  const email = await seedSignedOut(page);
  await logIn(page, email, 'Wrong!pass1');
  await expect(page.getByRole('main').getByText('Incorrect password')).toBeVisible();
  await expect(page.getByRole('main').getByText("Password doesn't match")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown email shows the sign-up hint', async ({ page }) => {
  await logIn(page, uniqueEmail('nobody'));
  await expect(page.getByRole('main').getByText('Email id not found, please signup')).toBeVisible();
});

test('logout goes to /login and a guarded page then sends back to /login', async ({ page }) => {
  await seedAccount(page);
  await page.goto('/freelancer/profile-setup');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/freelancer/profile-setup');
  await expect(page).toHaveURL(/\/login$/);
});

test('a guarded URL while signed out goes to /login', async ({ page }) => {
  await page.goto('/freelancer/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('reload keeps the user signed in through the refresh cookie', async ({ page }) => {
  await seedAccount(page);
  await page.goto('/freelancer/profile-setup');
  // The first load of the app on a loaded machine can take longer than expect's 10 s.
  await expect(page.getByRole('heading', { name: /Welcome, Asha/ })).toBeVisible({ timeout: 20_000 });
  await page.reload();
  await expect(page).toHaveURL(/\/freelancer\/profile-setup$/);
  await expect(page.getByRole('heading', { name: /Welcome, Asha/ })).toBeVisible();
});

test('logging back in sends the user where their onboarding stage says', async ({ page }) => {
  const email = await seedSignedOut(page);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/freelancer\/profile-setup$/);
  // a signed-in user opening /login is sent on as well
  await page.goto('/login');
  await expect(page).toHaveURL(/\/freelancer\/profile-setup$/);
});

test('forgot password: code by mail, new password, then log in with it', async ({ page }) => {
  const email = await seedSignedOut(page);
  await page.goto('/login');
  // A link: clicked before the scripts ran, it opens /login?reset, whose reset view opens once they have.
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
  const before = Date.now();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await readCode(email, 'password_reset', before - 1000);
  await page.getByLabel('Digit 1 of 5').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  const newPassword = 'N3w!passphrase';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await expect(page.getByText('Very Strong')).toBeVisible();
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Your password has been reset')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await logIn(page, email, PASSWORD);
  await expect(page.getByRole('main').getByText("Password doesn't match")).toBeVisible();
  await logIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/freelancer\/profile-setup$/);
});

test('the code screen takes a pasted code and backspace moves back', async ({ page }) => {
  await openForm(page, 'signup');
  const email = uniqueEmail();
  await page.getByLabel('First name').fill('Ravi');
  await page.getByLabel('Last name').fill('Kumar');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(/Resend code in 0:\d\d/)).toBeVisible();
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Please enter the complete 5-digit verification code.')).toBeVisible();
  await page.getByLabel('Digit 1 of 5').fill('12');
  await expect(page.getByLabel('Digit 2 of 5')).toHaveValue('2');
  await page.getByLabel('Digit 3 of 5').press('Backspace');
  await expect(page.getByLabel('Digit 2 of 5')).toHaveValue('');
  await expect(page.getByLabel('Digit 2 of 5')).toBeFocused();
  await page.getByLabel('Digit 1 of 5').fill('00000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Incorrect verification code.')).toBeVisible();
});

test('auth pages have no serious accessibility violations', async ({ page }) => {
  for (const path of ['/login', '/signup']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
});
