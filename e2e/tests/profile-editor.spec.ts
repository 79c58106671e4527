import { afterRefusedSubmit, expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';
import { STALE_TEXT, expectSectionAccessible, openSection, reopenSection, saveSection } from '../support/profile-editor.ts';
import { createCompletedFreelancer } from '../support/signed-in.ts';
import { addSkill, choose, chooseMonth, pickSuggestion, useFastClock } from '../support/wizard-steps.ts';

// spec: profile-company §2 Freelancer profile editor, §4 Freelancer editor, §5, §8; issue 10 (no lost
// update: a stale save is refused and the section offers a reload). A finished freelancer is made
// without the UI (support/signed-in.ts); each test edits one section, saves it and reads it back
// after a reload. Searches and toasts run on Playwright's clock (the wizard's journey keeps real time).

test.describe.configure({ timeout: 90_000 });
test.beforeEach(({ page }) => useFastClock(page));

test('About Me: the saved names, bio and video come back after a reload, and the top bar shows the new name', async ({ page }) => {
  await createCompletedFreelancer(page);
  const section = await openSection(page, 'About Me');
  await expect(section.getByLabel('First name')).toHaveValue('Asha');
  await expect(section.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await expectSectionAccessible(page);

  await section.getByLabel('First name').fill('Meera');
  await section.getByLabel('Bio').fill('Designer and frontend developer who ships accessible products.');
  // The video fields depend on each other, and the URL must be a YouTube video.
  await section.getByLabel('Video URL').fill('https://example.com/video');
  await section.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(section.getByText('Please enter a valid YouTube URL')).toBeVisible();
  await expect(section.getByText('Video title is required when URL is provided')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'About Me errors shown');
  await afterRefusedSubmit(page);
  await section.getByLabel('Video URL').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await section.getByLabel('Video title').fill('Meet Meera');
  await saveSection(page, section, 'Profile Updated');
  await expect(page.getByRole('button', { name: /Open profile menu/ })).toContainText('Meera Rao');

  const again = await reopenSection(page, 'About Me');
  await expect(again.getByLabel('First name')).toHaveValue('Meera');
  await expect(again.getByLabel('Bio')).toHaveValue('Designer and frontend developer who ships accessible products.');
  await expect(again.getByLabel('Video title')).toHaveValue('Meet Meera');
  await expect(page.getByRole('button', { name: /Open profile menu/ })).toContainText('Meera Rao');
});

test('Skills: Save waits for a change, shows Saving... while saving, and the new skill is there after a reload', async ({ page }) => {
  await createCompletedFreelancer(page);
  const section = await openSection(page, 'Skills');
  const save = section.getByRole('button', { name: 'Save', exact: true });
  await expect(section.getByRole('list', { name: 'Your skills' })).toContainText('React');
  await expect(save).toBeDisabled();
  await expectSectionAccessible(page);

  await addSkill(page, 'Type', 'TypeScript', '2 years');
  // The save is held at the network until the button has been seen saying so.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/freelancer-settings/skills-details', async (route) => {
    if (route.request().method() === 'PUT') await held;
    await route.continue();
  });
  await save.click();
  await expect(section.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  release();
  await expect(page.getByText('Profile Updated', { exact: true })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await page.unroute('**/api/freelancer-settings/skills-details');

  const again = await reopenSection(page, 'Skills');
  await expect(again.getByRole('list', { name: 'Your skills' })).toContainText('TypeScript');
  await expect(again.getByRole('list', { name: 'Your skills' })).toContainText('React');
});

test('Education: an added degree is saved, and the last entry cannot be removed', async ({ page }) => {
  await createCompletedFreelancer(page);
  const section = await openSection(page, 'Education');
  const entries = section.getByRole('list', { name: 'Education entries' });
  await expect(entries.getByRole('listitem')).toHaveCount(1);
  // The only entry stays: its Delete does nothing and says why.
  await entries.getByRole('button', { name: 'Delete Bachelor of Technology' }).press('Enter');
  await expect(entries.getByRole('listitem')).toHaveCount(1);
  await expect(entries.getByRole('button', { name: 'Delete Bachelor of Technology' })).toHaveAttribute('aria-disabled', 'true');

  await section.getByRole('button', { name: /Add new education/ }).click();
  const form = section.getByRole('form', { name: 'New education' });
  await choose(page, 'Degree', 'Master of Science', form);
  await pickSuggestion(page, 'University', 'University of Del', 'University of Delhi');
  await choose(page, 'Graduation year', '2021', form);
  await form.getByRole('button', { name: 'Add education' }).click();
  await expect(entries.getByRole('listitem')).toHaveCount(2);
  await expectSectionAccessible(page);
  await saveSection(page, section, 'Profile Updated');

  const again = await reopenSection(page, 'Education');
  await expect(again.getByRole('list', { name: 'Education entries' })).toContainText('Master of Science');
  await expect(again.getByRole('list', { name: 'Education entries' })).toContainText('Bachelor of Technology');
});

test('Work Experience: a current role picked by month and year is saved and shown as Present', async ({ page }) => {
  await createCompletedFreelancer(page);
  const section = await openSection(page, 'Work Experience');
  await expect(section.getByRole('list', { name: 'Work experience entries' })).toContainText('Jul 2020 – Mar 2023');
  await section.getByRole('button', { name: /Add new experience/ }).click();
  const form = section.getByRole('form', { name: 'New work experience' });
  await form.getByRole('button', { name: 'Add experience' }).click();
  await expect(form.getByText('Start date is required')).toBeVisible();
  await afterRefusedSubmit(page);
  await pickSuggestion(page, 'Job title', 'Front', 'Frontend Developer');
  await form.getByLabel('Company').fill('Acme Studio');
  await chooseMonth(page, form, 'Start', 'April', '2023');
  await form.getByRole('checkbox', { name: 'I currently work here' }).check();
  await expect(form.getByLabel('End month')).toBeDisabled();
  await form.getByRole('button', { name: 'Add experience' }).click();
  await expectSectionAccessible(page);
  await saveSection(page, section, 'Work experience saved successfully');

  const again = await reopenSection(page, 'Work Experience');
  await expect(again.getByRole('list', { name: 'Work experience entries' })).toContainText('Acme Studio · Apr 2023 – Present');
});

test('Certification: a new certificate is saved, raises the completion and is there after a reload', async ({ page }) => {
  await createCompletedFreelancer(page);
  const section = await openSection(page, 'Certification');
  const completion = page.getByRole('progressbar', { name: 'Profile completion' });
  await expect(completion).toBeVisible();
  const before = Number(await completion.getAttribute('aria-valuenow'));

  // No certificate yet: the form is open at once.
  const form = section.getByRole('form', { name: 'New certification' });
  await form.getByRole('button', { name: 'Add certification' }).click();
  await expect(form.getByText('Certification name is required')).toBeVisible();
  await afterRefusedSubmit(page);
  await form.getByLabel('Certification name').fill('AWS Certified Developer');
  await form.getByLabel('Issuing organization').fill('Amazon Web Services');
  await form.getByLabel('Date issued').fill('2024-02-15');
  await form.getByLabel('Credential URL (optional)').fill('https://aws.amazon.com/verification');
  await form.getByRole('button', { name: 'Add certification' }).click();
  await expectSectionAccessible(page);
  await saveSection(page, section, 'Profile Updated');
  await expect.poll(async () => Number(await completion.getAttribute('aria-valuenow'))).toBeGreaterThan(before);

  const again = await reopenSection(page, 'Certification');
  await expect(again.getByRole('list', { name: 'Certification entries' })).toContainText('AWS Certified Developer');
  await expect(again.getByRole('list', { name: 'Certification entries' })).toContainText('Issued 15 Feb 2024');
});

test('Work Preferences: new hours and duration are saved and shown after a reload', async ({ page }) => {
  await createCompletedFreelancer(page);
  const section = await openSection(page, 'Work Preferences');
  await expect(section.getByLabel('Work hours')).toContainText('30+ hours / week');
  await expectSectionAccessible(page);
  await choose(page, 'Work hours', '10-20 hours / week', section);
  await choose(page, 'Project duration', '6+ months', section);
  await saveSection(page, section, 'Work preference updated');

  const again = await reopenSection(page, 'Work Preferences');
  await expect(again.getByLabel('Work hours')).toContainText('10-20 hours / week');
  await expect(again.getByLabel('Project duration')).toContainText('6+ months');
});

test('two tabs: the second save of a section is refused with a clear message, and Reload section shows the first', async ({ page }) => {
  await createCompletedFreelancer(page);
  const first = await openSection(page, 'Skills');
  const other = await page.context().newPage();
  await other.goto('/freelancer/view-profile?section=skills');
  const second = await openSection(other, 'Skills');

  await addSkill(page, 'Type', 'TypeScript', '2 years');
  await saveSection(page, first, 'Profile Updated');

  await addSkill(other, 'Figm', 'Figma', '1 year');
  await second.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(second.getByRole('alert').filter({ hasText: STALE_TEXT })).toBeVisible();
  await expect(second.getByRole('list', { name: 'Your skills' })).toContainText('Figma');
  await expectSectionAccessible(other);

  await second.getByRole('button', { name: 'Reload section' }).click();
  await expect(second.getByRole('list', { name: 'Your skills' })).toContainText('TypeScript');
  await expect(second.getByRole('list', { name: 'Your skills' })).not.toContainText('Figma');
  await expect(second.getByText(STALE_TEXT)).toHaveCount(0);
  await expect(second.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await other.close();
});

test('leaving a section with unsaved changes asks first (menu links and the browser Back); Stay keeps the changes', async ({ page }) => {
  await createCompletedFreelancer(page);
  const section = await openSection(page, 'About Me');
  await section.getByLabel('Last name').fill('Iyer');
  const nav = page.getByRole('navigation', { name: 'Profile sections' });
  await nav.getByRole('link', { name: 'Skills', exact: true }).click();
  const question = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(question).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'leave question open');
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(section.getByLabel('Last name')).toHaveValue('Iyer');
  await expect(nav.getByRole('link', { name: 'About Me', exact: true })).toHaveAttribute('aria-current', 'page');

  await nav.getByRole('link', { name: 'Skills', exact: true }).click();
  await question.getByRole('button', { name: 'Leave' }).click();
  await expect(nav.getByRole('link', { name: 'Skills', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveURL(/\?section=skills$/);

  // The browser's Back with an unsaved skill: asked, and Stay keeps the page and the skill.
  const skills = page.getByRole('region', { name: 'Skills', exact: true });
  await addSkill(page, 'Type', 'TypeScript', '2 years');
  await page.evaluate(() => window.history.back());
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\?section=skills$/);
  await expect(skills.getByRole('list', { name: 'Your skills' })).toContainText('TypeScript');

  await page.evaluate(() => window.history.back());
  await question.getByRole('button', { name: 'Leave' }).click();
  await expect(nav.getByRole('link', { name: 'About Me', exact: true })).toHaveAttribute('aria-current', 'page');
  const about = page.getByRole('region', { name: 'About Me', exact: true });
  await expect(about.getByLabel('Last name')).toHaveValue('Rao');
});
