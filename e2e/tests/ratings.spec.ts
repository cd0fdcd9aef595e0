import { expect, finishOnboarding, register, test } from '../support/fixtures.ts';

test('rate an album with the mouse and the keyboard, see the average move, then remove the rating', async ({ page, request }) => {
  await register(page);
  await finishOnboarding(page);
  const list = (await (await request.get('/api/albums?sort=title&limit=1&page=7')).json()) as { items: { slug: string; title: string }[] };
  const album = list.items[0]!;
  await page.goto(`/album/${album.slug}`);
  const slider = page.getByRole('slider', { name: `Your rating of ${album.title}` });
  await expect(slider).toHaveAttribute('aria-valuetext', 'Select a rating');

  await slider.scrollIntoViewIfNeeded();
  const box = (await slider.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.78, box.y + box.height / 2);
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
