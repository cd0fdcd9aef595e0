import { expect, followEachOther, register, test } from '../support/fixtures.ts';

// Albums of the starter catalog (server/catalog/albums.json). OK Computer's Spotify link is one MusicBrainz (the test
// site's stand-in) has no record of, so the words shared with it find the album; Nevermind is known by its id.
const OK_COMPUTER_ON_SPOTIFY = 'https://open.spotify.com/album/6dVIqQ8qmQ5GBnJ9shOYGE';
const NEVERMIND_ON_MUSICBRAINZ = 'https://musicbrainz.org/release-group/1b022e01-4da6-387b-8658-8678046e4cef';

test('an album shared from another app opens ready to rate, after signing in if need be', async ({ page, browser }) => {
  test.slow();
  // Someone with an account, signed out on this phone.
  const elsewhere = await browser.newContext();
  const person = await register(await elsewhere.newPage());
  await elsewhere.close();

  const shared = `/share?title=&text=${encodeURIComponent('OK Computer by Radiohead')}&url=${encodeURIComponent(OK_COMPUTER_ON_SPOTIFY)}`;
  await page.goto(shared);
  await expect(page).toHaveURL(/\/login\?redirect=%2Fshare%3F/);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL(/\/album\/[^/]*ok-computer#rate$/);
  await expect(page.getByRole('heading', { level: 1, name: 'OK Computer' })).toBeVisible();
  const stars = page.getByRole('slider', { name: /Your rating of OK Computer/ });
  await expect(stars).toBeFocused();
  await expect(stars).toBeInViewport();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect(stars).toHaveAttribute('aria-valuenow', '10');

  // The share page on its own says what it does while it looks.
  await page.goto(`/share?url=${encodeURIComponent('https://example.org/not-music')}`);
  await expect(page.getByText("This isn't a music link Hearsay can read")).toBeVisible();
});

test('a MusicBrainz link pasted into the search opens its album', async ({ page, context }) => {
  await register(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/trending');
  await page.getByRole('button', { name: 'Open search' }).click();
  const field = page.getByRole('combobox', { name: 'Search albums, artists, people and lists' });
  await expect(field).toBeFocused();
  await page.evaluate((link) => navigator.clipboard.writeText(link), NEVERMIND_ON_MUSICBRAINZ);
  await page.keyboard.press('ControlOrMeta+V');
  await expect(page).toHaveURL(/\/album\/[^/]*nevermind#rate$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Nevermind' })).toBeVisible();
});

test('the bottom bar shows a new message as it arrives', async ({ page, browser }) => {
  test.slow();
  await register(page);
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await register(other);
  const [name] = await followEachOther(page, other);

  await page.goto('/');
  const bar = page.getByRole('navigation', { name: 'Primary' });
  await expect(bar.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();

  const conversation = await other.request.post('/api/conversations', { data: { username: name } });
  expect(conversation.ok()).toBe(true);
  const { id } = (await conversation.json()) as { id: string };
  expect((await other.request.post(`/api/conversations/${id}/messages`, { data: { body: 'Have you heard In Rainbows?' } })).ok()).toBe(
    true,
  );

  await expect(bar.getByRole('link', { name: 'Messages: 1 conversation with unread messages' })).toBeVisible({ timeout: 20_000 });
  await expect(bar.getByTestId('bottom-messages-count')).toHaveAttribute('data-count', '1');
  await otherContext.close();
});
