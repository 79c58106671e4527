import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { createCompletedFreelancer, createFreelancerAt, seedAccount } from '../support/signed-in.ts';
import {
  BASICS,
  addEducation,
  addWork,
  continueToEducation,
  continueToPreferences,
  expectStepAccessible,
  fillProfileBasics,
  savePreferences,
  useFastClock,
} from '../support/wizard-steps.ts';

// spec: auth-onboarding §2 Onboarding wizard, §4 Onboarding stage and Wizard details, §5 Wizard rules, §8
//
// One journey through the three steps, at the real timings (search debounce, 2 s step delays,
// toasts). Every other test starts from an account seeded at the stage it is about (support/
// signed-in.ts: no sign-up form, no mail) and runs on Playwright's clock (useFastClock).

// Each test saves steps and runs axe on several states: allow for a loaded CI machine.
test.describe.configure({ timeout: 90_000 });

const SETUP = '/freelancer/profile-setup';

/** Opens profile setup on a step the seeded stage has opened (a step already saved can be picked). */
async function openSetup(page: Page, step: 'Profile Basics' | 'Education & Experience' = 'Profile Basics') {
  await page.goto(SETUP);
  const tab = page.getByRole('tab', { name: step });
  // The first load of the app on a loaded machine can take longer than expect's 10 s.
  await expect(tab).toBeEnabled({ timeout: 20_000 });
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  await expect(page.getByRole('tab', { name: step, selected: true })).toBeVisible();
}

