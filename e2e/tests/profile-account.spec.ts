import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { PASSWORD, expect, expectNoSeriousA11yViolations, logIn, test } from '../support/fixtures.ts';
import { changePassword, openSignOutAllDevices } from '../support/account-security.ts';
import { createCompletedFreelancer } from '../support/signed-in.ts';
import { PHOTO } from '../support/wizard-steps.ts';

// The profile editor's account side: My Profile card (photo), portfolio, privacy and the public
// link, account security, Download my data, Delete Account. spec: profile-company §2, §4, §5, §8;
// issues 10 and 19.
// Each test starts from a finished freelancer made through the API.

// Each test makes its own freelancer and runs axe on several screens: allow for a loaded CI machine.
test.describe.configure({ timeout: 120_000 });

/** A small but real PDF (the server decides the type from the bytes). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const openSection = async (page: Page, section: string) => {
  await page.goto(`/freelancer/view-profile?section=${section}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
};

/** Clicks the privacy Save and waits for the server's answer. */
async function savePrivacy(page: Page) {
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/freelancer-settings/privacy') && r.request().method() === 'PUT');
  await page.getByRole('region', { name: 'Privacy Settings' }).getByRole('button', { name: 'Save' }).click();
  expect((await answer).status()).toBe(200);
}

const card = (page: Page, fullName: string) => page.getByRole('region', { name: fullName });

