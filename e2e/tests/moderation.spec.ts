import { expect, register, test, signInAsAdmin } from '../support/fixtures.ts';

const REVIEW = 'Buy cheap followers and likes at example.com, best prices for every listener on the site!';

test('a member reports a review; a moderator hides it (its author sees why, nobody else sees it) and suspends its author', async ({
  page,
  browser,
}) => {
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
  // And the author's profile, through the API the profile menu uses.
  const author = (await (await page.request.get('/api/me')).json()) as { user: { username: string } };
  const reported = await reader.request.post('/api/reports', {
    data: { subjectType: 'profile', subjectId: author.user.username, reason: 'spam', note: 'Posts the same advert everywhere' },
  });
  expect(reported.status()).toBe(201);

  // The operator finds it in the queue, in context, and hides it.
  const moderatorContext = await browser.newContext();
  const moderator = await moderatorContext.newPage();
  await signInAsAdmin(moderator);
  await moderator.goto('/moderation');
  const item = moderator.getByRole('article', { name: /^Review:/ });
  await expect(item).toContainText('Buy cheap followers');
  await expect(item).toContainText('Spam (1)');
  await expect(item).toContainText('“Advertising”');
  await item.getByLabel(/^Why/).fill('Advertising is not allowed');
  await item.getByRole('button', { name: 'Hide' }).click();
  await expect(moderator.getByText('Hidden. Its author sees why.')).toBeVisible();
  await expect(moderator.getByRole('region', { name: 'Audit log' })).toContainText('hid a review: “Advertising is not allowed”');

  // Its author still sees it, with the reason.
  await page.goto(`/review/${review.id}`);
  await expect(page.getByRole('status').filter({ hasText: 'A moderator hid this review: Advertising is not allowed.' })).toBeVisible();

  // The author's profile was reported too: the moderator suspends them for three days.
  const profileItem = moderator.getByRole('article', { name: /^Profile:/ });
  await expect(profileItem).toContainText('“Posts the same advert everywhere”');
  await profileItem.getByLabel(/^Why/).fill('Repeated advertising');
  await profileItem.getByLabel('Days').fill('3');
  await profileItem.getByRole('button', { name: 'Suspend' }).click();
  await expect(moderator.getByText('Suspended. They can only read why until it ends.')).toBeVisible();
  await expect(moderator.getByText('Nothing to look at')).toBeVisible();

  // The reader no longer finds it; its author sees it with the reason.
  await reader.reload();
  await expect(reader.getByRole('heading', { name: 'Review not found' })).toBeVisible();
  // The author, suspended, can only read why: every page shows the reason and the way to sign out.
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Your account is suspended until/ })).toBeVisible();
  await expect(page.getByText('The moderators said: “Repeated advertising”')).toBeVisible();
  expect((await page.request.get('/api/feed')).status()).toBe(403);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: /^Your account is suspended until/ })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  await readerContext.close();
  await moderatorContext.close();
});

test('the moderation page does not exist for members', async ({ page }) => {
  await register(page);
  await page.goto('/moderation');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
