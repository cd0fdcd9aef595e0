import type { APIRequestContext, Page } from '@playwright/test';
import { expect, isPhone, newPerson, test } from '../support/fixtures.ts';

type Album = { id: string; slug: string; title: string; artistCredit: string };

/** Signs a new person up through the API (a page shares its context's cookies) and answers who they are. */
async function signUp(request: APIRequestContext, name: string) {
  const response = await request.post('/api/auth/register', { data: newPerson(name) });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await (await request.get('/api/me')).json()) as { user: { username: string; name: string } }).user;
}

/** A few albums of the catalog whose titles are found once each by search, from a page of it no other test reads. */
async function someAlbums(request: APIRequestContext, count: number, page: number): Promise<Album[]> {
  const items = ((await (await request.get(`/api/albums?sort=title&limit=30&page=${page}`)).json()) as { items: Album[] }).items;
  const titles = items.map((album) => album.title);
  return items.filter((album) => titles.indexOf(album.title) === titles.lastIndexOf(album.title)).slice(0, count);
}

/** On a phone the page is checked at 360 px wide, the narrowest screen the site is laid out for. */
async function narrowOnPhone(page: Page) {
  if (isPhone(page)) await page.setViewportSize({ width: 360, height: 780 });
}

async function choose(page: Page, album: Album) {
  const dialog = page.getByRole('dialog', { name: 'Favorite albums' });
  await dialog.getByRole('searchbox', { name: 'Search for an album' }).fill(album.title);
  // Named by title then artist, so that choosing "Fuzzy" never takes "Fuzzy Logic".
  await dialog
    .getByRole('list', { name: 'Albums found' })
    .getByRole('button', { name: new RegExp(`^${escapeRegExp(album.title)}\\s*${escapeRegExp(album.artistCredit)}`) })
    .first()
    .click();
  await expect(
    dialog.getByRole('list', { name: /^Chosen/ }).getByRole('button', { name: `Remove ${album.title}`, exact: true }),
  ).toBeVisible();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('choosing four favorite albums, reordering and removing one, and seeing them at the top of the profile', async ({ page }) => {
  test.slow();
  await narrowOnPhone(page);
  await signUp(page.request, 'Favorite Chooser');
  const albums = await someAlbums(page.request, 4, 20 + Math.floor(Math.random() * 20));
  expect(albums).toHaveLength(4);

  await page.goto('/profile/me');
  await page.getByRole('button', { name: /Choose your four favorite albums/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Favorite albums' });
  for (const album of albums) await choose(page, album);
  await expect(dialog.getByText('Chosen: 4 of 4')).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText('You have chosen 4. Remove one to choose another.');
  // The fourth goes first.
  for (let times = 0; times < 3; times++) await dialog.getByRole('button', { name: `Move ${albums[3]!.title} up`, exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your favorite albums are saved.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const favourites = page.getByRole('region', { name: 'Favorite albums' });
  const order = [albums[3]!, albums[0]!, albums[1]!, albums[2]!];
  await expect(favourites.getByRole('link')).toHaveCount(4);
  for (const [index, album] of order.entries()) await expect(favourites.getByRole('link').nth(index)).toContainText(album.title);

  // The four sit in one row, inside the screen, on a phone as on a desktop.
  const boxes = await Promise.all([0, 1, 2, 3].map(async (index) => (await favourites.getByRole('listitem').nth(index).boundingBox())!));
  expect(new Set(boxes.map((box) => Math.round(box.y))).size).toBe(1);
  const width = page.viewportSize()!.width;
  expect(Math.max(...boxes.map((box) => box.x + box.width))).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  // A reload shows them as the server renders them, and the editor removes one.
  await page.reload();
  await expect(favourites.getByRole('link')).toHaveCount(4);
  await favourites.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByRole('button', { name: `Remove ${albums[0]!.title}`, exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(favourites.getByRole('link')).toHaveCount(3);
  // The three left, in their order (compared by address: one title may be part of another's).
  for (const [index, album] of [albums[3]!, albums[1]!, albums[2]!].entries())
    await expect(favourites.getByRole('link').nth(index)).toHaveAttribute('href', `/album/${encodeURIComponent(album.slug)}`);

  // Another member sees them on the profile, linking to the album.
  const username = ((await (await page.request.get('/api/me')).json()) as { user: { username: string } }).user.username;
  const other = await page.context().browser()!.newContext();
  const visitor = await other.newPage();
  await narrowOnPhone(visitor);
  await visitor.goto(`/profile/${username}`);
  const theirs = visitor.getByRole('region', { name: 'Favorite albums' });
  await expect(theirs.getByRole('link')).toHaveCount(3);
  await expect(theirs.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await theirs.getByRole('link').first().click();
  await expect(visitor).toHaveURL(new RegExp(`/album/${encodeURIComponent(albums[3]!.slug)}$`));
  await other.close();
});

test('an album page shows who you follow rated it, and the lists containing it that you may see', async ({ page, browser }) => {
  test.slow();
  await narrowOnPhone(page);
  await signUp(page.request, 'Album Visitor');
  const [album] = await someAlbums(page.request, 1, 45 + Math.floor(Math.random() * 15));
  expect(album).toBeDefined();

  const friendContext = await browser.newContext();
  const friend = await signUp(friendContext.request, 'Followed Friend');
  expect((await friendContext.request.put(`/api/albums/${album!.id}/rating`, { data: { rating: 8.5 } })).ok()).toBe(true);
  const shelf = `Rainy day records ${Date.now().toString(36)}`;
  expect((await friendContext.request.post('/api/collections', { data: { name: shelf, albumIds: [album!.id] } })).ok()).toBe(true);
  const strangerContext = await browser.newContext();
  await signUp(strangerContext.request, 'Someone Else');
  const secret = `Nobody else sees this ${Date.now().toString(36)}`;
  expect(
    (await strangerContext.request.post('/api/collections', { data: { name: secret, albumIds: [album!.id], isPrivate: true } })).ok(),
  ).toBe(true);
  expect((await strangerContext.request.put(`/api/albums/${album!.id}/rating`, { data: { rating: 3 } })).ok()).toBe(true);
  await Promise.all([friendContext.close(), strangerContext.close()]);
  expect((await page.request.put(`/api/users/${friend.username}/follow`)).ok()).toBe(true);

  await page.goto(`/album/${album!.slug}`);
  const followed = page.getByRole('region', { name: '1 person you follow rated it' });
  await expect(followed.getByRole('link', { name: new RegExp(friend.name) })).toBeVisible();
  await expect(followed.getByLabel(`${friend.name} rated it 8.5`)).toBeVisible();
  const lists = page.getByRole('region', { name: /^In \d+ lists?$/ });
  await expect(lists.getByRole('link', { name: new RegExp(shelf) })).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);

  await lists.getByRole('link', { name: /^See (the list|all \d+)$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/album/${encodeURIComponent(album!.slug)}/lists$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Lists containing this album' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(shelf) })).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);
});
