import { test } from '../support/fixtures.ts';
import { PASSWORD, uniqueEmail } from '../support/fixtures.ts';
import { readCode } from '../support/mail.ts';

// Temporary (engineer G): screenshots of the company screens; deleted after looking at them.
test.describe.configure({ timeout: 240_000 });
for (const width of [1440, 375]) {
  test(`company shots at ${width}`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 812 });
    const email = uniqueEmail('shots');
    const api = page.request;
    await api.post('/api/user/register', { data: { firstName: 'Maya', lastName: 'Iyer', emailId: email, password: PASSWORD, userType: 'client', company: 'Acme Labs' } });
    await api.post('/api/otp/verify', { data: { email, otp: await readCode(email), purpose: 'registration' } });
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(/company\/Home/);
    await page.getByRole('dialog').waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/gshots/${width}-home-welcome.png`, fullPage: true });
    await page.getByRole('button', { name: 'Skip for Now' }).click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/gshots/${width}-home.png`, fullPage: true });
    await page.goto('/company/profile-setup');
    await page.getByLabel('Company Name').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/gshots/${width}-basics-errors.png`, fullPage: true });
    await page.goto('/company/profile-setup?tab=contact');
    await page.getByLabel('Email Address').fill('x@acme.example');
    await page.getByLabel('Profile URL').fill('https://x.com/acme');
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/gshots/${width}-contact.png`, fullPage: true });
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByRole('button', { name: 'Confirm code' }).waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/gshots/${width}-contact-code.png`, fullPage: true });
    const login = await (await api.post('/api/auth/login', { data: { email, password: PASSWORD } })).json();
    const headers = { authorization: `Bearer ${login.accessToken}` };
    await api.put('/api/company/profile-basics', { headers, data: { companyName: 'Acme Labs', industry: 'Information Technology', companySize: 'small-business', country: 'IN', aboutCompany: 'We build hiring tools for remote teams across India and Europe.', websiteUrl: 'https://acme.example' } });
    await api.put('/api/company/contact', { headers, data: { email: 'hello@acme.example', country: 'IN', address: '1 MG Road, Bengaluru 560001', phoneCountryCode: '+91', phoneNumber: '9876543210', socials: [{ platform: 'LinkedIn', url: 'https://www.linkedin.com/company/acme-labs-india' }, { platform: 'GitHub', url: 'https://github.com/acme' }] } });
    const fs = await import('node:fs');
    await api.post('/api/company/logo', { headers, multipart: { logo: { name: 'logo.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync('e2e/fixtures/avatar.jpg') } } });
    await page.goto('/company/profile-setup');
    await page.getByRole('img', { name: 'Company logo' }).waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/gshots/${width}-basics-filled.png`, fullPage: true });
    await page.goto('/company/profile-setup?tab=contact');
    await page.getByText('https://github.com/acme').waitFor();
    await page.getByRole('button', { name: 'Edit GitHub link' }).click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/gshots/${width}-contact-filled.png`, fullPage: true });
    await page.goto('/company/profile-setup?tab=verification');
    await page.getByText('Not verified yet').waitFor();
    await page.screenshot({ path: `/tmp/gshots/${width}-verification.png`, fullPage: true });
  });
}