test('the My Profile card deletes the photo and uploads a new one, kept after a reload', async ({ page }) => {
  const who = await createCompletedFreelancer(page);
  const fullName = `${who.firstName} ${who.lastName}`;
  await openSection(page, 'privacy');
  const myCard = card(page, fullName);
  await expect(myCard.getByText('India')).toBeVisible();
  await expect(myCard.getByRole('img', { name: fullName })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await myCard.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Profile picture deleted successfully')).toBeVisible();
  await expect(myCard.getByRole('img', { name: fullName })).toHaveCount(0);
  await expect(myCard.getByText('AR', { exact: true })).toBeVisible();

  await myCard.getByLabel('Upload photo').setInputFiles(PHOTO);
  await expect(page.getByText('Profile picture updated successfully')).toBeVisible();
  await expect(myCard.getByRole('img', { name: fullName })).toBeVisible();

  await page.reload();
  await expect(card(page, fullName).getByRole('img', { name: fullName })).toHaveAttribute('src', /\/api\/files\//);
});

test('a portfolio item with a file and one with a link are saved and seen after a reload', async ({ page }) => {
  await createCompletedFreelancer(page);
  await openSection(page, 'portfolio');
  const section = page.getByRole('region', { name: 'Portfolio' });
  await expect(section.getByText('No projects yet')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Save' })).toBeDisabled();

  await section.getByRole('button', { name: 'Add project' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add project' });
  await dialog.getByLabel('Project name').fill('Storefront redesign');
  await dialog.getByLabel('Description').fill('A faster checkout for an online shop.');
  await dialog.getByLabel('Skills used').fill('React');
  await dialog.getByLabel('Skills used').press('Enter');
  await dialog.getByLabel('Project URL').fill('https://example.com/storefront');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Add project' }).click();
  await expect(dialog).toBeHidden();

  await section.getByRole('button', { name: 'Add project' }).click();
  dialog = page.getByRole('dialog', { name: 'Add project' });
  await dialog.getByLabel('Project name').fill('Case study');
  await dialog.getByLabel('Description').fill('How we halved the page weight.');
  await dialog.getByLabel('Skills used').fill('Performance');
  await dialog.getByRole('button', { name: 'Add skill' }).click();
  await dialog.getByRole('radio', { name: 'File' }).check();
  await dialog.getByLabel('Project file').setInputFiles({ name: 'case-study.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(dialog.getByText('case-study.pdf')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add project' }).click();
  await expect(dialog).toBeHidden();

  // Two is the limit; the list is saved at once.
  await expect(section.getByRole('button', { name: 'Add project' })).toBeDisabled();
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Portfolio Saved')).toBeVisible();

  await page.reload();
  const items = page.getByRole('region', { name: 'Portfolio' }).getByRole('list', { name: 'Portfolio items' });
  await expect(items.getByRole('heading', { name: 'Storefront redesign' })).toBeVisible();
  await expect(items.getByRole('link', { name: 'https://example.com/storefront' })).toHaveAttribute(
    'href',
    'https://example.com/storefront',
  );
  await expect(items.getByRole('heading', { name: 'Case study' })).toBeVisible();
  await expect(items.getByRole('link', { name: 'PDF document' })).toHaveAttribute('href', /\/api\/files\//);
  // The last item cannot be removed.
  await items.getByRole('button', { name: 'Remove Case study' }).click();
  await expect(items.getByRole('button', { name: 'Remove Storefront redesign' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
});

/** The link 'Share' copies on the freelancer's own preview. */
async function shareLink(page: Page, fullName: string): Promise<string> {
  await page.goto('/freelancer/public-view');
  await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/talent\/[\w-]+$/);
  return link;
}

test('the link of a public profile opens signed out, showing the saved profile', async ({ page, browser, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const who = await createCompletedFreelancer(page);
  const fullName = `${who.firstName} ${who.lastName}`;

  await openSection(page, 'privacy');
  const privacy = page.getByRole('region', { name: 'Privacy Settings' });
  // A new profile is open to work and shown to signed-in companies only.
  await expect(privacy.getByRole('switch', { name: 'Open to work' })).toHaveAttribute('aria-checked', 'true');
  await expect(privacy.getByRole('radio', { name: 'Signed-in companies only' })).toBeChecked();
  await expect(privacy.getByRole('button', { name: 'Save' })).toBeDisabled();
  await privacy.getByRole('radio', { name: 'Public link' }).click();
  await expectNoSeriousA11yViolations(page);
  await savePrivacy(page);
  await expect(page.getByText('Privacy settings saved')).toBeVisible();

  const link = await shareLink(page, fullName);
  // The preview is the saved profile: no reviews yet, so no rating and no reviews at all (issue 22), and the derived level.
  await expect(page.getByText('Web Developer')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reviews' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Level' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const stranger = await browser.newContext();
  const visitor = await stranger.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
  await expect(visitor.getByText('Open to work')).toBeVisible();
  await expect(visitor.getByText('Web Developer')).toBeVisible();
  await expectNoSeriousA11yViolations(visitor);
  await stranger.close();
});

test('the link of a hidden profile answers Not found, and Open to work off is not shown', async ({ page, browser, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const who = await createCompletedFreelancer(page);
  const fullName = `${who.firstName} ${who.lastName}`;

  await openSection(page, 'privacy');
  const privacy = page.getByRole('region', { name: 'Privacy Settings' });
  await privacy.getByRole('radio', { name: 'Public link' }).click();
  await privacy.getByRole('switch', { name: 'Open to work' }).click();
  await savePrivacy(page);
  const link = await shareLink(page, fullName);

  const stranger = await browser.newContext();
  const visitor = await stranger.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
  await expect(visitor.getByText('Open to work')).toHaveCount(0);

  await openSection(page, 'privacy');
  await privacy.getByRole('radio', { name: 'Hidden' }).click();
  await savePrivacy(page);
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
  await expect(visitor.getByText(fullName)).toHaveCount(0);
  await expectNoSeriousA11yViolations(visitor);
  await stranger.close();
});

test('on a phone, a freelancer changes the password in the editor, signs out all devices and logs in with the new one', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const who = await createCompletedFreelancer(page);
  await openSection(page, 'security');
  const section = page.getByRole('region', { name: 'Account Security' });
  await expect(section.getByRole('heading', { name: 'Change password', level: 3 })).toBeVisible();
  // The menu is one scrolling row on a phone: the section opened from its address is scrolled into view.
  await expect(page.getByRole('link', { name: 'Account Security' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: 'Account Security' })).toBeInViewport({ ratio: 1 });
  await expectNoSeriousA11yViolations(page, 'account security');

  const newPassword = 'N3w!passw0rd';
  await changePassword(page, section, PASSWORD, newPassword);
  // This device stayed signed in; the count of devices is the server's.
  await expect(section.getByText('Your account is signed in on 1 device.')).toBeVisible();

  const dialog = await openSignOutAllDevices(page, section);
  await dialog.getByRole('button', { name: 'Sign out all devices' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, who.email, newPassword);
  await expect(page).toHaveURL(/\/freelancer\/dashboard$/);
});

test('Download my data saves a JSON file of the account', async ({ page }) => {
  const who = await createCompletedFreelancer(page);
  await openSection(page, 'portfolio');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^talentloop-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
  expect(data.account.email).toBe(who.email);
  expect(data.skills.map((s: { skillName: string }) => s.skillName)).toContain('React');
});

test('Delete Account asks, takes the password, signs out, and the account can no longer log in', async ({ page }) => {
  const who = await createCompletedFreelancer(page);
  await openSection(page, 'portfolio');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Account' });
  await expect(confirm.getByText('This action is permanent and cannot be undone.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();

  // A wrong password is a component test (delete-account-dialog.test.tsx): its 403 would fail this
  // suite's console check.
  const verify = page.getByRole('alertdialog', { name: 'Delete Account' });
  await expect(verify.getByText('Enter your password to delete your account.')).toBeVisible();
  await verify.getByLabel('Password', { exact: true }).fill('Str0ng!pass');
  await verify.getByRole('button', { name: 'Delete my account' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your account and all its data have been deleted.')).toBeVisible();
  await page.goto('/freelancer/dashboard');
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, who.email);
  await expect(page.getByText('Email id not found, please signup').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
