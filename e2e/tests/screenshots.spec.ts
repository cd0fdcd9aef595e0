import { expect, test } from '@playwright/test';

/**
 * `npm run screenshots`: the README's pictures of the landing page at phone and desktop size,
 * taken from the real site so they never drift from what people see.
 */
const SIZES = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

for (const size of SIZES) {
  test(`landing page, ${size.name}`, async ({ page }) => {
    await page.setViewportSize(size.viewport);
    await page.emulateMedia({ colorScheme: 'light' });
    // As a returning visitor sees it: the web fonts are shown only when they are there for the first paint
    // (`font-display: optional`), which on a first visit they may not be; the second finds them in the cache.
    await page.goto('/');
    await page.evaluate(() => document.fonts.ready);
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => [...document.fonts].filter((font) => font.status === 'loaded').map((font) => font.family)))
      .toEqual(expect.arrayContaining(['Fraunces Variable', 'Inter Variable']));
    const featured = page.locator('section[aria-labelledby="featured-title"] img');
    await expect(featured).toHaveCount(4);
    // Every picture the screen shows (a phone hides the hero's stack of covers, and so never loads it).
    await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete || !image.checkVisibility()));
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `../docs/screenshots/landing-${size.name}.png` });
  });
}
