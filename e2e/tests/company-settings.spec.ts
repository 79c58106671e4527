import type { Page } from '@playwright/test';
import { PASSWORD, expect, expectNoSeriousA11yViolations, logIn, test } from '../support/fixtures.ts';
import { changePassword, openSignOutAllDevices } from '../support/account-security.ts';
import { createCompany } from '../support/signed-in.ts';
import { choose } from '../support/wizard-steps.ts';

// Company view profile (issue 11): every menu entry works on saved data, with CLIENT_ACCOUNTS=on
// (playwright.config.ts). Each test starts from a company seeded without the UI and without mail
// (support/signed-in.ts); the company sign-up journey is in company.spec.ts.

const SETTINGS = '/company/view-profile';
test.describe.configure({ timeout: 120_000 });
const NEW_PASSWORD = 'N3w!Passw0rd-2';

/** A company account signed in in this page's context; answers its email. */
async function seededCompany(page: Page) {
  return (await createCompany(page)).email;
}

async function openSettings(page: Page, search = '') {
  await page.goto(`${SETTINGS}${search}`);
  // The first load of a signed-in page (session refresh, the page's chunks) gets more time.
  await expect(page.getByRole('heading', { name: 'Company settings', level: 1 })).toBeVisible({ timeout: 30_000 });
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Company settings' });

/** Opens a menu entry; `section` is its `?section=` value (Basic Information's address has none). */
async function openEntry(page: Page, label: string, section: string | null) {
  await menu(page).getByRole('link', { name: label }).click();
  await expect(page).toHaveURL(section ? new RegExp(`\\?section=${section}$`) : new RegExp(`${SETTINGS}$`));
  await expect(page.getByRole('heading', { name: label, level: 2 })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
}

test('a company edits its basic information, sees its verification state, and a reload keeps the save', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await seededCompany(page);
  await openSettings(page);
  await expect(page.getByRole('heading', { name: 'Basic Information', level: 2 })).toBeVisible();
  await expect(page.getByLabel('Company Name')).toHaveValue('Acme Labs');
  await expectNoSeriousA11yViolations(page, 'basic information');

  await page.getByLabel('Company Name').fill('Acme Labs Global');
  await choose(page, 'Industry', 'Information Technology');
  await choose(page, 'Company Size', '11-100 (small-business)');
  await choose(page, 'Country', 'India');
  await page.getByLabel('About Company').fill('We build tools for hiring teams.');
  await page.getByLabel('Website URL').fill('https://acme.example');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile basics saved')).toBeVisible();

  await openEntry(page, 'Account & Verification', 'account');
  await expect(page.getByText('Not verified yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Verify your company' })).toHaveAttribute('href', '/company/profile-setup?tab=verification');
  await expect(page.getByLabel('Email Address')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'account and verification');

  // Saved on the server: a reload of Basic Information shows the saved values.
  await openEntry(page, 'Basic Information', null);
  await page.reload();
  await expect(page.getByLabel('Company Name')).toHaveValue('Acme Labs Global');
  await expect(page.getByLabel('Website URL')).toHaveValue('https://acme.example');
});

test('a company chooses which mails it receives; a reload keeps the choice', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await seededCompany(page);
  await openSettings(page, '?section=notifications');
  const news = page.getByRole('checkbox', { name: 'Product news' });
  const support = page.getByRole('checkbox', { name: 'Support calls' });
  await expect(news).not.toBeChecked();
  await expect(support).toBeChecked();
  await expect(page.getByText(/is always sent/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'notifications');
  await news.check();
  await support.uncheck();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText('Notification preferences saved')).toBeVisible();

  // Saved on the server: a reload keeps the entry and the choices.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Notifications & Communication', level: 2 })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Product news' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Support calls' })).not.toBeChecked();
});

test('a company changes its password, signs out all devices and logs in with the new password', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const email = await seededCompany(page);
  await openSettings(page, '?section=security');
  await expect(page.getByRole('heading', { name: 'Security & Privacy', level: 2 })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'security');

  await changePassword(page, page, PASSWORD, NEW_PASSWORD);

  // This device stayed signed in; now sign out everywhere.
  const dialog = await openSignOutAllDevices(page, page);
  await expectNoSeriousA11yViolations(page, 'sign out all devices dialog');
  await dialog.getByRole('button', { name: 'Sign out all devices' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/company\/Home$/);
});

test('a company deletes its account after the confirm dialog and its password', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const email = await seededCompany(page);
  await openSettings(page);
  await openEntry(page, 'Delete Account', 'delete');
  await expectNoSeriousA11yViolations(page, 'delete account');
  await page.getByRole('main').getByRole('button', { name: 'Delete Account' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Account' });
  await expect(confirm.getByText('This action is permanent and cannot be undone.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm.getByLabel('Password', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'delete account, password');
  await confirm.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your account and all its data have been deleted.')).toBeVisible();

  const login = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(login.status()).not.toBe(200);
});

test('on a phone the menu comes before the section and switches entries', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await seededCompany(page);
  await openSettings(page);
  const nav = menu(page);
  const section = page.getByRole('heading', { name: 'Basic Information', level: 2 });
  await expect(section).toBeVisible();
  const navBox = await nav.boundingBox();
  const sectionBox = await section.boundingBox();
  expect(navBox && sectionBox && navBox.y < sectionBox.y).toBe(true);
  // No sideways scrolling at this width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await openEntry(page, 'Security & Privacy', 'security');
  await expect(page.getByLabel('Current password', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'security at 375 px');
  await openEntry(page, 'Notifications & Communication', 'notifications');
  await expect(page.getByRole('checkbox', { name: 'Talent and shortlist updates' })).toBeChecked();
});
