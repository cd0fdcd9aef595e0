import { expect, finishOnboarding, register, test } from '../support/fixtures.ts';

test('a profile with nothing in it: every tab says so, with owner hints only for the owner', async ({ page }) => {
  await register(page);
  await page.goto('/profile/me');
  await expect(page.getByText('No bio available')).toBeVisible();
  await expect(page.getByText(/^Member since \d{4}$/).or(page.getByText(/Member since \d{4}/))).toBeVisible();
  await expect(page.getByText('No rated albums yet')).toBeVisible();
  await expect(page.getByText('Start rating albums to build your collection')).toBeVisible();
  await page.getByRole('tab', { name: 'Lists' }).click();
  await expect(page.getByText('No collections yet')).toBeVisible();
  await expect(page.getByText('Create your first collection to organize your favorite albums')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Collection' })).toBeVisible();
  await page.getByRole('tab', { name: 'Ratings' }).click();
  await expect(page.getByText('No ratings yet').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Followers' }).click();
  await expect(page.getByText('No followers yet.')).toBeVisible();
  await page.goto('/profile/guest');
  await expect(page.getByRole('heading', { name: 'Profile not found' })).toBeVisible();
});

test('follow someone and see both counts change; their tabs show their data, without owner controls', async ({ page, browser }) => {
  const rater = await register(page);
  await finishOnboarding(page);
  const list = (await (await page.request.get('/api/albums?sort=title&limit=2&page=40')).json()) as {
    items: { id: string; title: string }[];
  };
  for (const [index, album] of list.items.entries()) {
    await page.request.put(`/api/albums/${album.id}/rating`, { data: { rating: 8 + index } });
  }
  const me = (await (await page.request.get('/api/me')).json()).user as { username: string };
  expect(rater.name).toBeTruthy();

  const fanContext = await browser.newContext();
  const fan = await fanContext.newPage();
  await register(fan);
  await fan.goto(`/profile/${me.username}`);
  await expect(fan.getByTestId('profile-stat-followers')).toHaveText('0');
  await expect(fan.getByTestId('profile-stat-ratings')).toHaveText('2');
  await fan.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(fan.getByRole('button', { name: 'Unfollow' })).toBeVisible();
  await expect(fan.getByTestId('profile-stat-followers')).toHaveText('1');
  await expect(fan.getByRole('tab', { name: 'Collection (2)' })).toBeVisible();
  await expect(fan.getByText(list.items[0]!.title).first()).toBeVisible();
  await fan.getByLabel('Sort').selectOption('rating');
  await expect(fan.locator('main a', { hasText: list.items[1]!.title }).first()).toBeVisible();
  await fan.getByRole('tab', { name: 'Ratings' }).click();
  await expect(fan.getByRole('figure', { name: 'Rating distribution' })).toBeVisible();
  await fan.getByRole('tab', { name: 'Lists' }).click();
  await expect(fan.getByText('No collections yet')).toBeVisible();
  await expect(fan.getByRole('button', { name: 'Create Collection' })).toHaveCount(0);
  await expect(fan.getByText('Create your first collection to organize your favorite albums')).toHaveCount(0);
  await fanContext.close();

  await page.goto('/profile/me?tab=followers');
  await expect(page.getByTestId('profile-stat-followers')).toHaveText('1');
  await expect(page.getByRole('region', { name: 'Followers (1)' }).getByRole('listitem')).toHaveCount(1);
});

test("someone else's ratings on their profile are labelled as theirs, never as yours", async ({ page, browser }) => {
  const rater = await register(page);
  await finishOnboarding(page);
  const album = (
    (await (await page.request.get('/api/albums?sort=title&limit=1&page=55')).json()) as { items: { id: string; title: string }[] }
  ).items[0]!;
  await page.request.put(`/api/albums/${album.id}/rating`, { data: { rating: 8 } });
  const me = (await (await page.request.get('/api/me')).json()).user as { username: string };

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await register(visitor);
  await visitor.goto(`/profile/${me.username}`);
  const card = visitor.locator('main a', { hasText: album.title }).first();
  await expect(card).toContainText(`${rater.name}'s rating: 8.0`);
  await expect(visitor.locator('main')).not.toContainText('Your rating');
  await visitorContext.close();

  await page.goto('/profile/me');
  await expect(page.locator('main a', { hasText: album.title }).first()).toContainText('Your rating: 8.0');
});
