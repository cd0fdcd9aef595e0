import type { Browser, Page } from '@playwright/test';
import { expect, followEachOther, register, test, usernameOf } from '../support/fixtures.ts';

/**
 * Public pages come from the server already rendered with their data: they read (and their links work) before any
 * script runs, and the app then takes them over without rendering them again.
 */

const ALBUM = '/album/pink-floyd-the-dark-side-of-the-moon';

/** A browser that runs no scripts, optionally with someone's cookies. */
async function withoutScripts(browser: Browser, from?: Page) {
  const storageState = from ? await from.context().storageState() : undefined;
  const context = await browser.newContext({ javaScriptEnabled: false, storageState });
  return { page: await context.newPage(), close: () => context.close() };
}

/** Errors the page logs: a hydration mismatch is one (React reports it, then renders the page again). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('pages rendered on the server', () => {
  test('read, with their data and working links, before any script runs', async ({ browser }) => {
    const { page, close } = await withoutScripts(browser);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Discover music through people, not algorithms' })).toBeVisible();

    await page.goto(ALBUM);
    await expect(page.getByRole('heading', { level: 1, name: 'The Dark Side of the Moon' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Money' })).toBeVisible();
    await page.getByRole('link', { name: 'Pink Floyd' }).first().click();
    await expect(page).toHaveURL(/\/artist\/pink-floyd$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pink Floyd' })).toBeVisible();

    await page.goto('/search?q=dark%20side%20moon');
    await expect(page.getByRole('link', { name: /The Dark Side of the Moon/ }).first()).toBeVisible();
    await expect(page).toHaveTitle('dark side moon · Search · Hearsay');

    // A chart is described by its link preview (decision 081): the title names the slice.
    await page.goto('/trending');
    await expect(page.getByRole('heading', { level: 1, name: 'Trending' })).toBeVisible();
    await expect(page).toHaveTitle('Top albums, rated this week — Hearsay charts');
    for (const [path, title] of [
      ['/explore', 'Explore'],
      ['/lists', 'Lists'],
    ]) {
      await page.goto(path!);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      // Titled as the screen is, for search engines and the browser tab, though no link preview describes it.
      await expect(page).toHaveTitle(`${title} · Hearsay`);
    }
    // A signed-in-only page is not rendered for a visitor: the app (with scripts) sends them to sign in.
    await page.goto('/library');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    await close();
  });

  test('come in the reader’s language', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto('/search?q=floyd');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Suche' })).toBeVisible();
    await context.close();
  });

  test('a profile comes rendered for its member, and for a visitor while public; a closed one asks a visitor to sign in', async ({
    page,
    browser,
  }) => {
    const person = await register(page);
    const username = await usernameOf(page);
    const { page: reader, close } = await withoutScripts(browser, page);
    await reader.goto(`/profile/${username}`);
    await expect(reader.getByRole('heading', { level: 1, name: person.name })).toBeVisible();
    await close();

    const { page: visitor, close: leave } = await withoutScripts(browser);
    await visitor.goto(`/profile/${username}`);
    await expect(visitor.getByRole('heading', { level: 1, name: person.name })).toBeVisible();
    await expect(visitor.getByRole('tab', { name: /Lists/ })).toBeVisible();
    await leave();

    expect((await page.request.put('/api/me/visibility', { data: { visibility: 'followers' } })).ok()).toBe(true);
    const context = await browser.newContext();
    const stranger = await context.newPage();
    await stranger.goto(`/profile/${username}`);
    await expect(stranger).toHaveURL(`/login?redirect=${encodeURIComponent(`/profile/${username}`)}`);
    await context.close();
  });

  test('a member’s notifications and messages come rendered for them, and read before any script runs', async ({ page, browser }) => {
    await register(page);
    const benContext = await browser.newContext();
    const ben = await benContext.newPage();
    const benPerson = await register(ben);
    const [adaName] = await followEachOther(page, ben);
    const opened = await ben.request.post('/api/conversations', { data: { username: adaName } });
    expect(opened.ok(), await opened.text()).toBe(true);
    const { id } = (await opened.json()) as { id: string };
    const sent = await ben.request.post(`/api/conversations/${id}/messages`, { data: { body: 'Side two, first song: listen loud.' } });
    expect(sent.ok(), await sent.text()).toBe(true);
    await benContext.close();

    const { page: reader, close } = await withoutScripts(browser, page);
    await reader.goto('/notifications');
    await expect(reader.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(reader.getByRole('list', { name: 'Notifications' }).getByText(`${benPerson.name} followed you`)).toBeVisible();
    await reader.goto(`/messages/${id}`);
    await expect(
      reader.getByRole('list', { name: `Messages with ${benPerson.name}` }).getByText('Side two, first song: listen loud.'),
    ).toBeVisible();
    await expect(reader.getByRole('link', { name: new RegExp(benPerson.name) }).first()).toBeVisible();
    await close();

    // With scripts, the app takes them over without a mismatch, and reading the thread is still the read receipt.
    const errors = collectErrors(page);
    await page.goto(`/messages/${id}`);
    await expect(page.getByRole('textbox', { name: `Message ${benPerson.name}` })).toBeVisible();
    await expect
      .poll(async () => ((await (await page.request.get('/api/conversations/unread')).json()) as { conversations: number }).conversations)
      .toBe(0);
    await page.goto('/notifications');
    await expect(page.getByRole('button', { name: 'Mark all read' })).toBeEnabled();
    expect(errors).toEqual([]);
  });

  test('are rendered once, their data fetched before the render, for a visitor and for a member', async ({ page }) => {
    // The Server-Timing header counts the renders; a second one means the page asked for data fetched only then.
    const renderedOnce = async (path: string) => {
      const answer = await page.request.get(path);
      expect(answer.headers()['server-timing'], path).toMatch(/^render;dur=[\d.]+;desc="1 pass"$/);
      return answer.text();
    };
    const pages = ['/', '/artist/pink-floyd', '/trending', '/explore?sort=rating', '/lists', '/about/catalog'];
    // A member's search also offers MusicBrainz's albums when the catalog has few: a second pass, after the results.
    for (const path of [...pages, '/search?q=floyd']) await renderedOnce(path);
    expect(await renderedOnce(ALBUM)).not.toContain('Listen later');
    await register(page);
    // A member's own screens too: their notifications and their messages.
    for (const path of [...pages, `/profile/${await usernameOf(page)}`, '/notifications', '/messages']) await renderedOnce(path);
    // Rendered as the member sees it: their own marks, and the reviews section with its button to write one.
    const album = await renderedOnce(ALBUM);
    expect(album).toContain('Listen later');
    expect(album).toContain('Write Review');

    // A review with its comments, a list with its albums, a member's year: each route's loader fetches what it shows.
    const albums = ((await (await page.request.get('/api/albums?sort=title&limit=2&page=30')).json()) as { items: { id: string }[] }).items;
    const content = `<p>${'Patient, spacious and warm from the first note to the last. '.repeat(3)}</p>`;
    const review = await page.request.post(`/api/albums/${albums[0]!.id}/reviews`, { data: { rating: 8, title: 'Slow burn', content } });
    expect(review.status(), await review.text()).toBe(201);
    const list = await page.request.post('/api/collections', { data: { name: 'Late nights', albumIds: albums.map(({ id }) => id) } });
    expect(list.ok(), await list.text()).toBe(true);
    const year = new Date().getFullYear();
    for (const path of [
      `/review/${((await review.json()) as { id: string }).id}`,
      `/lists/${((await list.json()) as { id: string }).id}`,
      `/profile/${await usernameOf(page)}/year/${year}`,
    ]) {
      await renderedOnce(path);
    }
  });

  test('keep their screen’s title once the app has them, and leave it behind when the reader moves on', async ({ page }) => {
    await page.goto('/trending');
    await expect(page).toHaveTitle('Trending · Hearsay');
    await page.getByRole('navigation').getByRole('link', { name: 'Explore' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
    await expect(page).toHaveTitle('Explore · Hearsay');
    // Nothing of the page the visit began on is left to show for a screen without a title of its own.
    const titles = await page.evaluate(() => [...document.querySelectorAll('head > title')].map((title) => title.textContent));
    expect(titles.filter((title) => title?.includes('Trending'))).toEqual([]);
  });

  test('are taken over without a mismatch, and their controls then work', async ({ page }) => {
    const errors = collectErrors(page);
    for (const path of ['/', ALBUM, '/artist/pink-floyd', '/search?q=dark%20side', '/trending', '/explore', '/lists']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    }
    await page.goto(ALBUM);
    // A visitor's Like asks them to sign in first: the button answers, so the app has the page.
    await page.getByRole('button', { name: 'Like', exact: true }).click();
    await expect(page).toHaveURL(/\/login\?/);
    expect(errors).toEqual([]);
  });

  test('write moments in the reader’s time zone, on a first visit and after it, and are taken over without a mismatch', async ({
    browser,
  }) => {
    // Far from the server's UTC: on most days of a year, a moment's day and hour there are not UTC's.
    const timezoneId = 'Pacific/Kiritimati';
    const context = await browser.newContext({ timezoneId });
    const page = await context.newPage();
    await register(page);
    const album = ((await (await page.request.get('/api/albums?sort=title&limit=1&page=42')).json()) as { items: { id: string }[] })
      .items[0]!;
    const content = `<p>${'Every side of it rewards the late hours. '.repeat(3)}</p>`;
    const review = (await (
      await page.request.post(`/api/albums/${album.id}/reviews`, { data: { rating: 7, title: 'Late', content } })
    ).json()) as {
      id: string;
    };
    const comment = await page.request.post(`/api/reviews/${review.id}/comments`, { data: { body: 'Agreed, every word.' } });
    expect(comment.status(), await comment.text()).toBe(201);
    const { createdAt } = (await comment.json()) as { createdAt: string };
    const inTheirZone = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: timezoneId }).format(
      new Date(createdAt),
    );
    const inUtc = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
      new Date(createdAt),
    );
    expect(inTheirZone).not.toBe(inUtc);

    // A first visit: the server does not know the reader's zone yet, and the browser writes the moment in it.
    await context.clearCookies({ name: 'hearsay_time_zone' });
    const errors = collectErrors(page);
    await page.goto(`/review/${review.id}`);
    await expect(page.getByRole('main').getByText(inTheirZone)).toBeVisible();
    // After it, the server writes the page in the reader's zone too.
    const html = await (await page.request.get(`/review/${review.id}`)).text();
    expect(html).toContain(inTheirZone);
    await page.reload();
    await expect(page.getByRole('main').getByText(inTheirZone)).toBeVisible();
    expect(errors).toEqual([]);
    await context.close();
  });

  test('carry their data in a block that text from members cannot end', async ({ page }) => {
    await register(page);
    const album = (
      (await (await page.request.get('/api/albums?sort=title&limit=1&page=40')).json()) as { items: { id: string; slug: string }[] }
    ).items[0]!;
    const title = '</script><script>window.__xss=1</script><!--';
    const content = `<p>${'Warm and wide: the bass carries every song. '.repeat(3)}</p>`;
    const created = await page.request.post(`/api/albums/${album.id}/reviews`, { data: { rating: 8, title, content } });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const errors = collectErrors(page);
    await page.goto(`/review/${id}`);
    await expect(page.getByRole('main').getByText(title).first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    // The block is whole: it still parses, and holds the title as it was written.
    const block = await page.evaluate(() => document.getElementById('hearsay-page-state')?.textContent ?? '');
    expect(JSON.stringify(JSON.parse(block))).toContain(JSON.stringify(title).slice(1, -1));
    expect(errors).toEqual([]);
  });

  test('say "not found" with a 404 for an address that names nothing, and the app keeps that page', async ({ page, browser }) => {
    const { page: reader, close } = await withoutScripts(browser);
    for (const [path, heading] of [
      ['/album/no-such-album-anywhere', 'Album not found'],
      ['/artist/no-such-artist-anywhere', 'Artist not found'],
      ['/no/such/page', 'Page not found'],
    ]) {
      const response = await reader.goto(path!);
      expect(response?.status(), path).toBe(404);
      await expect(reader.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(reader).toHaveTitle(`${heading} · Hearsay`);
      // Search engines are asked to leave it out, and are not told it is the page's address.
      await expect(reader.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      await expect(reader.locator('link[rel="canonical"]')).toHaveCount(0);
    }
    await close();

    const errors = collectErrors(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/albums/no-such-album-anywhere')) asked.push(request.url());
    });
    const response = await page.goto('/album/no-such-album-anywhere');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Album not found' })).toBeVisible();
    // Taken over as it came: no mismatch, and the album is not asked for again.
    // (The browser logs the page's own 404 as a failed load.)
    expect(errors.filter((error) => !error.includes('status of 404'))).toEqual([]);
    expect(asked).toEqual([]);
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Discover music through people, not algorithms' })).toBeVisible();
  });
});
