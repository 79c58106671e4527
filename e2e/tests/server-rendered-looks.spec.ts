import fs from 'node:fs';
import type { Page, Route } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

// Issue 37: login and sign-up are HTML first. The first paint (the HTML alone, the app's scripts
// held back) must look exactly like the page once React has hydrated it: no jump, no missing part,
// no layout shift when the scripts arrive. Both pictures are attached to the test's report.

const PAGES = [
  { path: '/login', heading: 'Welcome back', field: 'form[name="login"] input[name="password"]' },
  { path: '/signup', heading: 'Create your account', field: 'form[name="signup"] input[name="confirmPassword"]' },
];
const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
];

async function holdScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    (route) => (released ? route.continue() : void held.push(route)),
  );
  return async () => {
    released = true;
    await Promise.all(held.splice(0).map((r) => r.continue()));
  };
}

/** The page as drawn now, once its fonts are in (a font arriving between the pictures is no change). */
async function picture(page: Page) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
}

for (const { path, heading, field } of PAGES) {
  for (const viewport of WIDTHS) {
    test(`${path} at ${viewport.width} px: the first paint looks the same as the hydrated page`, async ({ page }, testInfo) => {
      await page.setViewportSize(viewport);
      const release = await holdScripts(page);
      await page.goto(path, { waitUntil: 'commit' });
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const first = await picture(page);
      await testInfo.attach(`first paint ${viewport.width}`, { body: first, contentType: 'image/png' });
      fs.writeFileSync(testInfo.outputPath('first-paint.png'), first);
      await release();
      await page.waitForFunction((sel) => {
        const el = document.querySelector(sel);
        return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber$'));
      }, field);
      // The same picture once hydrated (a part that loads after hydration gets the time it needs).
      let hydrated = first;
      await expect
        .poll(
          async () => {
            hydrated = await picture(page);
            fs.writeFileSync(testInfo.outputPath('hydrated.png'), hydrated);
            return hydrated.equals(first);
          },
          { message: 'the hydrated page differs from its first paint (see the attached pictures)' },
        )
        .toBe(true);
      await testInfo.attach(`hydrated ${viewport.width}`, { body: hydrated, contentType: 'image/png' });
    });
  }
}
