import type { Locator, Page } from '@playwright/test';
import { expect, hydrated, logIn, test, uniqueEmail } from '../support/fixtures.ts';

// Issue 12: with prefers-reduced-motion: reduce nothing moves for longer than ~0.01 s: no animation
// or transition (Tailwind's, the dialogs', the toasts'), checked on an open dialog and a toast. The
// same page without the preference is the control: it does have transitions, so the measure sees them.

const LIMIT_S = 0.01;

/** The longest animation or transition (duration x iterations + delay, in seconds) on `scope` and inside it. */
async function longestMotion(scope: Locator): Promise<number> {
  return scope.evaluate((root) => {
    const seconds = (list: string) =>
      list.split(',').map((t) => (t.trim().endsWith('ms') ? Number.parseFloat(t) / 1000 : Number.parseFloat(t)) || 0);
    let longest = 0;
    for (const el of [root, ...Array.from(root.querySelectorAll('*'))]) {
      for (const pseudo of [null, '::before', '::after']) {
        const s = getComputedStyle(el, pseudo);
        const tDur = seconds(s.transitionDuration);
        const tDelay = seconds(s.transitionDelay);
        tDur.forEach((d, i) => {
          longest = Math.max(longest, d + Math.max(0, tDelay[i % tDelay.length] ?? 0));
        });
        if (s.animationName !== 'none') {
          const aDur = seconds(s.animationDuration);
          const aDelay = seconds(s.animationDelay);
          const count = s.animationIterationCount.split(',').map((c) => (c.trim() === 'infinite' ? Number.POSITIVE_INFINITY : Number(c)));
          aDur.forEach((d, i) => {
            longest = Math.max(longest, d * (count[i % count.length] ?? 1) + Math.max(0, aDelay[i % aDelay.length] ?? 0));
          });
        }
      }
    }
    return longest;
  });
}

/** Animations the browser is running right now (Web Animations API), longer than the limit. */
async function longRunningAnimations(page: Page): Promise<string[]> {
  return page.evaluate(
    (limitMs) =>
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && Number(a.effect?.getComputedTiming().endTime ?? 0) > limitMs)
        .map((a) => `${(a as CSSAnimation).animationName ?? (a as CSSTransition).transitionProperty ?? 'script'}`),
    LIMIT_S * 1000,
  );
}

async function openPartnerDialog(page: Page): Promise<Locator> {
  await page.goto('/');
  // The page is HTML first and its scripts start after the first paint (issue 37): the button works
  // once React owns the page.
  await hydrated(page, 'main h1');
  await page.getByRole('button', { name: 'Talk to us', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Hire vetted talent' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function showLoginToast(page: Page): Promise<Locator> {
  await logIn(page, uniqueEmail('motion'));
  const toast = page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .first();
  await expect(toast).toBeVisible();
  return toast;
}

test.describe('with prefers-reduced-motion: reduce', () => {
  test.use({ reducedMotion: 'reduce' });

  test('an open dialog and its page run no animation or transition longer than 0.01 s', async ({ page }) => {
    const dialog = await openPartnerDialog(page);
    expect(await longestMotion(dialog)).toBeLessThanOrEqual(LIMIT_S);
    expect(await longestMotion(page.locator('body'))).toBeLessThanOrEqual(LIMIT_S);
    expect(await longRunningAnimations(page)).toEqual([]);
  });

  test('a toast appears without an animation or transition longer than 0.01 s', async ({ page }) => {
    const toast = await showLoginToast(page);
    expect(await longestMotion(toast)).toBeLessThanOrEqual(LIMIT_S);
    expect(await longestMotion(page.locator('body'))).toBeLessThanOrEqual(LIMIT_S);
    expect(await longRunningAnimations(page)).toEqual([]);
  });
});

test.describe('without the preference (the control)', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('the same dialog page and toast do have transitions longer than 0.01 s', async ({ page }) => {
    await openPartnerDialog(page);
    expect(await longestMotion(page.locator('body'))).toBeGreaterThan(LIMIT_S);
    const toast = await showLoginToast(page);
    expect(await longestMotion(toast)).toBeGreaterThan(LIMIT_S);
  });
});
