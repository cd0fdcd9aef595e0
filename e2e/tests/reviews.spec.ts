import type { Page } from '@playwright/test';
import { XSS_PAYLOADS } from '../../server/test/xss-payloads.ts';
import { expect, expectAccessible, finishOnboarding, register, test } from '../support/fixtures.ts';

const TEXT = 'Late-night music that never hurries: the bass carries the songs and the silences carry the rest.';

/**
 * Waits until a payload that slipped through would have run: every image that loads at once has loaded or failed (so
 * its onerror or onload has fired; covers further down load lazily, when scrolled to) and the page has drawn two
 * frames since (autofocus, toggle and animation events come with them).
 */
async function injectedHandlersHadTheirChance(page: Page) {
  await page.waitForFunction(() => [...document.images].every((image) => image.loading === 'lazy' || image.complete));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** An album about `offset` places into the catalog by title, with a title long enough to find by search. */
async function someAlbum(page: Page, offset: number) {
  const response = await page.request.get(`/api/albums?sort=title&limit=5&page=${Math.floor(offset / 5) + 1}`);
  const items = ((await response.json()) as { items: { id: string; slug: string; title: string }[] }).items;
  return items.find((album) => album.title.length >= 6) ?? items[0]!;
}

test('write a formatted review on an album page, read it on its own page, and another person likes and comments', async ({
  page,
  browser,
}) => {
  // Two people sign up (argon2id), the review is typed key by key and axe runs twice: over a minute on two busy cores.
  test.slow();
  const author = await register(page);
  await finishOnboarding(page);
  const album = await someAlbum(page, 40 + Math.floor(Math.random() * 400));
  await page.goto(`/album/${album.slug}`);
  await page.getByRole('button', { name: 'Write Review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write a Review' });
  const publish = dialog.getByRole('button', { name: 'Publish Review' });
  await expect(publish).toBeDisabled();
  await expect(dialog.getByText('Minimum 50 characters')).toBeVisible();

  const slider = dialog.getByRole('slider', { name: `Your rating of ${album.title}` });
  await slider.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('9.5 – Excellent')).toBeVisible();
  await dialog.getByLabel('Review Title').fill('A night drive');
  const editor = dialog.getByRole('textbox', { name: 'Your Review' });
  await editor.click();
  await dialog.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('Worth it.');
  await dialog.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Bulleted list' }).click();
  await page.keyboard.type(TEXT);
  await expect(publish).toBeEnabled();
  await expectAccessible(page);
  await publish.click();
  await expect(page.getByText('Your review has been published!')).toBeVisible();
  await expect(dialog).toBeHidden();

  const section = page.getByRole('region', { name: /Reviews/ });
  const card = section.getByRole('article').filter({ hasText: 'A night drive' });
  await expect(card.locator('strong', { hasText: 'Worth it.' })).toBeVisible();
  await expect(card.locator('ul li', { hasText: 'the bass carries the songs' })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Edit your review' })).toBeVisible();
  await card.getByRole('link', { name: 'A night drive' }).click();
  await expect(page).toHaveURL(/\/review\//);
  const reviewUrl = page.url();
  await expect(page.getByRole('heading', { name: album.title })).toBeVisible();
  await expect(page.locator('strong', { hasText: 'Worth it.' })).toBeVisible();

  // Someone else likes it and comments, mentioning the author.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  const commenter = await register(other);
  await other.goto(reviewUrl);
  const like = other.getByRole('button', { name: /^Like this review, likes:/ });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toHaveText(/0$/);
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveText(/1$/);
  const authorName = (await page.request.get('/api/me').then((response) => response.json())).user.username as string;
  await other.getByRole('textbox', { name: 'Add a comment' }).fill(`Agreed, @${authorName} — that bassline!`);
  await other.getByRole('button', { name: 'Post Comment' }).click();
  const comment = other.getByRole('listitem').filter({ hasText: 'that bassline' });
  await expect(comment.getByRole('link', { name: `@${authorName}` })).toHaveAttribute('href', `/profile/${authorName}`);
  await other.goto('/favorites');
  await expect(other.getByRole('region', { name: 'Liked reviews' }).getByText('A night drive')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: /Comments/ })).toContainText('(1)');
  // The author answers the comment: the reply sits under it, and its writer is told.
  await page.getByRole('button', { name: `Reply to ${commenter.name}` }).click();
  await page.getByRole('textbox', { name: `Your reply to ${commenter.name}` }).fill('It carries the whole record.');
  await page.getByRole('button', { name: 'Post Reply' }).click();
  await expect(page.getByRole('list', { name: '1 reply' }).getByText('It carries the whole record.')).toBeVisible();
  await other.goto('/notifications');
  await expect(other.getByRole('link', { name: /replied to your comment on a review of/ })).toBeVisible();
  await otherContext.close();
  // The author edits: the earlier version stays visible.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit your review' });
  await edit.getByLabel('Review Title').fill('A night drive, revisited');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('heading', { name: 'A night drive, revisited' })).toBeVisible();
  await page.getByText('Edited — see earlier versions').click();
  await expect(page.getByText('A night drive', { exact: true })).toBeVisible();
  expect(author.email).toContain('@');

  // The library keeps the author's reviews, under their current title.
  await page.goto('/library?tab=reviews');
  await expect(page.getByRole('tab', { name: 'Reviews', selected: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'A night drive, revisited' })).toHaveAttribute(
    'href',
    reviewUrl.replace(/^https?:\/\/[^/]+/, ''),
  );
});

