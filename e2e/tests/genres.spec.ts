import { expect, finishOnboarding, register, test } from '../support/fixtures.ts';

test('vote a genre and a descriptor on an album page, and see them among your votes', async ({ page, request }) => {
  test.slow();
  await register(page);
  await finishOnboarding(page);
  const list = (await (await request.get('/api/albums?sort=title&limit=1&page=13')).json()) as { items: { slug: string; title: string }[] };
  const album = list.items[0]!;
  await page.goto(`/album/${album.slug}`);

  const panel = page.getByRole('region', { name: 'Genres & descriptors' });
  await expect(panel.getByText('No descriptors voted yet.')).toBeVisible();
  await panel.getByRole('button', { name: 'Vote on genres' }).click();

  await panel.getByLabel('Genre', { exact: true }).fill('Post-Rock');
  await panel.getByLabel('Primary or secondary').selectOption('primary');
  await panel.getByRole('button', { name: 'Vote up' }).first().click();
  const mine = panel.getByRole('list', { name: 'Your votes' });
  await expect(mine.getByText('Post-Rock (Primary): up')).toBeVisible();

  await panel.getByLabel('Descriptor', { exact: true }).selectOption({ label: 'melancholic' });
  await panel.getByRole('button', { name: 'Vote up' }).last().click();
  await expect(mine.getByText('melancholic: up')).toBeVisible();
  // A new member's votes count a little: the album shows a genre once enough members agree.
  await expect(panel.getByText(/Your votes count 0\.01 now/)).toBeVisible();

  // The votes are kept.
  await page.reload();
  await page.getByRole('region', { name: 'Genres & descriptors' }).getByRole('button', { name: 'Vote on genres' }).click();
  await expect(mine.getByText('Post-Rock (Primary): up')).toBeVisible();
  await mine.getByRole('button', { name: 'Take back your vote on melancholic' }).click();
  await expect(mine.getByText('melancholic: up')).toBeHidden();

  // An unknown genre is said so, without a request that fails.
  await panel.getByLabel('Genre', { exact: true }).fill('Not A Genre At All');
  await panel.getByRole('button', { name: 'Vote up' }).first().click();
  await expect(panel.getByText('“Not A Genre At All” is not a genre we know. Pick one from the list.')).toBeVisible();
});

test('a genre’s page leads to its parents and children, a descriptor’s to its neighbours', async ({ page }) => {
  test.slow();
  await page.goto('/genre/post-rock');
  await expect(page.getByRole('heading', { level: 1, name: 'Post-Rock' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Part of' }).getByRole('link', { name: 'Rock' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rock' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Subgenres' }).getByRole('link', { name: 'Post-Rock' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Top albums' })).toBeVisible();

  await page.goto('/descriptor/melancholic');
  await expect(page.getByRole('heading', { level: 1, name: 'melancholic' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Related' }).getByRole('link', { name: 'sad', exact: true })).toBeVisible();
});
