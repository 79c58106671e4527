import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

// The account's security, the same for both roles (a company's Security & Privacy, a freelancer's
// Account Security in the editor): the steps a user takes, shared by both roles' specs.

/** Changes the password in the form within `scope`; waits for the toast and the emptied form. */
export async function changePassword(page: Page, scope: Page | Locator, current: string, next: string) {
  await scope.getByLabel('Current password', { exact: true }).fill(current);
  await scope.getByLabel('New password', { exact: true }).fill(next);
  await scope.getByLabel('Confirm new password', { exact: true }).fill(next);
  await scope.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed', { exact: true })).toBeVisible();
  await expect(scope.getByLabel('Current password', { exact: true })).toHaveValue('');
}

/** Opens the confirm dialog of 'Sign out all devices' within `scope` and returns it. */
export async function openSignOutAllDevices(page: Page, scope: Page | Locator): Promise<Locator> {
  await scope.getByRole('button', { name: 'Sign out all devices' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Sign out all devices?' });
  await expect(dialog).toBeVisible();
  return dialog;
}
