import { expect, newPerson, register, test } from '../support/fixtures.ts';

/** A one-word name: the header's avatar shows its initial, which axe then finds in the account menu's name. */
const oneWordPerson = (name: string) => {
  const person = newPerson(name);
  return { ...person, name: person.name.replace(/\s+/g, '') };
};

const REVIEW = 'A record that rewards patience: every listen turns up another small detail worth hearing.';

test('a like shows in the author’s bell live, and /notifications tells who liked what', async ({ page, browser }) => {
  test.slow();
  // B writes a review and keeps a page open.
  await register(page, oneWordPerson('Author'));
  const albums = (await (await page.request.get('/api/albums?sort=title&limit=1&page=3')).json()) as {
    items: { id: string; title: string }[];
  };
  const album = albums.items[0]!;
  const published = await page.request.post(`/api/albums/${album.id}/reviews`, { data: { rating: 8, content: REVIEW } });
  expect(published.ok()).toBe(true);
  const review = (await published.json()) as { id: string };
  await page.goto('/explore');
  const bell = page.getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  // A, in another browser, likes it.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  const liker = await register(other, oneWordPerson('Liker'));
  expect((await other.request.put(`/api/reviews/${review.id}/like`)).ok()).toBe(true);

  // B's bell counts it without a reload.
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(page.getByTestId('notification-count')).toHaveText('1');

  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  const list = page.getByRole('list', { name: 'Notifications' });
  const row = list.getByRole('link', { name: `${liker.name} liked your review of ${album.title}` });
  await expect(row).toBeVisible();
  await expect(row).toContainText('New');
  // Shown means read: the bell clears.
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(row).toHaveAttribute('href', `/review/${review.id}`);
  await otherContext.close();
});

test('Settings → Notifications saves each toggle and keeps it after a reload', async ({ page }) => {
  await register(page, oneWordPerson('Settler'));
  await page.goto('/settings?tab=notifications');
  const digest = page.getByRole('switch', { name: 'Weekly Digest' });
  await expect(digest).toHaveAttribute('aria-checked', 'true');
  await digest.click();
  await expect(page.getByText('Saved.', { exact: true }).first()).toBeVisible();
  await expect(digest).toHaveAttribute('aria-checked', 'false');
  const recommendations = page.getByRole('checkbox', { name: /New music recommendations/ });
  await expect(recommendations).not.toBeChecked();
  await recommendations.check();
  await expect(recommendations).toBeChecked();
  // Push is set per device: its states are the push journey's (push-notifications.spec.ts).
  await expect(page.getByRole('switch', { name: 'Browser push notifications' })).toBeVisible();

  await page.goto('/settings?tab=privacy');
  const nobody = page.getByRole('radio', { name: 'Nobody' });
  await nobody.check();
  await expect(nobody).toBeChecked();
  // The choice shows at once; it is kept once the server has it.
  await expect(page.getByText('Saved.', { exact: true }).first()).toBeVisible();

  await page.reload();
  await expect(page.getByRole('radio', { name: 'Nobody' })).toBeChecked();
  await page.goto('/settings?tab=notifications');
  await expect(page.getByRole('switch', { name: 'Weekly Digest' })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('checkbox', { name: /New music recommendations/ })).toBeChecked();
});
