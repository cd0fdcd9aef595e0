import type { APIRequestContext, Page, Route } from '@playwright/test';
import { expect, finishOnboarding, register, test } from '../support/fixtures.ts';

async function albumAt(request: APIRequestContext, page: number) {
  const list = (await (await request.get(`/api/albums?sort=title&limit=1&page=${page}`)).json()) as {
    items: { slug: string; title: string }[];
  };
  return list.items[0]!;
}

/** What the server holds for the signed-in member, read through the API with their session. */
async function myRatings(page: Page) {
  return (await (await page.request.get('/api/me/ratings')).json()) as {
    total: number;
    items: { album: { slug: string }; rating: number }[];
  };
}
async function myJournal(page: Page) {
  return (await (await page.request.get('/api/me/journal')).json()) as { total: number };
}

test('a rating made offline waits on the phone, is sent when the connection returns and saved once', async ({ page, context, request }) => {
  await register(page);
  await finishOnboarding(page);
  const album = await albumAt(request, 11);
  await page.goto(`/album/${album.slug}`);
  // The page is taken over, and the code it fetches next (the rating's contract among it) has come, before the network
  // goes: without the service worker (blocked in this spec) nothing fetched offline arrives. The next journey is the
  // member who was quicker than that code.
  await expect(page.locator('html[data-ready]')).toBeAttached();
  await expect(page.getByRole('region', { name: 'Genres & descriptors' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  await context.setOffline(true);
  const slider = page.getByRole('slider', { name: `Your rating of ${album.title}` });
  await slider.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Saved on this device: it will be sent when you are back online.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Waiting to send' })).toBeVisible();
  await expect(slider).toHaveAttribute('aria-valuenow', '10');

  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'Waiting to send' })).toBeHidden();
  await expect.poll(async () => (await myRatings(page)).total).toBe(1);
  const [saved] = (await myRatings(page)).items;
  expect(saved).toMatchObject({ album: { slug: album.slug }, rating: 10 });
  await page.reload();
  await expect(page.getByRole('slider', { name: `Your rating of ${album.title}` })).toHaveAttribute('aria-valuenow', '10');
});

test('offline before the rating’s code has come, the page stays, says the rating was not saved, and takes it once back online', async ({
  page,
  context,
  request,
}) => {
  await register(page);
  await finishOnboarding(page);
  const album = await albumAt(request, 13);
  // The code that sends a rating (its contract) is held back until the connection has gone, and then never comes.
  let connectionGone!: () => void;
  const offline = new Promise<void>((resolve) => (connectionGone = resolve));
  await page.route(/\/assets\/ratings-[\w-]+\.js$/, async (route) => {
    await offline;
    await route.abort('internetdisconnected');
  });
  await page.goto(`/album/${album.slug}`);
  await expect(page.locator('html[data-ready]')).toBeAttached();
  await context.setOffline(true);
  connectionGone();

  const slider = page.getByRole('slider', { name: `Your rating of ${album.title}` });
  await slider.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  // The page is not loaded again into the browser's offline page: it stays, and says what happened.
  await expect(page.getByText('Your rating could not be saved. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/album/${album.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: album.title })).toBeVisible();
  await expect(slider).not.toHaveAttribute('aria-valuenow');
  await expect(page.getByRole('status').filter({ hasText: 'Waiting to send' })).toBeHidden();

  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
  await slider.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Rated 10.0')).toBeVisible();
  await expect.poll(async () => (await myRatings(page)).total).toBe(1);
});

test('a listen and a rating whose answers were lost are sent again with their keys and made once', async ({ page, request }) => {
  await register(page);
  await finishOnboarding(page);
  const album = await albumAt(request, 12);
  await page.goto(`/album/${album.slug}`);

  // The server makes each write, then the connection drops before its answer reaches the phone.
  const handled: string[] = [];
  const loseTheAnswer = async (route: Route) => {
    const response = await route.fetch();
    handled.push(`${route.request().method()} ${response.status()}`);
    await route.abort('connectionreset');
  };
  await page.route('**/api/me/journal', loseTheAnswer);
  await page.route(`**/api/albums/${album.slug}/rating`, loseTheAnswer);

  await page.getByRole('button', { name: 'Log a listen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log a listen' });
  await dialog.getByLabel('Note (optional)').fill('Once, not twice.');
  await dialog.getByRole('button', { name: 'Log listen' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Saved on this device: it will be sent when you are back online.').first()).toBeVisible();

  const slider = page.getByRole('slider', { name: `Your rating of ${album.title}` });
  await slider.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Waiting to send' })).toBeVisible();
  expect(handled).toEqual(['POST 201', 'PUT 200']);
  // The server has both already.
  expect((await myJournal(page)).total).toBe(1);
  expect((await myRatings(page)).total).toBe(1);

  // The app starts again with the answers reaching it: the outbox sends both again, with the keys they were made with.
  await page.unrouteAll({ behavior: 'wait' });
  const resent: (string | null)[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('/api/me/journal') || sent.url().endsWith('/rating')) resent.push(sent.headers()['idempotency-key'] ?? null);
  });
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Waiting to send' })).toBeHidden();
  await expect.poll(() => resent.length).toBe(2);
  expect(resent.every((key) => key !== null && /^"[0-9a-f-]{36}"$/.test(key))).toBe(true);

  expect((await myJournal(page)).total).toBe(1);
  const ratings = await myRatings(page);
  expect(ratings.total).toBe(1);
  expect(ratings.items[0]!.rating).toBe(9.5);
  await page.goto('/library?tab=journal');
  await expect(page.getByText('Once, not twice.')).toHaveCount(1);
});
