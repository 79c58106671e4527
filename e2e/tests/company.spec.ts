import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { VERIFIED_REDIRECT_MS } from '@talentloop/contract';
import { PASSWORD, expect, expectNoSeriousA11yViolations, openForm, test, uniqueEmail } from '../support/fixtures.ts';
import { readCode } from '../support/mail.ts';
import { createCompany, seedAccount } from '../support/signed-in.ts';
import { choose, skipAhead, useFastClock } from '../support/wizard-steps.ts';

// The company side's first slice (issue 11), with CLIENT_ACCOUNTS=on (playwright.config.ts). The
// company sign-up (form, mailed code, welcome) is one journey; the other tests start from a company
// seeded without the UI (support/signed-in.ts).

const LOGO = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/avatar.jpg');

/**
 * A company signs up through the real form ('Hire Talent'), verifies the mailed code and lands on its
 * home. The 'Email Verified' dialog moves on by itself: on Playwright's clock the test skips its wait.
 */
async function signUpCompany(page: Page, company = 'Acme Labs') {
  const email = uniqueEmail('company');
  await useFastClock(page);
  await openForm(page, 'signup');
  await page.getByRole('radio', { name: 'Hire Talent' }).click();
  await page.getByLabel('First name').fill('Maya');
  await page.getByLabel('Last name').fill('Iyer');
  await page.getByLabel('Company').fill(company);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await page.getByLabel('Digit 1 of 5').fill(await readCode(email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('dialog', { name: 'Email Verified' })).toBeVisible();
  await skipAhead(page, VERIFIED_REDIRECT_MS);
  await expect(page).toHaveURL(/\/company\/Home$/, { timeout: 20_000 });
  return email;
}

test.describe.configure({ timeout: 180_000 });

test('a company signs up, sees the welcome once (not after a reload) and completes its profile basics', async ({ page }) => {
  await signUpCompany(page);

  // The one-time welcome, remembered for the account: not shown again after a reload.
  const welcome = page.getByRole('dialog', { name: 'Complete Your Profile to Get Started!' });
  await expect(welcome).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await welcome.getByRole('button', { name: 'Skip for Now' }).click();
  await expect(welcome).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome, Acme Labs' })).toBeVisible();
  // Issue 20: an unverified company may search already (it must verify before shortlisting).
  await expect(page.getByRole('search', { name: 'Find vetted talent' })).toBeVisible();
  await expect(welcome).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Company Profile' })).toBeAttached();
  await expectNoSeriousA11yViolations(page);

  // Profile basics.
  await page.getByRole('link', { name: 'Go to profile setup' }).click();
  await expect(page).toHaveURL(/\/company\/profile-setup$/);
  await expect(page.getByLabel('Company Name')).toHaveValue('Acme Labs');
  await page.getByTestId('company-logo-input').setInputFiles(LOGO);
  await expect(page.getByRole('img', { name: 'Company logo' })).toBeVisible();
  await choose(page, 'Industry', 'Information Technology');
  await choose(page, 'Company Size', '11-100 (small-business)');
  await choose(page, 'Country', 'India');
  await page.getByLabel('About Company').fill('We build hiring tools for remote teams.');
  await page.getByLabel('Website URL').fill('ftp://acme.example');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('Enter a full web address starting with http:// or https://')).toBeVisible();
  await page.getByLabel('Website URL').fill('https://acme.example');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/tab=contact/);
  await expect(page.getByRole('progressbar', { name: 'Profile Basics' })).toHaveAttribute('aria-valuenow', '100');
  await page.goto('/company/profile-setup');
  await expect(page.getByLabel('About Company')).toHaveValue('We build hiring tools for remote teams.');
});

test('a company completes its contact information with an email verified by the mailed code', async ({ page }) => {
  await createCompany(page);
  await page.goto('/company/profile-setup?tab=contact');

  // Contact information, with the email proven by a mailed code.
  const companyEmail = uniqueEmail('inbox');
  await page.getByLabel('Email Address').fill(companyEmail);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await page.getByLabel('Digit 1 of 5').fill(await readCode(companyEmail, 'company_email'));
  await page.getByRole('button', { name: 'Confirm code' }).click();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await choose(page, 'Country', 'India');
  await page.getByLabel('Phone').fill('98765 43210');
  await page.getByLabel('Company Address').fill('1 MG Road, Bengaluru');
  await choose(page, 'Platform', 'LinkedIn');
  await page.getByLabel('Profile URL').fill('https://github.com/acme');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('This is not a LinkedIn link')).toBeVisible();
  await page.getByLabel('Profile URL').fill('https://www.linkedin.com/company/acme');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('https://www.linkedin.com/company/acme')).toBeVisible();
  await page.getByRole('button', { name: 'Edit LinkedIn link' }).click();
  await page.getByLabel('LinkedIn URL').fill('https://www.linkedin.com/company/acme-labs');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('https://www.linkedin.com/company/acme-labs')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/tab=verification/);
  await expect(page.getByText('Not verified yet')).toBeVisible();
  // Contact complete, basics only the sign-up name (1 of 7), not verified: (14 + 100 + 0) / 3.
  await expect(page.getByRole('progressbar', { name: 'Contact Information' })).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByRole('progressbar', { name: 'Profile Basics' })).toHaveAttribute('aria-valuenow', '14');
  await expect(page.getByText('38%')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Saved on the server: a reload shows it all.
  await page.goto('/company/profile-setup?tab=contact');
  await expect(page.getByLabel('Email Address')).toHaveValue(companyEmail);
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Phone')).toHaveValue('9876543210');
  await expect(page.getByText('https://www.linkedin.com/company/acme-labs')).toBeVisible();
});

test('on a phone the setup tabs stay on one scrolling line, the open tab scrolled into view', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await createCompany(page);
  await page.goto('/company/profile-setup?tab=verification');
  const tabs = page.getByRole('tablist', { name: 'Company profile setup' }).getByRole('tab');
  await expect(tabs).toHaveCount(3);
  const open = page.getByRole('tab', { name: 'Account Verification' });
  await expect(open).toHaveAttribute('aria-selected', 'true');
  await expect(open).toBeInViewport({ ratio: 1 });
  // One line: every tab's top at the same height (a wrapped row would put one under the others).
  const tops = await tabs.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
});

test('company pages send a freelancer home, and freelancer pages send a company home', async ({ browser }) => {
  const freelancerPage = await (await browser.newContext()).newPage();
  await seedAccount(freelancerPage);
  await freelancerPage.goto('/company/Home');
  await expect(freelancerPage).toHaveURL(/\/freelancer\/profile-setup$/);

  const companyPage = await (await browser.newContext()).newPage();
  await createCompany(companyPage, { company: 'Globex Corp' });
  await companyPage.goto('/freelancer/dashboard');
  await expect(companyPage).toHaveURL(/\/company\/Home$/);
  await companyPage.goto('/login');
  await expect(companyPage).toHaveURL(/\/company\/Home$/);
  // Company pages stay open to the company (its settings page is its own route).
  await companyPage.goto('/company/view-profile');
  await expect(companyPage).toHaveURL(/\/company\/view-profile/);
  // The first load of this lazily loaded page gets more time on a loaded machine.
  await expect(companyPage.getByRole('heading', { level: 1, name: 'Company settings' })).toBeVisible({ timeout: 30_000 });
  await freelancerPage.context().close();
  await companyPage.context().close();
});
