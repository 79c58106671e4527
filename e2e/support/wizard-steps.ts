import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GENERIC_TOAST_MS, WIZARD_STEP_DELAY_MS } from '@talentloop/contract';
import { SEARCH_DEBOUNCE_MS } from '@talentloop/contract/api/search';
import { isValidPhone } from '@talentloop/contract/validation/profile';
import { type Locator, type Page, expect } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './fixtures.ts';

// Steps of the onboarding wizard as a user takes them, through labels and roles only.

export const PHOTO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/avatar.jpg');

/** A valid Indian mobile number no other test uses (numbers are unique per dialing code). */
export function uniquePhone(): string {
  for (;;) {
    const number = `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    if (isValidPhone('+91', number)) return number;
  }
}

// Playwright's clock (issue 9): a test that calls `useFastClock` before its first page load skips
// the search debounce, the 2 s step delay and the toasts' lifetime instead of waiting for them.
// Time still flows on its own, so a skip that comes early (before the page set its timer) only
// costs the wait it meant to save. The wizard's journey (wizard.spec.ts) keeps the real timings.
const fastClock = new WeakSet<Page>();

export async function useFastClock(page: Page) {
  await page.clock.install();
  fastClock.add(page);
}

/** Jumps the page's clock forward when it runs on Playwright's clock; otherwise nothing. */
export async function skipAhead(page: Page, ms: number) {
  if (fastClock.has(page)) await page.clock.fastForward(ms);
}

/**
 * Axe on a step once its toasts have gone: the toaster is the app shell's (its rich colours are
 * checked on their own), a step's check is about the step.
 */
export async function expectStepAccessible(page: Page) {
  await skipAhead(page, GENERIC_TOAST_MS);
  await expect(page.getByRole('region', { name: /Notifications/ }).getByRole('listitem')).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page);
}

/**
 * Opens a select by its label and picks an option by its exact name, by keyboard: a click can land
 * on a Radix option while the list is still being positioned (or on the option under the pointer
 * when the list opened), a focused option chosen with Enter cannot. `scope` narrows the label search
 * (e.g. to one form when several carry the same labels).
 */
export async function choose(page: Page, label: string, option: string, scope: Page | Locator = page) {
  const trigger = scope.getByLabel(label, { exact: true });
  await trigger.focus();
  // The select's own list, named by its trigger's aria-controls once open: a search field's
  // suggestions are a listbox too, and may be open at the same time. Through the trigger's id: an
  // open select hides the rest of the page from the accessibility tree, its trigger included, and a
  // handle to the element went stale when the form was drawn again under load (a new element with
  // the same id took the key, and the old one never named its list).
  const id = await trigger.getAttribute('id');
  expect(id, `the select labelled ${label} has an id`).toBeTruthy();
  const byId = page.locator(`[id="${id}"]`);
  await trigger.press('Enter');
  let controls: string | null | undefined = null;
  await expect.poll(async () => (controls = await byId.getAttribute('aria-controls'))).toBeTruthy();
  const listbox = page.locator(`[id="${controls}"]`);
  await expect(listbox).toBeVisible();
  await listbox.getByRole('option', { name: option, exact: true }).press('Enter');
  await expect(listbox).toBeHidden();
  await expect(trigger).toContainText(option);
  // Radix gives focus back to the trigger a moment after the list closes; wait for it, or it can
  // take focus from the next field the test types into (and close that field's suggestions).
  await expect(trigger).toBeFocused();
}

/** Picks a work date (month and year selects) in a work-experience form. */
export async function chooseMonth(page: Page, form: Locator, which: 'Start' | 'End', month: string, year: string) {
  await choose(page, `${which} month`, month, form);
  await choose(page, `${which} year`, year, form);
}

/** Types into a search field and picks a suggestion once the (debounced) search answers. */
export async function pickSuggestion(page: Page, label: string, typed: string, suggestion: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.fill(typed);
  await skipAhead(page, SEARCH_DEBOUNCE_MS);
  await page.getByRole('option', { name: suggestion, exact: true }).click();
  await expect(input).toHaveValue(suggestion);
}

/** A save answers in well under a second, but a photo save on a loaded CI machine can take longer than expect's 10 s. */
export const SAVE_MS = 30_000;

export const BASICS = {
  first: 'Asha',
  last: 'Rao',
  bio: 'Frontend developer who builds fast, accessible web apps for SaaS teams.',
  occupation: 'Web Developer',
  rate: '30',
};

export async function addSkill(page: Page, typed: string, skill: string, years: string) {
  await pickSuggestion(page, 'Skill', typed, skill);
  await choose(page, 'Experience', years);
  await page.getByRole('button', { name: 'Add skill' }).click();
  await expect(page.getByRole('list', { name: 'Your skills' }).getByText(skill, { exact: true })).toBeVisible();
}

export async function addLanguage(page: Page, language: string, proficiency: string) {
  await choose(page, 'Language', language);
  await choose(page, 'Proficiency', proficiency);
  await page.getByRole('button', { name: 'Add language' }).click();
  await expect(page.getByRole('list', { name: 'Your languages' }).getByText(language, { exact: true })).toBeVisible();
}

/** Fills Profile Basics completely (photo included) and returns the phone number used. */
export async function fillProfileBasics(page: Page, phone = uniquePhone()) {
  await page.getByLabel('Profile photo').setInputFiles(PHOTO);
  await expect(page.getByRole('img', { name: 'Your profile' })).toBeVisible();
  await page.getByLabel('First name').fill(BASICS.first);
  await page.getByLabel('Last name').fill(BASICS.last);
  await page.getByLabel('Short bio').fill(BASICS.bio);
  await choose(page, 'Country', 'India');
  await pickSuggestion(page, 'Occupation', 'Web Dev', BASICS.occupation);
  await page.getByRole('radio', { name: /^Mid-Exp/ }).click();
  await page.getByLabel('Hourly rate (USD)').fill(BASICS.rate);
  await page.getByLabel('Phone number').fill(phone);
  await addSkill(page, 'Reac', 'React', '3 years');
  await addLanguage(page, 'English', 'Fluent');
  return phone;
}

/** Saves Profile Basics and waits for the education tab (after the 2 s step delay). */
export async function continueToEducation(page: Page) {
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Profile Updated')).toBeVisible({ timeout: SAVE_MS });
  await skipAhead(page, WIZARD_STEP_DELAY_MS);
  await expect(page.getByRole('tab', { name: 'Education & Experience', selected: true })).toBeVisible({ timeout: 10_000 });
  await expect(page).toHaveURL(/\?stage=education-and-experience$/);
}

export async function addEducation(page: Page) {
  const form = page.getByRole('form', { name: 'New education' });
  await choose(page, 'Degree', 'Bachelor of Technology');
  await pickSuggestion(page, 'University', 'University of Del', 'University of Delhi');
  await choose(page, 'Graduation year', '2019');
  await form.getByRole('button', { name: 'Add education' }).click();
  await expect(page.getByRole('list', { name: 'Education entries' }).getByText('Bachelor of Technology')).toBeVisible();
}

export async function addWork(page: Page) {
  await page.getByRole('button', { name: 'Add new experience' }).click();
  const form = page.getByRole('form', { name: 'New work experience' });
  await pickSuggestion(page, 'Job title', 'Front', 'Frontend Developer');
  await pickSuggestion(page, 'Company', 'Infos', 'Infosys');
  await chooseMonth(page, form, 'Start', 'July', '2020');
  await chooseMonth(page, form, 'End', 'March', '2023');
  await form.getByRole('checkbox', { name: 'I currently work here' }).check();
  await expect(form.getByLabel('End month')).toBeDisabled();
  await expect(form.getByLabel('End month')).toHaveText('Month');
  await form.getByRole('button', { name: 'Add experience' }).click();
  await expect(page.getByRole('list', { name: 'Work experience entries' }).getByText('Frontend Developer')).toBeVisible();
}

/** Saves education and waits for the work preference tab. */
export async function continueToPreferences(page: Page) {
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Education and experience updated')).toBeVisible({ timeout: SAVE_MS });
  await skipAhead(page, WIZARD_STEP_DELAY_MS);
  await expect(page.getByRole('tab', { name: 'Work Preference', selected: true })).toBeVisible({ timeout: 10_000 });
  await expect(page).toHaveURL(/\?stage=work-preference$/);
}

export async function savePreferences(page: Page) {
  await choose(page, 'Work hours', '30+ hours / week');
  await choose(page, 'Project duration', '1-6 months');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Work preference updated')).toBeVisible({ timeout: SAVE_MS });
  await expect(page).toHaveURL(/\/freelancer\/dashboard$/);
  await expect(page.getByRole('heading', { name: "Looks like there's nothing here yet." })).toBeVisible();
}
