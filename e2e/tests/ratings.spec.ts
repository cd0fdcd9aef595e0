import type { Page } from '@playwright/test';
import { expect, finishOnboarding, register, test } from '../support/fixtures.ts';

/** Moves within the web app as its links do (history and the router), without loading the page again. */
async function goWithinApp(page: Page, url: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await expect(page).toHaveURL(url);
}

test('rate an album with the mouse and the keyboard, see the average move, then remove the rating', async ({ page, request }) => {
  await register(page);
  await finishOnboarding(page);
  const list = (await (await request.get('/api/albums?sort=title&limit=1&page=7')).json()) as { items: { slug: string; title: string }[] };
  const album = list.items[0]!;
  await page.goto(`/album/${album.slug}`);
  const slider = page.getByRole('slider', { name: `Your rating of ${album.title}` });
  await expect(slider).toHaveAttribute('aria-valuetext', 'Select a rating');

  await slider.scrollIntoViewIfNeeded();
  // The whole page has arrived and its styles and fonts are applied, so the stars no longer move under the finger; the
  // click waits until the slider is still and is the element under the pointer.
  await page.waitForFunction(() => document.readyState !== 'loading');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const box = (await slider.boundingBox())!;
  await slider.click({ position: { x: box.width * 0.78, y: box.height / 2 } });
  await expect(page.getByText('Rated 8.0')).toBeVisible();
  await expect(slider).toHaveAttribute('aria-valuetext', '8.0 – Great');
  await expect(page.locator('p').filter({ hasText: /^1 rating$/ })).toBeVisible();

  await slider.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuetext', '7.5 – Very good');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Rated 7.5')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('slider', { name: `Your rating of ${album.title}` })).toHaveAttribute('aria-valuenow', '7.5');

  await page.goto('/library');
  await expect(page.getByRole('tab', { name: 'Ratings' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(/^Rated 7\.5 on /)).toBeVisible();
  await page.goto(`/album/${album.slug}`);
  await page.getByRole('button', { name: 'Remove rating' }).click();
  await expect(page.getByText('Rating removed')).toBeVisible();
  await expect(page.getByText('No ratings yet')).toBeVisible();
});

test('a star tapped while the page is still starting is kept, shown at once and saved', async ({ page, request }) => {
  await register(page);
  await finishOnboarding(page);
  const list = (await (await request.get('/api/albums?sort=title&limit=1&page=9')).json()) as { items: { slug: string; title: string }[] };
  const album = list.items[0]!;
  // The app's scripts arrive late, as on a slow phone: the page the server rendered is there long before they run.
  let scriptsLate = true;
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    if (scriptsLate) await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue();
  });
  // The page's own goto, which does not wait for the app to take the page over.
  await Object.getPrototypeOf(page).goto.call(page, `/album/${album.slug}`, { waitUntil: 'commit' });
  const slider = page.getByRole('slider', { name: `Your rating of ${album.title}` });
  await expect(slider).toBeVisible();
  expect(await page.locator('html[data-ready]').count()).toBe(0);
  // The whole page has arrived and its styles and fonts are applied, so the stars no longer move under the finger; the
  // click waits until the slider is still and is the element under the pointer.
  await page.waitForFunction(() => document.readyState !== 'loading');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const box = (await slider.boundingBox())!;
  await slider.click({ position: { x: box.width * 0.78, y: box.height / 2 } });
  // Four of five stars fill at once, before the app has the page.
  await expect(slider.locator('[data-fill]')).toHaveAttribute('width', '96');
  expect(await page.locator('html[data-ready]').count()).toBe(0);
  scriptsLate = false;
  await expect(page.getByText('Rated 8.0')).toBeVisible({ timeout: 20_000 });
  await expect(slider).toHaveAttribute('aria-valuenow', '8');
  const state = (await (await page.request.get(`/api/albums/${album.slug}/me`)).json()) as { rating: number | null };
  expect(state.rating).toBe(8);
});

test('like an album and find it in favorites; mark it to listen later', async ({ page, request }) => {
  await register(page);
  await finishOnboarding(page);
  await page.goto('/favorites');
  await expect(page.getByText('No favorites yet')).toBeVisible();
  const list = (await (await request.get('/api/albums?sort=title&limit=1&page=9')).json()) as { items: { slug: string; title: string }[] };
  const album = list.items[0]!;
  await page.goto(`/album/${album.slug}`);
  const like = page.getByRole('button', { name: /^Like/ });
  await like.click();
  await expect(page.getByRole('button', { name: /^Liked/ })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Listen later' }).click();
  await expect(page.getByRole('button', { name: 'On your list' })).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/library');
  await page.getByRole('tab', { name: 'Listen later' }).click();
  await expect(page.locator('main a[href^="/album/"]')).toHaveCount(1);
  await page.goto('/favorites');
  await expect(page.getByRole('link', { name: new RegExp(album.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })).toBeVisible();
});

test('a new rating shows at once in the Library, on your profile and in search, without a reload', async ({ page, request }) => {
  await register(page);
  await finishOnboarding(page);
  const list = (await (await request.get('/api/albums?sort=title&limit=5&page=23')).json()) as { items: { slug: string; title: string }[] };
  const album = list.items.find((item) => item.title.length >= 6) ?? list.items[0]!;
  const search = `/search?q=${encodeURIComponent(album.title)}`;
  // A mark on the window that a reload would wipe.
  await page.evaluate(() => Object.assign(window, { sameVisit: true }));

  // Each page is seen (and cached) before the rating.
  await goWithinApp(page, '/library');
  await expect(page.getByRole('tab', { name: 'Ratings' })).toHaveAttribute('aria-selected', 'true');
  await goWithinApp(page, '/profile/me');
  await expect(page.getByTestId('profile-stat-ratings')).toHaveText('0');
  await goWithinApp(page, search);
  await expect(page.locator('main a[href^="/album/"]', { hasText: album.title }).first()).toBeVisible();

  await goWithinApp(page, `/album/${album.slug}`);
  const slider = page.getByRole('slider', { name: `Your rating of ${album.title}` });
  await slider.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Rated 9.0')).toBeVisible();

  await goWithinApp(page, '/library');
  await expect(page.getByText(/^Rated 9\.0 on /)).toBeVisible();
  await goWithinApp(page, '/profile/me');
  await expect(page.getByTestId('profile-stat-ratings')).toHaveText('1');
  await expect(page.getByRole('tab', { name: 'Collection (1)' })).toBeVisible();
  await expect(page.locator('main a', { hasText: album.title }).first()).toContainText('Your rating: 9.0');
  await goWithinApp(page, search);
  await expect(page.locator('main a[href^="/album/"]', { hasText: album.title }).first()).toContainText('Your rating: 9.0');
  expect(await page.evaluate(() => 'sameVisit' in window)).toBe(true);
});
