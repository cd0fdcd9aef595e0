import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expect, newPerson, register, test } from '../support/fixtures.ts';

/**
 * Issue 13: at 360 px wide (the narrowest common phone) no page scrolls sideways, and the controls the issue names
 * (Explore's filters, the search tabs, Settings' tabs and Sign Out) are whole on screen, not cut or overlapping.
 */
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

type Album = { id: string; slug: string; title: string };

/** Signs a new person up through the API (the page shares its cookies), so the signed-in pages open. */
async function signUp(request: APIRequestContext) {
  const person = newPerson('Phone Listener');
  const response = await request.post('/api/auth/register', { data: person });
  expect(response.ok(), await response.text()).toBe(true);
  const me = (await (await request.get('/api/me')).json()) as { user: { username: string } };
  return me.user.username;
}

/** Waits for the page to settle: data loaded, skeletons and spinners gone, web fonts in. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect(page.locator('main [aria-busy="true"], main .animate-pulse')).toHaveCount(0);
}

/** The page is no wider than the screen; on failure, names the elements that stick out. */
async function expectNoSideScroll(page: Page, route: string) {
  const overflow = await page.evaluate(() => {
    const root = document.documentElement;
    const offenders = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 80)}`);
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, offenders };
  });
  expect
    .soft(
      overflow.scrollWidth,
      `${route} scrolls sideways (${overflow.scrollWidth} > ${overflow.clientWidth}): ${overflow.offenders.join(', ')}`,
    )
    .toBeLessThanOrEqual(overflow.clientWidth);
}

/** The whole control is on screen and not cut by a scrolling or clipping box around it. */
async function expectWhole(control: Locator, name: string) {
  await expect.soft(control, `${name} is shown`).toBeVisible();
  const cut = await control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    if (box.left < -0.5 || box.right > width + 0.5) return `outside the screen (${box.left}–${box.right} of ${width})`;
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const frame = parent.getBoundingClientRect();
      if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5) return `cut by ${parent.tagName.toLowerCase()}.${parent.className}`;
    }
    return null;
  });
  expect.soft(cut, `${name} is whole`).toBeNull();
}

/** The header's brand and controls are all on screen, side by side without overlapping. */
async function expectHeaderWhole(page: Page, controls: (string | RegExp)[]) {
  const header = page.locator('header');
  const items = [
    { name: 'Brand', locator: header.getByRole('link', { name: 'HEARSAY' }) },
    ...controls.map((name) => ({
      name: `Header: ${String(name)}`,
      locator: header.getByRole(/Sign/.test(String(name)) ? 'link' : 'button', { name }),
    })),
  ];
  let previousRight = -Infinity;
  for (const { name, locator } of items) {
    await expectWhole(locator, name);
    const box = await locator.boundingBox();
    expect.soft(box!.x, `${name} starts after the control before it ends`).toBeGreaterThanOrEqual(previousRight - 0.5);
    previousRight = box!.x + box!.width;
  }
}

/** The phone's search field opens over the whole header without making the page scroll sideways, and closes again. */
async function expectPhoneSearchFits(page: Page) {
  const header = page.locator('header');
  await header.getByRole('button', { name: 'Open search' }).click();
  const field = header.getByRole('combobox', { name: 'Search albums, artists, people and lists' });
  await expect(field).toBeFocused();
  await expectWhole(field, 'Phone search field');
  await expectWhole(header.getByRole('button', { name: 'Close search' }), 'Close search');
  await expectNoSideScroll(page, 'the open phone search');
  await header.getByRole('button', { name: 'Close search' }).click();
  await expect(field).toBeHidden();
}

async function visit(page: Page, route: string) {
  await page.goto(route);
  await settle(page);
  await expectNoSideScroll(page, route);
}

async function someAlbums(request: APIRequestContext, count: number): Promise<Album[]> {
  const page = 100 + Math.floor(Math.random() * 50);
  const response = await request.get(`/api/albums?sort=title&limit=${count}&page=${page}`);
  return ((await response.json()) as { items: Album[] }).items;
}

/** Three people rate the album, so it makes this week's chart (CHART_MIN_RATINGS is 3). */
async function putOnTheChart(browser: Browser, album: Album) {
  for (let index = 0; index < 2; index++) {
    const context = await browser.newContext();
    await signUp(context.request);
    await context.request.put(`/api/albums/${album.id}/rating`, { data: { rating: 7 + index } });
    await context.close();
  }
}

test('public pages fit a 360 px screen', async ({ page }) => {
  test.slow();
  for (const route of [
    '/',
    '/login',
    '/register',
    '/forgot-password',
    '/reset-password?token=nothing',
    '/explore',
    '/trending',
    '/lists',
    '/search',
    '/search?q=the',
    '/terms',
    '/privacy',
    '/no-such-page',
  ]) {
    await visit(page, route);
  }

  await visit(page, '/explore');
  const genre = page.getByLabel('Genre');
  const decade = page.getByLabel('Decade');
  await expectWhole(genre, 'Explore: Genre');
  await expectWhole(decade, 'Explore: Decade');
  const [genreBox, decadeBox] = [await genre.boundingBox(), await decade.boundingBox()];
  expect.soft(genreBox!.x + genreBox!.width, 'Genre ends before Decade starts').toBeLessThanOrEqual(decadeBox!.x + 0.5);

  await visit(page, '/search?q=the');
  for (const name of ['Albums', 'Artists', 'Users', 'Collections']) {
    await expectWhole(page.getByRole('tab', { name: new RegExp(`^${name}`) }), `Search tab ${name}`);
  }

  await visit(page, '/trending');
  await expectHeaderWhole(page, ['Open search', 'Sign in', 'Sign up', 'Open menu']);
  await expectPhoneSearchFits(page);
});

test('signed-in pages fit a 360 px screen', async ({ page, browser }) => {
  test.slow();
  const username = await signUp(page.request);
  const [album, second] = await someAlbums(page.request, 2);
  await page.request.put(`/api/albums/${album!.id}/rating`, { data: { rating: 8.5 } });
  await page.request.put(`/api/albums/${second!.id}/rating`, { data: { rating: 6 } });
  await putOnTheChart(browser, album!);
  const review = await page.request.post(`/api/albums/${album!.id}/reviews`, {
    data: {
      rating: 8.5,
      // A title that wraps at spaces, and a word with no break in it at all, which must wrap too.
      title: 'A title that wraps on a phone, and Sooooooooooooooooooooooooooooooooooooooooooooo good',
      content: '<p>Late-night music that never hurries: the bass carries the songs and the silences carry the rest.</p>',
    },
  });
  expect(review.status()).toBe(201);
  const { id: reviewId } = (await review.json()) as { id: string };
  const collection = await page.request.post('/api/collections', {
    data: { name: 'Records for a long train journey', description: 'Put on in order.', albumIds: [album!.id, second!.id] },
  });
  expect(collection.status()).toBe(201);
  const { id: collectionId } = (await collection.json()) as { id: string };
  const albumDetail = (await (await page.request.get(`/api/albums/${album!.id}`)).json()) as { artists: { slug: string }[] };

  const routes = [
    '/',
    '/onboarding',
    '/discover',
    '/trending',
    `/album/${album!.slug}`,
    `/artist/${albumDetail.artists[0]!.slug}`,
    `/review/${reviewId}`,
    `/lists/${collectionId}`,
    '/lists',
    `/profile/${username}`,
    '/library',
    '/library?tab=journal',
    '/library?tab=played',
    '/library?tab=reviews',
    '/library?tab=listenLater',
    '/favorites',
    '/messages',
    ...['account', 'notifications', 'privacy', 'appearance', 'connected', 'listening', 'security'].map((tab) => `/settings?tab=${tab}`),
  ];
  for (const route of routes) await visit(page, route);

  await visit(page, '/trending');
  const rows = page.getByRole('list', { name: 'This week' }).getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  await expectWhole(rows.first(), 'Trending row');

  await visit(page, '/settings');
  for (const name of ['Account', 'Notifications', 'Privacy', 'Appearance', 'Connected Accounts', 'Listening', 'Security']) {
    await expectWhole(page.getByRole('tab', { name, exact: true }), `Settings tab ${name}`);
  }
  await expectWhole(page.getByRole('button', { name: 'Sign Out' }), 'Settings: Sign Out');

  await visit(page, '/trending');
  await expectHeaderWhole(page, ['Open search', 'Write a review', /^Account menu for /, 'Open menu']);
  await expectPhoneSearchFits(page);
});

/** Nothing else is drawn over the middle of the element (its own children aside). */
async function expectUncovered(target: Locator, name: string) {
  const coveredBy = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    for (const [x, y] of [
      [box.left + 2, box.top + box.height / 2],
      [box.left + box.width / 2, box.top + box.height / 2],
    ]) {
      const top = document.elementFromPoint(x!, y!);
      if (top && !element.contains(top)) return `${top.tagName.toLowerCase()}.${String(top.className).slice(0, 80)}`;
    }
    return null;
  });
  expect.soft(coveredBy, `${name} is not covered`).toBeNull();
}

test('messages, a new list in the feed, the landing comparison and an album page fit a phone (#63)', async ({ page, browser }) => {
  test.slow();
  const username = await signUp(page.request);
  const friendContext = await browser.newContext();
  const friend = await signUp(friendContext.request);
  expect((await page.request.put(`/api/users/${friend}/follow`)).ok()).toBe(true);
  expect((await friendContext.request.put(`/api/users/${username}/follow`)).ok()).toBe(true);
  const [album, second] = await someAlbums(page.request, 2);
  const listTitle = 'Records for a long train journey home';
  const list = await friendContext.request.post('/api/collections', { data: { name: listTitle, albumIds: [album!.id, second!.id] } });
  expect(list.status()).toBe(201);
  const opened = await friendContext.request.post('/api/conversations', { data: { username } });
  expect(opened.ok()).toBe(true);
  const { id: conversationId } = (await opened.json()) as { id: string };
  const sent = await friendContext.request.post(`/api/conversations/${conversationId}/messages`, {
    data: { body: 'Have you heard this one yet? It is the record I kept telling you about on the train, all of it, twice.' },
  });
  expect(sent.ok()).toBe(true);
  await friendContext.close();

  // A conversation whose last message is longer than the row is cut, not widening the page.
  await visit(page, '/messages');
  await expect(page.getByTestId('conversation-list').getByRole('link')).toHaveCount(1);
  await expectNoSideScroll(page, '/messages with a conversation');

  // The new list's title is whole and no cover sits on it.
  await visit(page, '/');
  const title = page.getByRole('main').getByText(listTitle, { exact: true });
  await expectWhole(title, 'The new list in the feed');
  await expectUncovered(title, 'The new list in the feed');

  // The album page: the rating control is on the first screen, above the bottom bar.
  await visit(page, `/album/${album!.slug}`);
  const slider = page.getByRole('region', { name: 'Your Rating' }).getByRole('slider');
  await expect(slider).toBeVisible();
  const [sliderBox, bar] = [await slider.boundingBox(), await page.getByRole('navigation', { name: 'Primary' }).boundingBox()];
  expect.soft(sliderBox!.y + sliderBox!.height, 'the rating control is above the bottom bar without scrolling').toBeLessThanOrEqual(bar!.y);

  // Every column of the landing comparison is in view, none scrolled away inside its box.
  const visitor = await browser.newPage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  await visitor.goto('/');
  const table = visitor.getByRole('table', { name: 'Break the Algorithm Loop' });
  await table.scrollIntoViewIfNeeded();
  for (const name of ['Feature', 'Hearsay', 'Streaming services']) {
    await expectWhole(table.getByRole('columnheader', { name }), `Comparison column ${name}`);
  }
  await visitor.close();
});

test('the correction dialog fits a phone (#68)', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await register(page);
  await page.goto('/album/charli-xcx-brat');
  await page.getByRole('button', { name: 'Suggest a correction' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suggest a correction' });
  await expect(dialog.getByLabel('Title')).toHaveValue('Brat');
  await dialog.getByRole('button', { name: 'Send suggestion' }).scrollIntoViewIfNeeded();
  await expect(dialog.getByRole('button', { name: 'Send suggestion' })).toBeInViewport();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
});
