import { expect, finishOnboarding, register, test } from '../support/fixtures.ts';

test('log a listen from an album page, find it in the library under its month, edit it and delete it', async ({ page, request }) => {
  await register(page);
  await finishOnboarding(page);
  const list = (await (await request.get('/api/albums?sort=title&limit=1&page=3')).json()) as { items: { slug: string; title: string }[] };
  const album = list.items[0]!;
  await page.goto(`/album/${album.slug}`);

  await page.getByRole('button', { name: 'Log a listen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log a listen' });
  await expect(dialog.getByLabel('Date listened')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);

  // A day in the future is refused before anything is sent.
  const tomorrow = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await dialog.getByLabel('Date listened').fill(tomorrow);
  await dialog.getByRole('button', { name: 'Log listen' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Listening date cannot be in the future.');

  await dialog.getByLabel('Date listened').fill('2024-03-15');
  const slider = dialog.getByRole('slider', { name: 'Rating for this listen' });
  await slider.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect(slider).toHaveAttribute('aria-valuenow', '9.5');
  await dialog.getByLabel('Note (optional)').fill('Late at night, headphones on.');
  await dialog.getByRole('button', { name: 'Log listen' }).click();
  await expect(page.getByText('Listen logged in your journal.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto('/library');
  await page.getByRole('tab', { name: 'Journal' }).click();
  await expect(page).toHaveURL(/\/library\?tab=journal$/);
  const march = page.getByRole('region', { name: 'March 2024' });
  await expect(march.getByRole('link', { name: album.title, exact: true })).toBeVisible();
  await expect(march.getByText('Mar 15, 2024')).toBeVisible();
  await expect(march.getByRole('img', { name: 'Rated 9.5 out of 10' })).toBeVisible();
  await expect(march.getByText('Late at night, headphones on.')).toBeVisible();
  await expect(page.getByLabel('Month')).toContainText('March 2024 (1)');

  await march.getByRole('button', { name: `Edit listen of ${album.title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit this listen' });
  await edit.getByLabel('Date listened').fill('2024-04-02');
  await edit.getByLabel('Note (optional)').fill('Second time, even better.');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Listen updated.')).toBeVisible();
  const april = page.getByRole('region', { name: 'April 2024' });
  await expect(april.getByText('Second time, even better.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'March 2024' })).toHaveCount(0);

  await page.reload();
  await april.getByRole('button', { name: `Delete listen of ${album.title}` }).click();
  await page.getByRole('dialog', { name: 'Delete this listen?' }).getByRole('button', { name: 'Delete listen' }).click();
  await expect(page.getByText('Your journal is empty')).toBeVisible();
});

test('a visitor who presses Log a listen is asked to sign in', async ({ page, request }) => {
  const list = (await (await request.get('/api/albums?sort=title&limit=1&page=4')).json()) as { items: { slug: string }[] };
  await page.goto(`/album/${list.items[0]!.slug}`);
  await page.getByRole('button', { name: 'Log a listen' }).click();
  await expect(page.getByText('Sign in to keep a listening journal.')).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirect=/);
});
