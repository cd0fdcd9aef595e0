import { callSite, signUpOn, startOtherSite, type OtherSite } from '../support/other-site.ts';
import { expect, isPhone, newPerson, test } from '../support/fixtures.ts';

/**
 * Federation in the browser (issue #66): a member of this site finds a person of another Hearsay site by their handle
 * in the header search, follows them, and reads their review in the home feed. The other site is a second real server
 * on loopback, started once for the file; both run with FEDERATION=on and FEDERATION_ALLOW_PRIVATE=true.
 *
 * It runs once: in the desktop project on SQLite (playwright.config.ts keeps it out of the phone pass, whose specs are
 * the pages that change shape on a phone, and out of the PostgreSQL smoke run; the servers' federation tests cover
 * both databases). The phone's header search is handled all the same, should it ever run there.
 */

const REVIEW = {
  rating: 8,
  title: 'Heard from the other side of the wire',
  content: '<p>Warm, patient and a little strange: the second side opens up a bit more with every single listen.</p>',
};

let other: OtherSite;
let bob: { cookie: string; username: string };

test.beforeAll(async () => {
  // A second server migrating its database and loading the starter catalog, on two busy cores.
  test.setTimeout(120_000);
  other = await startOtherSite();
  bob = await signUpOn(other, 'Bob Brown');
});

test.afterAll(async () => {
  await other?.stop();
});

test('a member finds a person of another site by their handle, follows them, and reads their review in the home feed', async ({ page }) => {
  // Two sites' background jobs (the follow, its acceptance, the review's delivery) besides the pages.
  test.slow();
  const alice = newPerson('Alice Adams');
  const registered = await page.request.post('/api/auth/register', { data: alice });
  expect(registered.ok(), await registered.text()).toBe(true);

  const handle = `@${bob.username}@${other.host}`;
  await page.goto('/');
  const header = page.locator('header');
  if (isPhone(page)) await header.getByRole('button', { name: 'Open search' }).click();
  const box = header.getByRole('combobox', { name: 'Search albums, artists, people and lists' });
  await box.fill(handle);
  await header
    .getByRole('listbox', { name: 'Suggestions' })
    .getByRole('option', { name: `Find ${handle} on its site` })
    .click();
  await expect(page).toHaveURL(/\/search\?q=/);

  // The search page asks bob's site at once and shows his card, from there.
  const card = page.getByRole('region', { name: 'A person of another site' });
  await expect(card.getByRole('heading', { name: 'Bob Brown' })).toBeVisible({ timeout: 30_000 });
  await expect(card).toContainText(`@${bob.username}@${other.host}`);
  await expect(card).toContainText(`On ${other.host}`);
  await card.getByRole('button', { name: 'Follow Bob Brown', exact: true }).click();
  await expect(card.getByRole('button', { name: /^(Requested|Following)/ })).toBeVisible();

  // Bob's site accepts by a background job, within seconds; the card shows it when asked again.
  const following = card.getByRole('button', { name: 'Following Bob Brown: stop following' });
  await expect(async () => {
    await page.reload();
    const find = card.getByRole('button', { name: `Find ${handle} on its site` });
    if (await find.isVisible()) await find.click();
    await expect(following).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000, intervals: [500, 1_000, 2_000] });
  await expect(following).toHaveText('Following');

  // Bob reviews an album on his site after the follow, so it is delivered to alice's.
  const albums = await callSite(other, 'GET', '/api/albums?limit=1', { cookie: bob.cookie });
  const album = (albums.body as { items: { slug: string; title: string }[] }).items[0]!;
  const published = await callSite(other, 'POST', `/api/albums/${encodeURIComponent(album.slug)}/reviews`, {
    cookie: bob.cookie,
    body: REVIEW,
  });
  expect(published.status, JSON.stringify(published.body)).toBe(201);

  await page.goto('/');
  const feed = page.getByRole('region', { name: 'Activity of the people you follow' });
  const review = feed.getByRole('article', { name: `Bob Brown from ${other.host}: ${album.title}`, exact: true });
  await expect(async () => {
    await page.reload();
    await expect(review).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000, intervals: [500, 1_000, 2_000] });
  await expect(review).toContainText('Bob Brown reviewed an album');
  await expect(review).toContainText(`@${bob.username}@${other.host}`);
  await expect(review).toContainText(`from ${other.host}`);
  await expect(review.getByRole('heading', { name: REVIEW.title })).toBeVisible();
  await expect(review.getByRole('img', { name: /^Rated 8(\.0)? out of 10$/ })).toBeVisible();
  await expect(review).toContainText('the second side opens up a bit more');
  await expect(review.getByRole('link', { name: `View on ${other.host}` })).toHaveAttribute('href', new RegExp(`^${other.url}/`));

  // The album's page shows it too, under the site's own reviews, with its site, on a phone's width as well.
  await page.setViewportSize({ width: 360, height: 800 });
  await review.getByRole('link', { name: album.title, exact: true }).first().click();
  const elsewhere = page.getByRole('region', { name: /From other sites/ });
  await expect(elsewhere.getByRole('article', { name: `Bob Brown from ${other.host}` })).toContainText(REVIEW.title);
  await expect(elsewhere.getByRole('link', { name: `View on ${other.host}` })).toHaveAttribute(
    'href',
    `${other.url}/review/${(published.body as { id: string }).id}`,
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.goBack();

  // His name leads to his page here: who he is, a link to his own site, and what reached this site of his; on a phone too.
  await review.getByRole('link', { name: 'Bob Brown' }).first().click();
  await expect(page).toHaveURL(/\/people\/remote\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Bob Brown' })).toBeVisible();
  await expect(page.getByRole('link', { name: `Their page on ${other.host}` })).toHaveAttribute('href', new RegExp(`^${other.url}/`));
  const posts = page.getByRole('region', { name: 'Ratings and reviews that reached this site' });
  await expect(posts.getByRole('heading', { name: REVIEW.title })).toBeVisible();
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByRole('button', { name: 'Block' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
