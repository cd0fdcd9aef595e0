import { expect, newPerson, register, test } from '../support/fixtures.ts';

const REVIEW = 'Buy cheap followers and likes at example.com, best prices for every listener on the site!';

test('a member reports a review; a moderator hides it; its author sees why and nobody else sees it', async ({ page, browser }) => {
  test.slow();
  await register(page);
  const albums = (await (await page.request.get('/api/albums?sort=title&limit=1&page=3051')).json()) as { items: { id: string }[] };
  const published = await page.request.post(`/api/albums/${albums.items[0]!.id}/reviews`, { data: { rating: 5, content: REVIEW } });
  expect(published.ok()).toBe(true);
  const review = (await published.json()) as { id: string; author: { name: string } };

  // A reader reports it.
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  await register(reader);
  await reader.goto(`/review/${review.id}`);
  await reader.getByRole('button', { name: `More actions for ${review.author.name}'s review` }).click();
  await reader.getByRole('menuitem', { name: 'Report review' }).click();
  const dialog = reader.getByRole('dialog', { name: 'Report this review' });
  await expect(dialog.getByRole('button', { name: 'Send report' })).toBeDisabled();
  await dialog.getByRole('radio', { name: 'Spam' }).check();
  await dialog.getByLabel('Anything the moderators should know (optional)').fill('Advertising');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(reader.getByText('Thank you. Your report was received, and a moderator will look at it.')).toBeVisible();

  // The operator finds it in the queue, in context, and hides it.
  const moderatorContext = await browser.newContext();
  const moderator = await moderatorContext.newPage();
  await register(moderator, { ...newPerson('Moderator'), email: 'moderator@hearsay.test' });
  await moderator.goto('/moderation');
  const item = moderator.getByRole('article', { name: /^Review:/ });
  await expect(item).toContainText('Buy cheap followers');
  await expect(item).toContainText('Spam (1)');
  await expect(item).toContainText('“Advertising”');
  await item.getByLabel('Why (the author of something hidden sees this)').fill('Advertising is not allowed');
  await item.getByRole('button', { name: 'Hide' }).click();
  await expect(moderator.getByText('Hidden. Its author sees why.')).toBeVisible();
  await expect(moderator.getByText('Nothing to look at')).toBeVisible();
  await expect(moderator.getByRole('region', { name: 'Audit log' })).toContainText('hid a review: “Advertising is not allowed”');

  // The reader no longer finds it; its author sees it with the reason.
  await reader.reload();
  await expect(reader.getByRole('heading', { name: 'Review not found' })).toBeVisible();
  await page.goto(`/review/${review.id}`);
  await expect(page.getByRole('status').filter({ hasText: 'A moderator hid this review: Advertising is not allowed.' })).toBeVisible();
  await readerContext.close();
  await moderatorContext.close();
});

test('the moderation page does not exist for members', async ({ page }) => {
  await register(page);
  await page.goto('/moderation');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
