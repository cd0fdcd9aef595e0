import type { APIRequestContext } from '@playwright/test';
import { expect, newPerson, test } from '../support/fixtures.ts';

type Album = { id: string; title: string };

/** Signs a new person up through the API (a page shares its context's cookies) and answers their username. */
async function signUp(request: APIRequestContext, name: string) {
  const response = await request.post('/api/auth/register', { data: newPerson(name) });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await (await request.get('/api/me')).json()) as { user: { username: string; name: string } }).user;
}

async function rateAll(request: APIRequestContext, albums: Album[], ratings: number[]) {
  for (const [index, album] of albums.entries()) {
    const response = await request.put(`/api/albums/${album.id}/rating`, { data: { rating: ratings[index] } });
    expect(response.ok()).toBe(true);
  }
}

test("taste compatibility on someone's profile: the score, and where you agree and disagree", async ({ page, browser }) => {
  test.slow();
  await signUp(page.request, 'Compatible Listener');
  const albumPage = 60 + Math.floor(Math.random() * 40);
  const albums = ((await (await page.request.get(`/api/albums?sort=title&limit=5&page=${albumPage}`)).json()) as { items: Album[] }).items;
  expect(albums).toHaveLength(5);
  await rateAll(page.request, albums, [8, 8, 8, 8, 8]);

  const other = await browser.newContext();
  const them = await signUp(other.request, 'Other Listener');
  // Four the same and one five points apart: a mean difference of 1 point, so 100 − 20 = 80.
  await rateAll(other.request, albums, [8, 8, 8, 8, 3]);
  const few = await browser.newContext();
  const stranger = await signUp(few.request, 'Few Albums');
  await rateAll(few.request, albums.slice(0, 2), [5, 6]);
  await Promise.all([other.close(), few.close()]);

  await page.goto(`/profile/${them.username}`);
  const card = page.getByRole('region', { name: 'Taste compatibility' });
  await expect(card.getByText(`Taste compatibility with ${them.name}: 80 out of 100`)).toBeAttached();
  await expect(card.getByText('5 albums in common')).toBeVisible();
  await expect(card.getByRole('region', { name: 'You agree on' }).getByRole('listitem')).toHaveCount(4);
  const disagree = card.getByRole('region', { name: 'You disagree on' });
  await expect(disagree.getByRole('link', { name: albums[4]!.title })).toBeVisible();
  await expect(disagree.getByText(`You: 8 · ${them.name}: 3`)).toBeVisible();
  await card.getByRole('button', { name: 'How the score is worked out' }).click();
  await expect(page.getByText(/100 minus 20 points for each point of average difference/)).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto(`/profile/${stranger.username}`);
  await expect(page.getByRole('region', { name: 'Taste compatibility' }).getByText('2 albums in common')).toBeVisible();
  await expect(page.getByText(/Rate a few more albums you both know/)).toBeVisible();

  // Not on your own profile.
  await page.goto('/profile/me');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Taste compatibility' })).toHaveCount(0);
});
