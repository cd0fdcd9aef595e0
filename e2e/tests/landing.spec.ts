import { expect, test } from '../support/fixtures.ts';

test.describe('landing page', () => {
  test("leads with the spec's line: discover music through people, not algorithms", async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Discover music through people, not algorithms');
    await expect(page).toHaveTitle('Hearsay — Discover music through people, not algorithms');
  });

  test('shows the real member, rating and album counts from the database', async ({ page, request }) => {
    type Stats = { members: number; ratings: number; albums: number };
    const read = async () => (await (await request.get('/api/site/stats')).json()) as Stats;
    const before = await read();
    expect(before.albums).toBeGreaterThan(3000);
    await page.goto('/');
    await expect(page.getByTestId('stat-albums')).toHaveText(before.albums.toLocaleString('en-US'));
    // Other tests sign people up and rate albums meanwhile: the page shows a count between the two readings.
    const after = await read();
    for (const key of ['members', 'ratings'] as const) {
      const shown = Number((await page.getByTestId(`stat-${key}`).textContent())!.replace(/,/g, ''));
      expect(shown, key).toBeGreaterThanOrEqual(before[key]);
      expect(shown, key).toBeLessThanOrEqual(after[key]);
    }
  });

  test('features four albums that link to their pages, and View All goes to Explore', async ({ page }) => {
    await page.goto('/');
    const featured = page.locator('section[aria-labelledby="featured-title"]');
    const albums = featured.locator('a[href^="/album/"]');
    await expect(albums).toHaveCount(4);
    const href = await albums.first().getAttribute('href');
    // Slugs keep letters of every script ("ibasho-居場所"), so the address is percent-encoded.
    expect(decodeURIComponent(href!)).toMatch(/^\/album\/[\p{L}\p{N}-]+$/u);
    await expect(featured.locator('img').first()).toHaveJSProperty('complete', true);
    await featured.getByRole('link', { name: 'View All' }).click();
    await expect(page).toHaveURL(/\/explore$/);
  });

  test('shows the hero’s stack of covers on a wide screen, and a phone, which hides it, does not download it', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/covers/')) asked.push(request.url());
    });
    await page.goto('/');
    const stack = page.locator('section:has(h1) img');
    await expect(stack).toHaveCount(3);
    const sources = await stack.evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src));
    const wide = page.viewportSize()!.width >= 1024;
    if (wide) {
      for (const image of await stack.all()) await expect(image).toHaveJSProperty('complete', true);
      expect(await stack.evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0))).toBe(true);
    } else {
      await expect(page.locator('section[aria-labelledby="featured-title"] img').first()).toHaveJSProperty('complete', true);
      await expect(stack.first()).toBeHidden();
      expect(asked.filter((url) => sources.includes(url))).toEqual([]);
    }
  });

  test('genre chips carry the real album count and link to Explore filtered by that genre', async ({ page, request }) => {
    const genres = (await (await request.get('/api/genres')).json()) as { items: { slug: string; name: string; albumCount: number }[] };
    await page.goto('/');
    const chips = page.locator('section[aria-labelledby="genres-title"] a');
    await expect(chips.first()).toBeVisible();
    expect(await chips.count()).toBeGreaterThanOrEqual(10);
    const rock = chips.filter({ hasText: /^Rock/ });
    const rockGenre = genres.items.find((genre) => genre.slug === 'rock');
    expect(rockGenre).toBeDefined();
    await expect(rock).toHaveAttribute('href', '/explore?genre=rock');
    await expect(rock).toContainText(rockGenre!.albumCount.toLocaleString('en-US'));
  });

  test('has the how-it-works cards, the comparison table and the closing call', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'How Hearsay Works' })).toBeVisible();
    for (const card of ['Rate & Review', 'Create Collections', 'Follow Curators']) {
      await expect(page.getByRole('heading', { name: card })).toBeVisible();
    }
    const table = page.getByRole('table', { name: 'Break the Algorithm Loop' });
    await expect(table.getByRole('row')).toHaveCount(7);
    await expect(table.getByRole('img', { name: 'Included', exact: true })).toHaveCount(6);
    await expect(table.getByRole('img', { name: 'Not included', exact: true })).toHaveCount(6);
    await expect(page.getByRole('link', { name: 'Join Now' })).toHaveAttribute('href', '/register');
    await expect(page.getByRole('link', { name: 'Join the Community' })).toHaveAttribute('href', '/register');
    await expect(page.getByRole('link', { name: 'Explore Albums' })).toHaveAttribute('href', '/explore');
  });

  test('Get Started carries the name and e-mail into the register form', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/register\?name=Ada\+Lovelace&email=ada%40example\.com$/);
  });
});
