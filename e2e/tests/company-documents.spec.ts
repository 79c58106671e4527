import type { APIRequestContext, Page } from '@playwright/test';
import { PASSWORD, expect, expectNoSeriousA11yViolations, test, uniqueEmail, uniqueLetters } from '../support/fixtures.ts';
import { createCompany } from '../support/signed-in.ts';
import { choose } from '../support/wizard-steps.ts';

// Manual (document) verification, issue 11, with CLIENT_ACCOUNTS=on (playwright.config.ts): a
// company submits documents, sees the 'Documents Submitted' modal and the pending review; an
// operator's rejection (through the API) shows with its reason; the company submits again.

const PDF = {
  name: 'registration-certificate.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'),
};

/** An operator made by the seeding route (its own request context: the page keeps the company's session). */
async function operatorToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/test-seed/account', {
    headers: { 'x-test-seed-secret': process.env.E2E_SEED_SECRET ?? '' },
    data: {
      firstName: 'Omar',
      lastName: 'Reviewer',
      emailId: uniqueEmail('operator'),
      password: PASSWORD,
      userType: 'freelancer',
      company: '',
      operator: true,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).accessToken as string;
}

async function submitDocumentsThroughTheForm(page: Page, beforeSubmit?: () => Promise<void>) {
  await page.getByRole('radio', { name: /Submit documents/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Business Registration Number').fill('04-3544210');
  await choose(page, 'Document Type', 'Company Registration Certificate');
  await expect(page.getByLabel('Country', { exact: true })).toContainText('United States');
  await page.locator('input[type="file"]').setInputFiles(PDF);
  await expect(page.getByText(PDF.name)).toBeVisible();
  await beforeSubmit?.();
  await page.getByRole('button', { name: 'Submit Documents' }).click();
  const modal = page.getByRole('dialog', { name: 'Documents Submitted' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(
    'Our team will review your documents within 24 hours. Once verified, you can start hiring freelancers.',
  );
  await expect(modal.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute('href', '/company/Home');
  return modal;
}

test.describe.configure({ timeout: 180_000 });

test('a company submits documents, sees them under review, then a rejection with its reason, and submits again', async ({
  page,
  request,
}) => {
  const companyName = `Acme Labs ${uniqueLetters()}`;
  await createCompany(page, { company: companyName, basics: {} });

  await page.goto('/company/profile-setup?tab=verification');
  await expect(page.getByText('Not verified yet', { exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Submit documents/ })).toBeEnabled();

  // The form's own checks: nothing is sent without a file.
  await page.getByRole('radio', { name: /Submit documents/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Submit Documents' }).click();
  await expect(page.getByText('Registration number is required')).toBeVisible();
  await expect(page.getByText('Document type is required')).toBeVisible();
  await expect(page.getByText('Document file is required')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'documents form with errors');
  await page.getByRole('button', { name: 'Back' }).click();

  // The form opens from the company's cached details and refetches them. Held until the form is
  // filled, the refetch's answer must not reset what the company typed and picked.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/company/profile-basics', async (route) => {
    await held;
    await route.continue();
  });
  const modal = await submitDocumentsThroughTheForm(page, async () => {
    const refetched = page.waitForResponse('**/api/company/profile-basics');
    release();
    await refetched;
    await page.unroute('**/api/company/profile-basics');
    await expect(page.getByLabel('Business Registration Number')).toHaveValue('04-3544210');
  });
  await expectNoSeriousA11yViolations(page, 'documents submitted modal');
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Documents under review' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Submit documents/ })).toBeDisabled();
  await expect(page.getByRole('radio', { name: /Instant verification/ })).toBeChecked();
  await expectNoSeriousA11yViolations(page, 'pending review');

  // An operator rejects the submission through the review API.
  const operator = { authorization: `Bearer ${await operatorToken(request)}` };
  const pending = await request.get('/api/operator/verification-submissions', { headers: operator });
  expect(pending.status()).toBe(200);
  const submission = ((await pending.json()).submissions as Array<{ id: string; companyName: string }>).find(
    (s) => s.companyName === companyName,
  );
  expect(submission).toBeTruthy();
  const reason = 'The certificate is unreadable: please upload a clearer scan.';
  const rejected = await request.post(`/api/operator/verification-submissions/${submission?.id}/reject`, {
    headers: operator,
    data: { reason },
  });
  expect(rejected.status(), await rejected.text()).toBe(200);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Documents not accepted' })).toBeVisible();
  await expect(page.getByText(reason)).toBeVisible();
  await expect(page.getByRole('radio', { name: /Submit documents/ })).toBeEnabled();
  await expectNoSeriousA11yViolations(page, 'rejected with the reason');

  const again = await submitDocumentsThroughTheForm(page);
  await again.getByRole('link', { name: 'Return to Dashboard' }).click();
  await expect(page).toHaveURL(/\/company\/Home$/);
  // The home's verification panel tells the company its documents are being reviewed.
  await expect(page.getByRole('heading', { name: 'Documents under review' })).toBeVisible();
  await page.goto('/company/profile-setup?tab=verification');
  await expect(page.getByRole('heading', { name: 'Documents under review' })).toBeVisible();
});
