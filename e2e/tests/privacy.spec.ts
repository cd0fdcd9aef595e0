import { expect, register, test, usernameOf } from '../support/fixtures.ts';

const REVIEW = 'Late-night music with a long memory: every song leaves the light on for the next one.';

test('make the profile private and a stranger is locked out; followers only turns a follow into a request the owner approves', async ({
  page,
  browser,
}) => {
  test.slow();
  const owner = await register(page);
  const ownerName = await usernameOf(page);
  const album = (
    (await (await page.request.get('/api/albums?sort=title&limit=1&page=3101')).json()) as { items: { id: string; slug: string }[] }
  ).items[0]!;
  expect((await page.request.post(`/api/albums/${album.id}/reviews`, { data: { rating: 9, content: REVIEW } })).ok()).toBe(true);

  // Settings → Privacy: Private.
  await page.goto('/settings?tab=privacy');
  const visibility = page.getByRole('region', { name: 'Profile visibility' });
  await visibility.getByRole('radio', { name: /^Private/ }).check();
  await expect(page.getByText('Profile visibility saved.')).toBeVisible();
  await page.reload();
  await expect(visibility.getByRole('radio', { name: /^Private/ })).toBeChecked();

  // A stranger sees who the owner is and nothing of theirs: no tabs, no review on the album page, not in search.
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await register(stranger);
  await stranger.goto(`/profile/${ownerName}`);
  await expect(stranger.getByRole('heading', { name: owner.name })).toBeVisible();
  await expect(stranger.getByText('This profile is private')).toBeVisible();
  await expect(stranger.getByRole('tab')).toHaveCount(0);
  expect((await stranger.request.get(`/api/users/${ownerName}/ratings`)).status()).toBe(403);
  await stranger.goto(`/album/${album.slug}`);
  await expect(stranger.getByRole('heading', { name: /^Reviews\s*\(0\)$/ })).toBeVisible();
  await expect(stranger.getByText(REVIEW)).toHaveCount(0);
  await stranger.goto(`/search?q=${encodeURIComponent(owner.name)}&type=users`);
  await expect(stranger.getByRole('link', { name: owner.name })).toHaveCount(0);

  // Followers only: the stranger asks to follow; the owner approves in Settings; the profile opens.
  await visibility.getByRole('radio', { name: /^Followers Only/ }).check();
  await expect(page.getByText('Profile visibility saved.')).toBeVisible();
  await stranger.goto(`/profile/${ownerName}`);
  await expect(stranger.getByText('This profile is for followers')).toBeVisible();
  await stranger.getByRole('button', { name: 'Request to Follow' }).click();
  await expect(stranger.getByRole('button', { name: 'Requested' })).toBeVisible();
  await expect(stranger.getByText(/You asked to follow/)).toBeVisible();

  await page.reload();
  const requests = page.getByRole('region', { name: 'Follow requests' });
  const strangerName = (await (await stranger.request.get('/api/me')).json()).user.name as string;
  await requests.getByRole('button', { name: `Approve ${strangerName}` }).click();
  await expect(page.getByText(`${strangerName} follows you now.`)).toBeVisible();
  await expect(requests.getByText('No one is waiting.')).toBeVisible();

  await stranger.reload();
  await expect(stranger.getByRole('button', { name: 'Unfollow' })).toBeVisible();
  await expect(stranger.getByRole('tab', { name: /Ratings/ })).toBeVisible();
  await stranger.goto('/notifications');
  await expect(stranger.getByText(`${owner.name} approved your follow request`)).toBeVisible();
  await strangerContext.close();
});

test('Download my data: the ZIP is gathered in the background, the bell says it is ready, and it downloads', async ({ page }) => {
  await register(page);
  const album = ((await (await page.request.get('/api/albums?sort=title&limit=1&page=3102')).json()) as { items: { id: string }[] })
    .items[0]!;
  expect((await page.request.put(`/api/albums/${album.id}/rating`, { data: { rating: 8.5 } })).ok()).toBe(true);

  await page.goto('/settings?tab=privacy');
  const yourData = page.getByRole('region', { name: 'Your data' });
  await yourData.getByRole('button', { name: 'Download my data' }).click();
  const zipLink = yourData.getByRole('link', { name: /^Download ZIP \(\d+ KB\)$/ });
  await expect(zipLink).toBeVisible();
  await expect(yourData.getByText(/^Available until /)).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), zipLink.click()]);
  expect(download.suggestedFilename()).toMatch(/^hearsay-\d{4}-\d{2}-\d{2}\.zip$/);

  await page.goto('/notifications');
  await expect(page.getByRole('link', { name: /Your data is ready to download/ })).toBeVisible();
});