test('quick-add from the header: find an album, go back, pick it again and publish', async ({ page }) => {
  await register(page);
  await finishOnboarding(page);
  const album = await someAlbum(page, 500 + Math.floor(Math.random() * 400));
  await page.locator('header').getByRole('button', { name: 'Write a review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Find Album' });
  await dialog.getByRole('searchbox', { name: 'Search by title or artist' }).fill('zzqqxxnothing');
  await expect(dialog.getByText('No albums found')).toBeVisible();
  await dialog.getByRole('searchbox', { name: 'Search by title or artist' }).fill(album.title.toUpperCase());
  await dialog
    .getByRole('button', { name: new RegExp(album.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    .first()
    .click();
  const write = page.getByRole('dialog', { name: 'Write Review' });
  await write.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('dialog', { name: 'Find Album' })).toBeVisible();
  await page
    .getByRole('dialog', { name: 'Find Album' })
    .getByRole('button', { name: new RegExp(album.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    .first()
    .click();
  await write.getByRole('slider').focus();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await write.getByRole('textbox', { name: 'Your Review' }).click();
  await page.keyboard.type(TEXT);
  await write.getByRole('button', { name: 'Publish Review' }).click();
  await expect(page.getByText('Your review has been published!')).toBeVisible();
  await expect(write).toBeHidden();
  // Opening it again starts from an empty search.
  await page.locator('header').getByRole('button', { name: 'Write a review' }).click();
  await expect(page.getByRole('dialog', { name: 'Find Album' }).getByRole('searchbox')).toHaveValue('');
});

test('script-injection payloads stored through the API run nowhere on the album and review pages', async ({ page, browser }) => {
  await register(page);
  const album = await someAlbum(page, 950);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const created = await page.request.post(`/api/albums/${album.id}/reviews`, {
    data: { rating: 5, title: '<img src=x onerror=window.__xss=1>', content: `<p>${TEXT}</p>${XSS_PAYLOADS.join('')}` },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  for (const url of [`/album/${album.slug}`, `/review/${id}`]) {
    await page.goto(url);
    await expect(page.getByText('the bass carries the songs').first()).toBeVisible();
    await injectedHandlersHadTheirChance(page);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), url).toBeUndefined();
  }
  expect(dialogs).toEqual([]);

  // A visitor reads the same reviews safely; writing one asks them to sign in first.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  visitor.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await visitor.goto(`/album/${album.slug}`);
  await expect(visitor.getByText('the bass carries the songs').first()).toBeVisible();
  expect(await visitor.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  // The address bar holds the slug percent-encoded (titles keep their own letters); the redirect carries it as is.
  const albumPath = new URL(visitor.url()).pathname;
  await visitor.getByRole('button', { name: 'Write Review' }).click();
  await expect(visitor).toHaveURL(`/login?redirect=${encodeURIComponent(albumPath)}`);
  expect(dialogs).toEqual([]);
  await visitorContext.close();
});

test('Rate & Review at the top of an album page opens the Write a Review modal', async ({ page }) => {
  await register(page);
  await finishOnboarding(page);
  const album = await someAlbum(page, 500 + Math.floor(Math.random() * 400));
  await page.goto(`/album/${album.slug}`);
  await page.getByRole('button', { name: 'Rate & Review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write a Review' });
  await expect(dialog).toBeVisible();
  // First: an album named after its artist (Deltron 3030) shows the name twice.
  await expect(dialog.getByText(album.title, { exact: true }).first()).toBeVisible();
  await expect(dialog.getByRole('slider', { name: `Your rating of ${album.title}` })).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Your Review' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Publish Review' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
