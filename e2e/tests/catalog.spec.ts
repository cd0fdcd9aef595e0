import { expect, isPhone, test } from '../support/fixtures.ts';

interface AlbumCard {
  slug: string;
  title: string;
  artists: { slug: string; name: string }[];
}

test.describe('album page', () => {
  test('shows the album, its credits, tracks and rating chart, and shares its link', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/album/pink-floyd-the-dark-side-of-the-moon');
    await expect(page.getByRole('heading', { level: 1, name: 'The Dark Side of the Moon' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pink Floyd' }).first()).toHaveAttribute('href', '/artist/pink-floyd');
    await expect(page.getByRole('heading', { name: 'Tracks' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Money' })).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Rating distribution' })).toBeVisible();
    for (const action of ['Rate & Review', 'Like', 'Add to Collection', 'Share']) {
      await expect(page.getByRole('button', { name: action, exact: true })).toBeVisible();
    }
    // Chromium without a share sheet falls back to copying the link.
    await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(page.getByText('Link copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  });

  test('says so when the tracklist is unknown', async ({ page, request }) => {
    const list = (await (await request.get('/api/albums?sort=title&limit=1')).json()) as { items: AlbumCard[] };
    const album = list.items[0]!;
    await page.goto(`/album/${album.slug}`);
    await expect(page.getByText('Tracklist not available yet')).toBeVisible();
  });

  test('a visitor who tries to rate is sent to sign in and back', async ({ page }) => {
    await page.goto('/album/pink-floyd-the-dark-side-of-the-moon');
    await page.getByRole('button', { name: 'Rate & Review' }).click();
    await expect(page).toHaveURL('/login?redirect=%2Falbum%2Fpink-floyd-the-dark-side-of-the-moon');
  });

  test('an unknown album shows a clear not-found page', async ({ page }) => {
    await page.goto('/album/no-such-album-anywhere');
    await expect(page.getByRole('heading', { name: 'Album not found' })).toBeVisible();
  });

  test('the server puts link-preview tags into the page for crawlers', async ({ request }) => {
    const html = await (await request.get('/album/pink-floyd-the-dark-side-of-the-moon')).text();
    expect(html).toContain('<meta property="og:title" content="The Dark Side of the Moon');
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/covers\/albums\//);
    expect(html).toContain('name="twitter:card"');
  });
});

test.describe('artist page', () => {
  test('lists the discography grouped by release type, each album linking to its page', async ({ page }) => {
    await page.goto('/artist/radiohead');
    await expect(page.getByRole('heading', { level: 1, name: 'Radiohead' })).toBeVisible();
    await expect(page.getByText(/\d+ albums/).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Discography' })).toBeVisible();
    const okComputer = page.getByRole('link', { name: /OK Computer/ });
    await expect(okComputer).toHaveAttribute('href', /^\/album\//);
    await okComputer.click();
    await expect(page.getByRole('heading', { level: 1, name: 'OK Computer' })).toBeVisible();
  });
});

test.describe('explore', () => {
  test('filters by genre and decade, keeps the filters in the address, and pages through results', async ({ page, request }) => {
    const expected = (await (await request.get('/api/albums?genre=jazz&decade=1950&limit=1')).json()) as { total: number };
    await page.goto('/explore?genre=jazz');
    await page.getByLabel('Decade').selectOption('1950');
    await expect(page).toHaveURL(/genre=jazz/);
    await expect(page).toHaveURL(/decade=1950/);
    await expect(page.getByText(`${expected.total} albums`)).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Decade')).toHaveValue('1950');
    await expect(page.getByLabel('Genre')).toHaveValue('jazz');
  });

  test('pages through the whole catalog', async ({ page }) => {
    await page.goto('/explore?sort=title');
    const first = await page.locator('main a[href^="/album/"]').first().getAttribute('href');
    const next = page.getByRole('button', { name: 'Next' });
    if (isPhone(page)) await next.scrollIntoViewIfNeeded();
    await next.click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(/Page 2 of \d+/)).toBeVisible();
    await expect(page.locator('main a[href^="/album/"]').first()).not.toHaveAttribute('href', first ?? '');
  });
});

test.describe('album covers', () => {
  test('show on pages opened directly, with the cache cold and then warm', async ({ page }) => {
    /** The covers in the first screen, each once it has loaded: painted (fully opaque) or not. */
    const coversOnScreen = () =>
      page.locator('main img[src^="/covers/albums/"]').evaluateAll((images) =>
        images
          .filter((image) => image.getBoundingClientRect().top < window.innerHeight && image.checkVisibility())
          .map((image) => {
            const cover = image as HTMLImageElement;
            let opacity = 1;
            for (let element: Element | null = cover; element; element = element.parentElement) {
              opacity *= Number(getComputedStyle(element).opacity);
            }
            return { src: cover.getAttribute('src'), loaded: cover.complete && cover.naturalWidth > 0, opacity };
          }),
      );
    for (const path of ['/', '/explore', '/album/pink-floyd-the-dark-side-of-the-moon', '/artist/pink-floyd']) {
      // The first visit loads the pictures while the app starts; the reload finds them in the cache, loaded at once.
      for (const visit of ['cold', 'warm']) {
        if (visit === 'cold') await page.goto(path);
        else await page.reload();
        await expect.poll(async () => (await coversOnScreen()).length, `${path} (${visit})`).toBeGreaterThan(0);
        await expect.poll(async () => (await coversOnScreen()).every((cover) => cover.loaded), `${path} (${visit})`).toBe(true);
        expect(
          (await coversOnScreen()).filter((cover) => cover.opacity < 1),
          `${path} (${visit})`,
        ).toEqual([]);
      }
    }
  });
});
