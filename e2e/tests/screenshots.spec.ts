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
    await page.goto('/');
    const featured = page.locator('section[aria-labelledby="featured-title"] img');
    await expect(featured).toHaveCount(4);
    await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `../docs/screenshots/landing-${size.name}.png` });
  });
}
