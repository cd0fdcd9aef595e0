import type { Page } from '@playwright/test';
import { expect, register, test, signInAsAdmin } from '../support/fixtures.ts';

/**
 * Keeping the catalog clean (decision 080): the daily duplicates job finds the starter catalog's two copies of Curtis
 * Mayfield's Superfly; a moderator keeps one from the queue, and the other's address lands on it.
 */

interface Pair {
  albums: { id: string; slug: string; title: string }[];
}

/** The moderator's queue once the duplicates job (its first pass runs shortly after the server starts) has filled it. */
async function superflyPair(page: Page): Promise<Pair> {
  let found: Pair | undefined;
  await expect
    .poll(
      async () => {
        const answer = (await (await page.request.get('/api/curation/duplicates?limit=100')).json()) as { items: Pair[] };
        found = answer.items.find((pair) => pair.albums.some((album) => album.title === 'Superfly'));
        return Boolean(found);
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe(true);
  return found!;
}

test('a moderator merges two albums from the duplicates queue, and the old address lands on the one kept', async ({ page, browser }) => {
  test.slow();
  await signInAsAdmin(page);
  const pair = await superflyPair(page);
  const kept = pair.albums.find((album) => album.title === 'Superfly')!;
  const retired = pair.albums.find((album) => album.id !== kept.id)!;

  // A member rated the copy that goes: the rating moves with it.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await register(member);
  expect((await member.request.put(`/api/albums/${retired.id}/rating`, { data: { rating: 9 } })).ok()).toBe(true);

  await page.goto('/curation');
  await expect(page.getByRole('heading', { name: 'Catalog curation' })).toBeVisible();
  await expect(page.getByText('You curate as an operator.')).toBeVisible();
  const queue = page.getByRole('region', { name: /^Possible duplicates/ });
  await expect(queue.getByRole('link', { name: retired.title })).toBeVisible();

  // The queue fits a phone: its actions are on screen and nothing scrolls sideways.
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(queue.getByRole('button', { name: 'Keep this one' }).first()).toBeVisible();
  await queue.getByRole('button', { name: 'Not a duplicate' }).first().scrollIntoViewIfNeeded();
  await expect(queue.getByRole('button', { name: 'Not a duplicate' }).first()).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.setViewportSize(desktop);
  await queue.getByRole('button', { name: 'Keep this one: Superfly by Curtis Mayfield' }).click();
  await expect(page.getByText('Merged into Superfly')).toBeVisible();
  await expect(queue.getByRole('link', { name: retired.title })).toHaveCount(0);
  const merges = page.getByRole('region', { name: 'Merges' });
  await expect(merges).toContainText(`“${retired.title}” merged into “Superfly” by Moderator`);
  await expect(merges.getByRole('button', { name: /^Undo the merge of / })).toBeVisible();

  // The old address answers 301 and lands on the album kept, with the member's rating on it.
  const moved = await member.request.get(`/album/${retired.slug}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  await member.goto(`/album/${retired.slug}`);
  await expect(member).toHaveURL(new RegExp(`/album/${kept.slug}$`));
  await expect(member.getByRole('heading', { level: 1, name: 'Superfly' })).toBeVisible();
  await expect(member.getByRole('slider', { name: 'Your rating of Superfly' })).toHaveAttribute('aria-valuenow', '9');
  await expect(member.locator('p').filter({ hasText: /^1 rating$/ })).toBeVisible();

  // The merge is in the audit log.
  await page.goto('/moderation');
  await expect(page.getByRole('region', { name: 'Audit log' })).toContainText('merged');
  await memberContext.close();
});

test('the curation page does not exist for members', async ({ page }) => {
  await register(page);
  await page.goto('/curation');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
