import type { Page } from '@playwright/test';
import { expect, finishOnboarding, isPhone, register, test } from '../support/fixtures.ts';

/** `count` albums from a page of the catalog, with titles long enough to find by search ("D" would match hundreds). */
async function albumsAt(page: Page, catalogPage: number, count: number) {
  const response = await page.request.get(`/api/albums?sort=title&limit=${count * 5}&page=${catalogPage}`);
  const items = ((await response.json()) as { items: { id: string; slug: string; title: string }[] }).items;
  return items.filter((album) => album.title.length >= 6).slice(0, count);
}
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('create a collection from the modal, reorder it, make it private, and nobody else can see it', async ({ page, browser }) => {
  // A whole journey: sign-up, onboarding, the modal, edit mode, two reorders, privacy, and a second person.
  test.slow();
  await register(page);
  await finishOnboarding(page);
  const [first, second] = await albumsAt(page, 60 + Math.floor(Math.random() * 20), 2);
  await page.goto('/lists');
  await page.getByRole('button', { name: 'Create Collection' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create Collection' });
  const submit = dialog.getByRole('button', { name: 'Create Collection' });
  await expect(dialog.getByText('No albums selected yet')).toBeVisible();
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Collection Name').fill('Sunday morning');
  await expect(submit).toBeDisabled();
  await expect(dialog.getByText('Make this collection private')).toBeVisible();
  await expect(dialog.getByText('Only visible to you')).toBeVisible();
  for (const [index, album] of [first!, second!].entries()) {
    await dialog.getByRole('searchbox', { name: 'Search albums by title or artist' }).fill(album.title);
    await dialog
      .getByRole('button', { name: new RegExp(`^${escape(album.title)} `) })
      .first()
      .click();
    await expect(dialog.getByRole('heading', { name: `Selected Albums (${index + 1})` })).toBeVisible();
  }
  await submit.click();
  await expect(page.getByText('Collection created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/lists\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Sunday morning' })).toBeVisible();
  const listUrl = page.url();

  const rows = page.getByRole('list', { name: 'Sunday morning' }).getByRole('listitem');
  await expect(rows.first()).toContainText(first!.title);
  // The owner sees the list as visitors do, and switches to Edit (which a reload keeps) to change it.
  await expect(page.getByRole('button', { name: `Move ${second!.title} up` })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Add albums' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Add albums' })).toBeVisible();
  await page.getByRole('button', { name: `Move ${second!.title} up` }).click();
  await expect(page.getByText('Order saved')).toBeVisible();
  await page.reload();
  await expect(rows.first()).toContainText(second!.title);
  if (!isPhone(page)) {
    // Keyboard drag on a wide screen: pick up the handle with space, move down, drop (phones use the move buttons).
    // Each key waits for the drag library's announcement, as a screen-reader user would hear it.
    const announcement = page.locator('[id^="DndLiveRegion"]');
    await page.getByRole('button', { name: `Drag to reorder ${second!.title}` }).focus();
    await page.keyboard.press('Space');
    await expect(announcement).toContainText(/Picked up|was moved over/);
    const pickedUp = await announcement.textContent();
    // The drag library starts listening for arrows a moment after the pick-up; with two albums a repeat is harmless.
    await expect(async () => {
      await page.keyboard.press('ArrowDown');
      await expect(announcement).not.toHaveText(pickedUp ?? '', { timeout: 1000 });
    }).toPass();
    await page.keyboard.press('Space');
    await expect(page.getByText('Order saved')).toBeVisible();
  } else {
    await page.getByRole('button', { name: `Move ${second!.title} down` }).click();
    await expect(page.getByText('Order saved').first()).toBeVisible();
  }
  await page.reload();
  await expect(rows.first()).toContainText(first!.title);

  await page.getByRole('button', { name: 'Edit details' }).click();
  await page.getByLabel('Private', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sunday morning' }).getByLabel('Private')).toBeVisible();

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await register(other);
  await other.goto(listUrl);
  await expect(other.getByRole('heading', { name: 'Collection not found' })).toBeVisible();
  await other.goto('/lists?tab=recent');
  await expect(other.getByText('Sunday morning')).toHaveCount(0);
  await otherContext.close();
});

test('add an album to a new collection from its page, then to an existing one', async ({ page }) => {
  await register(page);
  await finishOnboarding(page);
  const [album, another] = await albumsAt(page, 120 + Math.floor(Math.random() * 20), 2);
  await page.goto(`/album/${album!.slug}`);
  await page.getByRole('button', { name: 'Add to Collection' }).click();
  const picker = page.getByRole('dialog', { name: 'Add to Collection' });
  await expect(picker.getByText('You have no collections yet.')).toBeVisible();
  await picker.getByRole('button', { name: 'New collection with this album' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Collection' });
  await expect(dialog.getByRole('heading', { name: 'Selected Albums (1)' })).toBeVisible();
  await dialog.getByLabel('Collection Name').fill('Found on an album page');
  await dialog.getByRole('button', { name: 'Create Collection' }).click();
  await expect(page.getByText('Collection created successfully!')).toBeVisible();

  await page.goto(`/album/${another!.slug}`);
  await page.getByRole('button', { name: 'Add to Collection' }).click();
  await page
    .getByRole('dialog', { name: 'Add to Collection' })
    .getByRole('button', { name: /Found on an album page/ })
    .click();
  await expect(page.getByText('Added to Found on an album page')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Add to Collection' }).getByText('Added', { exact: true })).toBeVisible();
});
