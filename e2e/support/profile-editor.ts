import { type Locator, type Page, expect } from '@playwright/test';
import { SAVE_MS, expectStepAccessible } from './wizard-steps.ts';

// The profile editor as a user works it: open a section from the menu, save it, read it back.

export const STALE_TEXT = 'This section was changed elsewhere. Reload it to see the latest version.';

/** Opens the editor on a section (About Me by default) and waits for the section's form. */
export async function openSection(page: Page, label = 'About Me'): Promise<Locator> {
  if (!/\/freelancer\/view-profile/.test(page.url())) await page.goto('/freelancer/view-profile');
  const nav = page.getByRole('navigation', { name: 'Profile sections' });
  const link = nav.getByRole('link', { name: label, exact: true });
  // The completion card grows when its skeleton gives way (after a second, then again when the
  // sections still to complete arrive); it once sat above the menu and moved it under a click. Wait
  // for the card, then click until the section is the current one.
  await expect(page.getByTestId('completion-skeleton')).toHaveCount(0);
  await expect(async () => {
    await link.click({ timeout: 5_000 });
    await expect(link).toHaveAttribute('aria-current', 'page', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const section = page.getByRole('region', { name: label, exact: true });
  await expect(section).toBeVisible();
  await expect(section.getByTestId('section-skeleton')).toHaveCount(0);
  return section;
}

/** Saves a section and waits for the spec's toast. */
export async function saveSection(page: Page, section: Locator, toast: string) {
  const save = section.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText(toast, { exact: true }).first()).toBeVisible({ timeout: SAVE_MS });
  await expect(section.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
}

/** Reloads the page and opens the section again. */
export async function reopenSection(page: Page, label: string): Promise<Locator> {
  await page.reload();
  return openSection(page, label);
}

/** Axe on the section once its toasts have gone. */
export const expectSectionAccessible = expectStepAccessible;
