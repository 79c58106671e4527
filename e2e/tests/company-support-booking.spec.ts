import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';
import { createCompany } from '../support/signed-in.ts';
import { choose } from '../support/wizard-steps.ts';

// Support booking (issue 11), with CLIENT_ACCOUNTS=on (playwright.config.ts). Both companies start
// seeded and signed in (support/signed-in.ts). The calls offered depend on today's date, so the test
// takes the days and times the calendar shows: the second offered day (still offered if the first
// turns into today while the test runs) and its first free time.

/** Opens the support booking form of the company signed in on this page. */
async function openSupportBooking(page: Page) {
  await page.goto('/company/profile-setup?tab=verification');
  await page.getByRole('radio', { name: /Book a call with support/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Book a call with support' })).toBeVisible();
}

const dayGroup = (page: Page) => page.getByRole('group', { name: 'Day' });
const timeGroup = (page: Page) => page.getByRole('group', { name: /^Time on / });

/** The card of one time ('HH:mm' support time) on the open day. */
const timeCard = (page: Page, value: string): Locator => timeGroup(page).locator(`input[value="${value}"]`).locator('xpath=..');

/** Picks a day or a time: its card is the label of a visually hidden radio. */
async function pick(radio: Locator) {
  await radio.locator('xpath=..').click();
  await expect(radio).toBeChecked();
}

test.describe.configure({ timeout: 180_000 });

test('a company books a support call, another company sees the seat taken, and cancelling frees it', async ({
  page,
  browser,
}, testInfo) => {
  const { email } = await createCompany(page);
  await openSupportBooking(page);

  // The form view: the email starts as the account's address.
  await expect(page.getByLabel('Email Address')).toHaveValue(email);
  await choose(page, 'Reason for Contact', 'Account Verification');
  await page.getByLabel('Additional Notes').fill('We would like to verify our company on a call.');
  await expectNoSeriousA11yViolations(page, 'support form');

  // Booking without a date and time is refused on the form.
  await page.getByRole('button', { name: 'Book Call' }).click();
  await expect(page.getByText('Please choose a date and time')).toBeVisible();

  // The calendar view: days with their labels; Confirm Booking waits for a day and a time.
  await page.getByLabel('Date & Time').click();
  await expect(page.getByRole('heading', { name: 'Choose a date and time' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm Booking' })).toBeDisabled();
  await expect(page.getByText(/^Timezone: Europe\/Berlin \(GMT\+\d\)/)).toBeVisible();
  const day = dayGroup(page).getByRole('radio', { disabled: false }).nth(1);
  const dayName = (await day.getAttribute('value')) ?? '';
  await pick(day);
  await expect(page.getByRole('button', { name: 'Confirm Booking' })).toBeDisabled();
  const slot = timeGroup(page).getByRole('radio', { disabled: false }).first();
  // value: 'HH:mm' support time; the card: '9:00 AM', the visitor's time, 'n of m seats left', the label
  const value = (await slot.getAttribute('value')) ?? '';
  const card = (await slot.locator('xpath=..').textContent()) ?? '';
  const time = /^(\d{1,2}:\d{2} [AP]M)/.exec(card)?.[1] ?? '';
  const [, left = '0', capacity = '0'] = /(\d+) of (\d+) seats? left/.exec(card) ?? [];
  expect(time, card).not.toBe('');
  await pick(slot);
  await expectNoSeriousA11yViolations(page, 'support calendar');

  // Confirm Booking returns to the form with the choice.
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByLabel('Date & Time')).toContainText(time);
  await page.getByRole('button', { name: 'Book Call' }).click();
  await expect(page.getByRole('heading', { name: 'Your support call is booked' })).toBeVisible();
  await expect(page.getByText(new RegExp(`^${time} - `))).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'booked call');

  // Another company sees one seat fewer at that time.
  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const otherPage = await other.newPage();
  await createCompany(otherPage, { company: 'Globex Corp' });
  await openSupportBooking(otherPage);
  await otherPage.getByLabel('Date & Time').click();
  await pick(dayGroup(otherPage).locator(`input[value="${dayName}"]`));
  const fewer = Number(left) - 1;
  await expect(timeCard(otherPage, value)).toContainText(
    fewer === 0 ? 'Fully booked' : `${fewer} of ${capacity} seat${capacity === '1' ? '' : 's'} left`,
  );

  // Cancelling frees the seat.
  await page.getByRole('button', { name: 'Cancel call' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel this support call?' });
  await confirm.getByRole('button', { name: 'Cancel call' }).click();
  await expect(page.getByRole('heading', { name: 'Book a call with support' })).toBeVisible();
  await otherPage.getByRole('button', { name: 'Back' }).click();
  await otherPage.getByLabel('Date & Time').click();
  await pick(dayGroup(otherPage).locator(`input[value="${dayName}"]`));
  await expect(timeCard(otherPage, value)).toContainText(`${left} of ${capacity} seat`);
  await other.close();
});
