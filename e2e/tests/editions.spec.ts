import type { Page } from '@playwright/test';
import { expect, finishOnboarding, isPhone, register, test } from '../support/fixtures.ts';

/** On the phone pass, the narrowest phone the site is laid out for. */
async function narrowest(page: Page) {
  if (isPhone(page)) await page.setViewportSize({ width: 360, height: 780 });
}

/** Nothing runs off the side of the screen. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * The stand-in MusicBrainz (server/test/fixtures/musicbrainz) holds 26 releases of The Dark Side of the Moon, which
 * the starter catalog links to its release group: the album page lists them as its editions, and a member says which
 * one is theirs. The same journey on a phone's 360 px.
 */
test('a member opens an album’s editions, says which one they own and on what, and finds it in their library', async ({ page }) => {
  test.slow();
  await narrowest(page);
  await register(page);
  await finishOnboarding(page);
  await page.goto('/album/pink-floyd-the-dark-side-of-the-moon');
  const main = page.getByRole('main');
  const section = main.getByRole('region', { name: 'Editions' });
  const toggle = section.getByRole('button', { name: 'Editions' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');

  // Fetched by a job the first time anyone opens them; the panel asks again until they are there.
  const editions = section.getByRole('list', { name: 'Editions of this album' });
  await expect(editions.getByRole('listitem')).toHaveCount(26, { timeout: 30_000 });
  const firstPressing = editions.getByRole('listitem').filter({ hasText: 'SHVL 804' });
  await expect(firstPressing).toContainText('Mar 24, 1973');
  await expect(firstPressing).toContainText('United Kingdom');
  await expect(firstPressing).toContainText('12" Vinyl');
  await expect(firstPressing).toContainText('Harvest SHVL 804 · 10 tracks');
  await expect(editions.getByRole('listitem').filter({ hasText: 'Cassette' })).toHaveCount(1);
  expect(await overflow(page)).toBeLessThanOrEqual(0);

  const own = firstPressing.getByRole('button', { name: /^I own this edition: Mar 24, 1973 · United Kingdom, 12" Vinyl$/ });
  await own.click();
  await expect(page.getByText('Saved: this edition is yours.')).toBeVisible();
  await expect(own).toHaveAttribute('aria-pressed', 'true');
  await expect(own).toHaveText('Your copy');
  await expect(section.getByLabel('In your collection')).toHaveValue('owned');
  await section.getByLabel('Medium').selectOption('Vinyl');
  await expect(page.getByText('Saved to your collection.')).toBeVisible();

  // Reloaded, the page remembers it.
  await page.reload();
  await main.getByRole('region', { name: 'Editions' }).getByRole('button', { name: 'Editions' }).click();
  await expect(main.getByRole('button', { name: /^I own this edition: Mar 24, 1973/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(main.getByLabel('Medium')).toHaveValue('Vinyl');

  await page.goto('/library?tab=collection');
  const entry = page.getByRole('main').getByText('Vinyl — Edition: 1973 · GB · 12" Vinyl');
  await expect(entry).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await expect(
    page
      .getByRole('main')
      .getByRole('link', { name: /The Dark Side of the Moon/ })
      .first(),
  ).toBeVisible();
});

test('a visitor sees the editions and no ownership controls', async ({ page }) => {
  await page.goto('/album/pink-floyd-the-dark-side-of-the-moon');
  const section = page.getByRole('main').getByRole('region', { name: 'Editions' });
  await section.getByRole('button', { name: 'Editions' }).click();
  await expect(section.getByRole('list', { name: 'Editions of this album' }).getByRole('listitem')).toHaveCount(26, { timeout: 30_000 });
  await expect(section.getByRole('button', { name: /I own this/ })).toHaveCount(0);
  await expect(section.getByLabel('In your collection')).toHaveCount(0);
});
