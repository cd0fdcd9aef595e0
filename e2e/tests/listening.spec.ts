import type { Page } from '@playwright/test';
import { expect, expectAccessible, finishOnboarding, register, test } from '../support/fixtures.ts';

/** Creates a token for players in Settings → Listening with the person's password; the secret, as shown once. */
async function createListensToken(page: Page, password: string): Promise<string> {
  await page.goto('/settings?tab=listening');
  const connect = page.getByRole('region', { name: 'Connect a player' });
  await connect.getByRole('button', { name: 'Create a listening token' }).click();
  await expect(connect.getByLabel('Name')).toHaveValue('Music player');
  await expect(connect.getByLabel('Expires')).toHaveValue('never');
  await connect.getByLabel('Current Password').fill(password);
  await connect.getByRole('button', { name: 'Create a listening token' }).click();
  await expect(connect.getByText('Copy your token now: it will not be shown again.')).toBeVisible();
  const secret = await connect.getByLabel('Token').inputValue();
  expect(secret).toMatch(/^hsy_[A-Za-z0-9_-]{43}$/);
  return secret;
}

test.describe('Settings → Listening', () => {
  test('a member finds the addresses for their players and makes a token that can only send listens', async ({
    page,
    request,
    context,
  }) => {
    const person = await register(page);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/settings?tab=listening');
    const origin = new URL(page.url()).origin;

    const status = page.getByRole('region', { name: 'Is it working?' });
    await expect(status.getByRole('status')).toHaveText('No listen received yet.');
    await expect(status).toContainText('0 in the last 24 hours · 0 listens in all');

    // Each player gets the address it asks for.
    await expect(page.getByRole('region', { name: 'Web Scrobbler (browser extension)' })).toContainText(`${origin}/1/submit-listens`);
    await expect(page.getByRole('region', { name: 'Pano Scrobbler (Android, Windows, Linux)' })).toContainText(`${origin}/`);
    await page.getByRole('button', { name: 'Copy the API root' }).click();
    await expect(page.getByText('Copied', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/1/`);

    const secret = await createListensToken(page, person.password);
    await expectAccessible(page);
    // The token reaches nothing of the site's own API.
    const refused = await request.get('/api/me', { headers: { authorization: `Bearer ${secret}` } });
    expect(refused.status()).toBe(403);

    await page.goto('/settings?tab=security');
    const row = page.getByRole('region', { name: 'Access tokens' }).getByRole('listitem').filter({ hasText: 'Music player' });
    await expect(row).toContainText('listens');
    await expect(row).not.toContainText('read');
  });

  /**
   * Needs the ListenBrainz-compatible API (`/1/submit-listens`) and the matching of listens to albums with their roll-up
   * into the journal, which are built apart from this page.
   */
  test('a listen a player sends shows on the live line, then in the journal and in "Played, not rated yet", and one tap rates it', async ({
    page,
    request,
  }) => {
    const person = await register(page);
    await finishOnboarding(page);
    const secret = await createListensToken(page, person.password);
    const status = page.getByRole('region', { name: 'Is it working?' });
    await expect(status.getByRole('status')).toHaveText('No listen received yet.');

    // An album of the starter catalog with its tracks listed: the player plays it through, one listen per track.
    type Album = { id: string; slug: string; title: string; artistCredit: string; tracks: { title: string; durationMs: number | null }[] };
    const list = (await (await request.get('/api/albums?sort=title&limit=40&page=3')).json()) as { items: { slug: string }[] };
    let album: Album | undefined;
    for (const { slug } of list.items) {
      const candidate = (await (await request.get(`/api/albums/${slug}`)).json()) as Album;
      if (candidate.tracks.length >= 3) {
        album = candidate;
        break;
      }
    }
    if (!album) throw new Error('no album of the starter catalog lists its tracks');
    const durations = album.tracks.map((track) => Math.round((track.durationMs ?? 240_000) / 1000));
    let listenedAt = Math.floor(Date.now() / 1000) - durations.reduce((sum, seconds) => sum + seconds, 0);
    for (const [index, track] of album.tracks.entries()) {
      // As a player sends it: plain HTTP, the token in the Authorization header, one listen at a time.
      const sent = await request.post('/1/submit-listens', {
        headers: { authorization: `Token ${secret}`, 'content-type': 'application/json' },
        data: {
          listen_type: 'single',
          payload: [
            {
              listened_at: listenedAt,
              track_metadata: {
                artist_name: album.artistCredit,
                track_name: track.title,
                release_name: album.title,
                additional_info: {
                  duration_ms: durations[index]! * 1000,
                  submission_client: 'Navidrome',
                  submission_client_version: '0.53.3',
                },
              },
            },
          ],
        },
      });
      expect(sent.status(), await sent.text()).toBe(200);
      expect(await sent.json()).toEqual({ status: 'ok' });
      listenedAt += durations[index]!;
    }
    const lastTrack = album.tracks.at(-1)!.title;

    // The tab asks again by itself: the line changes without a reload.
    await expect(status.getByRole('status')).toContainText('Last listen received', { timeout: 30_000 });
    await expect(status.getByRole('status')).toContainText('from Navidrome');
    await expect(status.getByRole('status')).toContainText(`${album.artistCredit} — ${lastTrack}`);

    // Matching and the roll-up run as a job: wait until the album is matched and rolled up.
    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/api/me/played-not-rated')).json()) as { items: { album: { id: string } }[] }).items.map(
            (item) => item.album.id,
          ),
        { timeout: 30_000 },
      )
      .toContain(album.id);
    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/api/me/journal')).json()) as { items: { album: { id: string } }[] }).items.map(
            (entry) => entry.album.id,
          ),
        { timeout: 30_000 },
      )
      .toContain(album.id);

    await page.goto('/library?tab=journal');
    await expect(page.getByRole('link', { name: album.title, exact: true }).first()).toBeVisible();

    // The home page comes from the server with the album already in it, above the feed.
    const served = await (await page.request.get('/')).text();
    expect(served).toContain('Played, not rated yet');
    // As React writes text into HTML.
    const asHtml = (text: string) =>
      text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
    expect(served).toContain(asHtml(album.title));
    await page.goto('/');
    const played = page.getByRole('region', { name: 'Played, not rated yet' });
    const item = played.getByRole('listitem').filter({ hasText: album.title });
    await expect(item).toContainText(`${album.tracks.length} play`);
    // One tap on the stars, near the end of the fifth: 9 out of 10.
    const stars = item.getByRole('slider', { name: `Rate ${album.title} by ${album.artistCredit}` });
    const box = (await stars.boundingBox())!;
    await stars.click({ position: { x: box.width * 0.88, y: box.height / 2 } });
    await expect(page.getByText(`Rated ${album.title}`)).toBeVisible();
    await expect(played).toBeHidden();

    const mine = (await (await page.request.get('/api/me/ratings')).json()) as { items: { album: { id: string }; rating: number }[] };
    expect(mine.items.find((rating) => rating.album.id === album.id)?.rating).toBe(9);
    await page.goto('/library?tab=played');
    await expect(page.getByText('Nothing waiting for a rating')).toBeVisible();
  });
});
