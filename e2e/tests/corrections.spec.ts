import { expect, register, test, signInAsAdmin } from '../support/fixtures.ts';

/**
 * Members' corrections (decision 080): a member suggests a better title from the album page, a moderator accepts it on
 * /curation, and the album says it from then on.
 */

const ALBUM = '/album/nxworries-why-lawd';

test('a member suggests a title correction, a moderator accepts it, and the album shows the new title', async ({ page, browser }) => {
  // Two people in two browsers, the member's suggestion and the curator's decision: more steps than most journeys.
  test.slow();
  // A visitor is asked to sign in first.
  await page.goto(ALBUM);
  await expect(page.getByRole('heading', { level: 1, name: 'Why Lawd?' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in to suggest a correction' })).toBeVisible();

  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await register(member);
  await member.goto(ALBUM);
  await member.getByRole('button', { name: 'Suggest a correction' }).click();
  const dialog = member.getByRole('dialog', { name: 'Suggest a correction' });
  await expect(dialog.getByLabel('Title')).toHaveValue('Why Lawd?');
  await expect(dialog.getByLabel('Artist credit')).toHaveValue('NxWorries');
  await expect(dialog.getByLabel('Year')).toHaveValue('2024');

  // A year the server refuses is said under the year; nothing was suggested yet.
  await dialog.getByLabel('Year').fill('24');
  await dialog.getByRole('button', { name: 'Send suggestion' }).click();
  await expect(dialog.getByText('Enter a year of four digits')).toBeVisible();
  await dialog.getByLabel('Year').fill('2024');

  await dialog.getByLabel('Title').fill('Why Lawd? (Deluxe)');
  await dialog.getByLabel('Note for the curator (optional)').fill('The sleeve says so');
  await dialog.getByRole('button', { name: 'Send suggestion' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Thanks — a curator will look at it.');
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();

  // The moderator (an operator) finds Curation in the account menu and accepts the correction there.
  await signInAsAdmin(page);
  await page.goto('/');
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Curation' }).click();
  await expect(page.getByRole('heading', { name: 'Catalog curation' })).toBeVisible();
  const corrections = page.getByRole('region', { name: /^Corrections/ });
  const suggestion = corrections.getByRole('listitem').filter({ hasText: 'Title: Why Lawd? → Why Lawd? (Deluxe)' });
  await expect(suggestion).toContainText('The sleeve says so');
  await suggestion.getByRole('button', { name: 'Accept' }).click();
  await expect(suggestion).toHaveCount(0);

  await member.goto(ALBUM);
  await expect(member.getByRole('heading', { level: 1, name: 'Why Lawd? (Deluxe)' })).toBeVisible();
  await memberContext.close();
});
