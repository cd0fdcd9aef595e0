import type { APIRequestContext, Page } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, newPerson, test } from '../support/fixtures.ts';

/**
 * Issue 69: Hearsay installs as an app (decision 083). Its manifest and icons are there, its service worker takes the
 * page, the member's library opens with no network, a new release is offered with a Reload button, and a page left
 * open across a release reloads once into it instead of failing on a chunk that is gone.
 */

/** The width and height a PNG says it has (its IHDR chunk). */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1'), 'a PNG').toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

async function signUpAndRate(request: APIRequestContext): Promise<string[]> {
  const person = newPerson('Offline Listener');
  const registered = await request.post('/api/auth/register', { data: person });
  expect(registered.ok(), await registered.text()).toBe(true);
  const albums = ((await (await request.get('/api/albums?sort=title&limit=2')).json()) as { items: { id: string; title: string }[] }).items;
  expect(albums).toHaveLength(2);
  for (const [index, album] of albums.entries()) {
    const rated = await request.put(`/api/albums/${album.id}/rating`, { data: { rating: 7 + index } });
    expect(rated.ok(), await rated.text()).toBe(true);
  }
  return albums.map((album) => album.title);
}

async function untilControlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

test.describe('with the service worker', () => {
  // Every other spec runs without it (playwright.config.ts).
  test.use({ serviceWorkers: 'allow' });

  test('links a valid web manifest whose icons are there at the sizes it names', async ({ page }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const answer = await page.request.get(href!);
    expect(answer.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await answer.json()) as {
      name: string;
      display: string;
      start_url: string;
      scope: string;
      id: string;
      icons: { src: string; sizes: string; purpose?: string }[];
      shortcuts: { url: string }[];
      share_target: { action: string; method: string; params: Record<string, string> };
    };
    expect(manifest).toMatchObject({ name: 'Hearsay', display: 'standalone', start_url: '/', scope: '/', id: '/' });
    expect(manifest.shortcuts.map((shortcut) => shortcut.url)).toEqual(['/search', '/library?tab=played', '/notifications', '/messages']);
    expect(manifest.share_target).toEqual({ action: '/share', method: 'GET', params: { title: 'title', text: 'text', url: 'url' } });
    const sizes = new Set(manifest.icons.map((icon) => `${icon.sizes}${icon.purpose === 'maskable' ? ' maskable' : ''}`));
    for (const wanted of ['192x192', '512x512', '512x512 maskable']) expect(sizes, wanted).toContain(wanted);
    for (const icon of manifest.icons) {
      const file = await page.request.get(new URL(icon.src, new URL(href!, page.url())).href);
      expect(file.ok(), icon.src).toBe(true);
      expect(pngSize(await file.body()), icon.src).toBe(icon.sizes);
    }
    const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect(pngSize(await (await page.request.get(apple!)).body())).toBe('180x180');
    expect((await page.request.get((await page.locator('link[rel="icon"][sizes="48x48"]').getAttribute('href'))!)).ok()).toBe(true);
    await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]')).toHaveAttribute('content', '#121110');
  });

  test("opens the member's library with no network, and says it is offline", async ({ page, context }) => {
    const titles = await signUpAndRate(page.request);
    await page.goto('/library');
    await untilControlled(page);
    // Once through the worker with the network, so the page and the member's reads are kept.
    await page.reload();
    for (const title of titles) await expect(page.getByText(title).first()).toBeVisible();

    await context.setOffline(true);
    await page.reload();
    for (const title of titles) await expect(page.getByText(title).first()).toBeVisible();
    await expect(page.getByText('You are offline — showing what was saved')).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByText('You are offline — showing what was saved')).toBeHidden();

    // Signed out, nothing of theirs is kept for whoever uses this browser next.
    const kept = () => page.evaluate(() => caches.keys());
    expect(await kept()).toEqual(expect.arrayContaining(['hearsay-pages', 'hearsay-member-reads']));
    const signedOut = await page.evaluate(
      async () => (await fetch('/api/auth/sign-out', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).ok,
    );
    expect(signedOut).toBe(true);
    expect(await kept()).not.toContain('hearsay-member-reads');
    expect(await kept()).not.toContain('hearsay-pages');
    await context.setOffline(true);
    await page.reload({ waitUntil: 'domcontentloaded' });
    for (const title of titles) await expect(page.getByText(title)).toHaveCount(0);
    await context.setOffline(false);
  });

  test.describe('a new release', () => {
    // The new worker takes over once Chromium has stopped the old one. Chromium's speculative warm-up sometimes started
    // the old worker again as it stopped, and the new one then waited up to five minutes: the old worker was restarted
    // in 5 of 35 probed runs, and the journey failed three times in a row in one full run. With the warm-up off for the
    // test browser (playwright.config.ts) it was restarted in none of 11. One more try remains for an overlap of the
    // desktop and phone runs of this journey, which both write the build's worker file.
    test.describe.configure({ retries: 1 });

    test('offers a new release with a Reload button, which moves the page to it', async ({ page }) => {
      // Two workers install, each keeping the build's files: on a busy two-core machine that can outlast one minute.
      test.setTimeout(90_000);
      await page.goto('/');
      await untilControlled(page);
      const first = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
      // A release: the server now serves another worker (the built one, changed).
      const worker = join(import.meta.dirname, '..', '..', 'web', 'dist', 'sw.js');
      const built = readFileSync(worker, 'utf8');
      try {
        writeFileSync(worker, `${built}\n// the next release\n`);
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
        const prompt = page.getByText('A new version of Hearsay is ready');
        await expect(prompt).toBeVisible();
        expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting?.state)).toBe('installed');
        const reloaded = page.waitForEvent('load');
        await page.getByRole('button', { name: 'Reload' }).click();
        await reloaded;
        await untilControlled(page);
        expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toBe(first);
        expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting)).toBeNull();
      } finally {
        writeFileSync(worker, built);
      }
    });
  });
});

test('a page whose next chunk is gone after a release reloads once, then shows the error', async ({ page }) => {
  await page.route(/\/assets\/login-page-[^/]*\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto('/');
  const reloaded = page.waitForEvent('load');
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await reloaded;
  await expect(page.locator('html[data-ready]')).toBeAttached();
  await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));

  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByText('Unexpected Application Error!')).toBeVisible();
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