test('a new freelancer completes the three steps with a real photo and reaches the dashboard', async ({ page }) => {
  // Real timings, and the wizard's whole flow: more than the default time on a loaded machine.
  test.setTimeout(180_000);
  await seedAccount(page);
  await openSetup(page);
  await expect(page.getByRole('heading', { name: /Welcome, Asha/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Profile Basics', selected: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Education & Experience' })).toBeDisabled();
  await expect(page.getByRole('tab', { name: 'Work Preference' })).toBeDisabled();
  await expect(page.getByText('Suggested range: $10 - $50 /hr')).toBeVisible();
  await expectStepAccessible(page);

  await fillProfileBasics(page);
  // The suggestion follows the occupation and level (Web Developer, Mid-Exp).
  await expect(page.getByText('Suggested range: $18 - $35 /hr')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Profile Basics completion' })).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByRole('progressbar', { name: 'Overall completion' })).toHaveAttribute('aria-valuenow', '33');
  // The step changes only after the spec's 2 s delay.
  const saved = Date.now();
  await continueToEducation(page);
  expect(Date.now() - saved).toBeGreaterThanOrEqual(2_000);
  // Focus follows the step change to the new step's title; the panel itself is not a tab stop.
  await expect(page.getByRole('heading', { name: 'Education & experience' })).toBeFocused();
  await expect(page.getByRole('tabpanel')).toHaveAttribute('tabindex', '-1');

  await expectStepAccessible(page);
  await addEducation(page);
  await addWork(page);
  await expect(page.getByRole('progressbar', { name: 'Education & Experience completion' })).toHaveAttribute('aria-valuenow', '100');
  await continueToPreferences(page);

  await expectStepAccessible(page);
  await savePreferences(page);
});

// Each field's message and the rules as typed (bio quotes, rate, phone, skill and language adds, photo
// type and size) are checked in the steps' component tests (features/onboarding/basics/
// profile-basics-step.test.tsx, education/education-step.test.tsx for steps 2 and 3); the browser
// shows that the messages appear and stay accessible.
test('an empty Profile Basics submit shows the field messages and the photo toast, accessibly', async ({ page }) => {
  await useFastClock(page);
  await seedAccount(page);
  await openSetup(page);
  await page.getByLabel('First name').fill('');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Profile Photo Required')).toBeVisible();
  for (const message of ['First name is required', 'Country is required', 'Please add at least one language before continuing.'])
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await expectStepAccessible(page);
});

test('reloading after the first step resumes on education with the saved basics filled in', async ({ page }) => {
  await useFastClock(page);
  const { phone } = await createFreelancerAt(page, 'EDUCATION_DETAILS');

  // Opened directly, profile setup goes to the stage's step.
  await page.goto(SETUP);
  await expect(page).toHaveURL(/\?stage=education-and-experience$/, { timeout: 20_000 });
  await expect(page.getByRole('tab', { name: 'Education & Experience', selected: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Work Preference' })).toBeDisabled();

  await page.reload();
  await expect(page.getByRole('tab', { name: 'Education & Experience', selected: true })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('tab', { name: 'Profile Basics', selected: true })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue(BASICS.first);
  await expect(page.getByLabel('Short bio')).toHaveValue(BASICS.bio);
  await expect(page.getByLabel('Occupation')).toHaveValue(BASICS.occupation);
  await expect(page.getByLabel('Hourly rate (USD)')).toHaveValue(BASICS.rate);
  await expect(page.getByLabel('Phone number')).toHaveValue(phone);
  await expect(page.getByLabel('Country')).toHaveText('India');
  await expect(page.getByRole('radio', { name: /^Mid-Exp/ })).toBeChecked();
  await expect(page.getByRole('list', { name: 'Your skills' })).toContainText('React');
  await expect(page.getByRole('list', { name: 'Your languages' })).toContainText('English');
  await expect(page.getByRole('img', { name: 'Your profile' })).toHaveAttribute('src', /\/api\/files\//);
  await expect(page.getByRole('progressbar', { name: 'Profile Basics completion' })).toHaveAttribute('aria-valuenow', '100');

  // A saved photo is kept when the step is saved again without a new one.
  await continueToEducation(page);
});

test('a phone number already used by another freelancer is refused with the spec toast', async ({ page }) => {
  await useFastClock(page);
  // The first owner of the number saved it through the API; this browser then signs in as another.
  const { phone } = await createFreelancerAt(page, 'EDUCATION_DETAILS');
  await seedAccount(page);
  await openSetup(page);
  await fillProfileBasics(page, phone);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Phone number already used')).toBeVisible();
  await expect(page.getByText('Please use different phone number')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Profile Basics', selected: true })).toBeVisible();
});

test('a freelancer who finished setup is sent from profile setup to the dashboard', async ({ page }) => {
  // The finished state comes from the API; the journey through the three steps has its own test.
  await createCompletedFreelancer(page);

  await page.goto('/freelancer/profile-setup?stage=profile-basics');
  await expect(page).toHaveURL(/\/freelancer\/dashboard$/);
  await expect(page.getByRole('heading', { name: "Looks like there's nothing here yet." })).toBeVisible();
});

test('unsaved education entries are kept until the user agrees to leave: the Back button and the tab keys ask first', async ({ page }) => {
  await useFastClock(page);
  await createFreelancerAt(page, 'EDUCATION_DETAILS');
  await openSetup(page, 'Education & Experience');
  await addEducation(page);
  const question = page.getByRole('alertdialog', { name: 'Leave without saving?' });

  // The step's Back button asks; Stay keeps the entry.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(question).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Education & Experience', selected: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Education entries' })).toContainText('Bachelor of Technology');
  // Focus goes back to the button that opened the question (the dialog hands it back a moment
  // after it closes): only then is the tab focused, or the hand-back would take the focus from it.
  await expect(page.getByRole('button', { name: 'Back' })).toBeFocused();

  // An arrow key on the tab list asks too.
  await page.getByRole('tab', { name: 'Education & Experience' }).focus();
  await expect(page.getByRole('tab', { name: 'Education & Experience' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(page.getByRole('tab', { name: 'Education & Experience', selected: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Education entries' })).toContainText('Bachelor of Technology');

  // Leave drops the entry and goes back.
  await page.getByRole('button', { name: 'Back' }).click();
  await question.getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByRole('tab', { name: 'Profile Basics', selected: true })).toBeVisible();
});
