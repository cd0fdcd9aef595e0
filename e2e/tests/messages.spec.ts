import { expect, followEachOther, register, test, usernameOf } from '../support/fixtures.ts';

test('two people who follow each other write, see it arrive without reloading, and see "Seen"', async ({ page, browser }) => {
  test.slow();
  const ada = await register(page);
  const benContext = await browser.newContext();
  const ben = await benContext.newPage();
  const benPerson = await register(ben);
  const [, benName] = await followEachOther(page, ben);

  await ben.goto('/messages');
  await expect(ben.getByText('No conversations yet')).toBeVisible();

  await page.goto(`/profile/${benName}`);
  await page.getByRole('button', { name: 'Message', exact: true }).click();
  await expect(page).toHaveURL(/\/messages\/[a-z0-9]+$/);
  const box = page.getByRole('textbox', { name: `Message ${benPerson.name}` });
  await box.fill('Have you heard Blue Train? https://example.com/blue-train');
  await box.press('Enter');
  await expect(box).toHaveValue('');
  const adaThread = page.getByRole('list', { name: `Messages with ${benPerson.name}` });
  await expect(adaThread.getByText('Have you heard Blue Train?')).toBeVisible();

  // Ben's open list shows it without a reload, unread.
  const row = ben.getByRole('link', { name: new RegExp(ada.name) });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText('1 unread message');
  await row.click();
  const benThread = ben.getByRole('list', { name: `Messages with ${ada.name}` });
  const link = benThread.getByRole('link', { name: 'https://example.com/blue-train' });
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
  await expect(link).toHaveAttribute('target', '_blank');

  const reply = ben.getByRole('textbox', { name: `Message ${ada.name}` });
  await reply.fill('Not yet! Tonight.');
  await reply.press('Enter');
  await expect(benThread.getByText('Not yet! Tonight.')).toBeVisible();

  // Ada sees the reply arrive, and "Seen" under her message, without reloading.
  await expect(adaThread.getByText('Not yet! Tonight.')).toBeVisible({ timeout: 20_000 });
  await expect(adaThread.getByRole('listitem').filter({ hasText: 'Have you heard Blue Train?' }).getByText('Seen')).toBeVisible({
    timeout: 20_000,
  });
  await benContext.close();
});

test('someone who may not message a person is told why on their profile', async ({ page, browser }) => {
  test.slow();
  const stranger = await register(page);
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  const person = await register(other);
  const username = await usernameOf(other);
  await otherContext.close();
  expect(stranger.name).toBeTruthy();

  await page.goto(`/profile/${username}`);
  await page.getByRole('button', { name: 'Message', exact: true }).click();
  await expect(page.getByText(`${person.name} only accepts messages from people they follow or who follow them.`)).toBeVisible();
  await expect(page).toHaveURL(`/profile/${username}`);
});
