import { LEGAL } from '@talentloop/contract';
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, hydrated, test } from '../support/fixtures.ts';
import { createCompletedFreelancer } from '../support/signed-in.ts';

// spec: auth-onboarding §1 (legal pages), §2 (/terms-condition, /privacy-policy), §9 (figures, breakpoints)

test('the terms state every figure from the contract', async ({ page }) => {
  await page.goto('/terms-condition');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText(`at least ${LEGAL.minimumAge} years old`);
  await expect(main).toContainText(`commission of ${LEGAL.commissionPercent}% of the contract value`);
  await expect(main).toContainText(`within ${LEGAL.escrowReleaseDays} days of receipt`);
  await expect(main).toContainText(`within ${LEGAL.paymentDisputeDays} days`);
  await expect(main).toContainText(`${LEGAL.terminationNoticeDays} days' written notice`);
  await expect(main).toContainText(`governed by the laws of ${LEGAL.governingLaw}`);
});

test('the privacy policy states the age limit and the governing law', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText(`aged ${LEGAL.minimumAge} or over`);
  await expect(main).toContainText(`laws of ${LEGAL.governingLaw}`);
  await expect(main).toContainText('no third-party analytics');
});

for (const path of ['/terms-condition', '/privacy-policy']) {
  test(`${path}: the table of contents lists every section and jumps to it`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const toc = page.getByRole('navigation', { name: 'On this page' });
    const entries = toc.getByRole('link');
    const sections = page.getByRole('article').getByRole('heading', { level: 2 });
    await expect(entries).toHaveCount(await sections.count());
    const last = entries.last();
    const name = ((await last.textContent()) ?? '').replace(/^\d+\./, '').trim();
    await last.click();
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(name) })).toBeInViewport();
    await expectNoSeriousA11yViolations(page);
  });
}

/** Whether the table of contents sits beside the text (true) or above it (false). */
async function tocBeside(page: Page) {
  const toc = await page.getByRole('navigation', { name: 'On this page' }).boundingBox();
  const text = await page.getByRole('article').boundingBox();
  if (!toc || !text) throw new Error('layout not rendered');
  return toc.x + toc.width <= text.x;
}

test('the terms switch to the two-column layout at 768 px, the privacy policy at 900 px', async ({ page }) => {
  await page.setViewportSize({ width: 767, height: 900 });
  await page.goto('/terms-condition');
  await expect(page.getByRole('article')).toBeVisible();
  expect(await tocBeside(page)).toBe(false);
  await page.setViewportSize({ width: 768, height: 900 });
  await expect.poll(() => tocBeside(page)).toBe(true);

  await page.setViewportSize({ width: 899, height: 900 });
  await page.goto('/privacy-policy');
  await expect(page.getByRole('article')).toBeVisible();
  expect(await tocBeside(page)).toBe(false);
  // Narrow: the contents fold away behind a button, which opens them once React owns it (the page
  // is HTML first: a click before hydration does nothing, and the test would wait for a hidden link).
  const toggle = page.getByRole('button', { name: 'On this page' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await hydrated(page, 'button[aria-controls="legal-toc"]');
  await toggle.click();
  await page
    .getByRole('navigation', { name: 'On this page' })
    .getByRole('link', { name: /Age limit/ })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: /Age limit/ })).toBeInViewport();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await page.setViewportSize({ width: 900, height: 900 });
  await expect.poll(() => tocBeside(page)).toBe(true);
});

test('an unknown path shows Not found with a way home to a signed-in user', async ({ page }) => {
  await createCompletedFreelancer(page);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: /Remote work for vetted talent/ })).toBeVisible();
});

// docs/decisions.md 11: unknown paths show Not found, signed in or not.
test('an unknown path shows Not found to a signed-out visitor too', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
  await expect(page).toHaveURL(/\/no\/such\/page$/);
});
