import { expect, register, test, usernameOf } from '../support/fixtures.ts';

const REVIEW = 'A record that rewards patience: every listen turns up another small detail worth hearing.';

test('block someone from their review: neither sees the other, until Settings → Privacy unblocks them', async ({ page, browser }) => {
  test.slow();
  const ada = await register(page);
  const benContext = await browser.newContext();
  const ben = await benContext.newPage();
  const benPerson = await register(ben);
  const [adaName, benName] = [await usernameOf(page), await usernameOf(ben)];
  // Ben follows Ada and reviews an album.
  expect((await ben.request.put(`/api/users/${adaName}/follow`)).ok()).toBe(true);
  const albums = (await (await ben.request.get('/api/albums?sort=title&limit=1&page=3001')).json()) as {
    items: { id: string; slug: string }[];
  };
  const album = albums.items[0]!;
  expect((await ben.request.post(`/api/albums/${album.id}/reviews`, { data: { rating: 8, content: REVIEW } })).ok()).toBe(true);

  // Ada blocks Ben from his review on the album page; the review goes.
  await page.goto(`/album/${album.slug}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: benPerson.name, exact: true })).toBeVisible();
  await main.getByRole('button', { name: `More actions for ${benPerson.name}'s review` }).click();
  await page.getByRole('menuitem', { name: `Block @${benName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Block ${benPerson.name}?` });
  await expect(dialog).toContainText('is not told');
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(page.getByText(`You blocked ${benPerson.name}.`)).toBeVisible();
  await expect(main.getByRole('link', { name: benPerson.name, exact: true })).toHaveCount(0);

  // Ada sees only the way to unblock on Ben's profile; for Ben, Ada is not there, and his follow has ended.
  await page.goto(`/profile/${benName}`);
  await expect(page.getByText(`You blocked ${benPerson.name}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Follow' })).toHaveCount(0);
  await ben.goto(`/profile/${adaName}`);
  await expect(ben.getByRole('heading', { name: 'Profile not found' })).toBeVisible();
  await ben.goto(`/profile/${benName}`);
  await expect(ben.getByTestId('profile-stat-following')).toHaveText('0');

  // Settings → Privacy lists Ben, and unblocking brings Ada back for him.
  await page.goto('/settings?tab=privacy');
  const blocked = page.getByRole('region', { name: 'Blocked people' });
  await blocked.getByRole('button', { name: `Unblock ${benPerson.name}` }).click();
  await expect(blocked.getByText('You have not blocked anyone.')).toBeVisible();
  await ben.reload();
  await ben.goto(`/profile/${adaName}`);
  await expect(ben.getByRole('heading', { name: ada.name })).toBeVisible();
  await benContext.close();
});
