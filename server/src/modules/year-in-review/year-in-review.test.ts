import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { manualClock } from '../../../test/clock.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { requestsTo } from '../../../test/requests.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

const LONG = 'A record that keeps its best ideas for the second side, and rewards every patient listener with them.';
const DAY = 24 * 3600 * 1000;

let t: TestApp;
const clock = manualClock(new Date('2025-02-03T10:00:00.000Z'));
const webDist = mkdtempSync(join(tmpdir(), 'hearsay-year-web-'));
const { call, act } = requestsTo(() => t);
const name = (person: TestUser) => person.user.username;
const yearOf = (person: TestUser, year: number, viewer: TestUser | null = person) =>
  call('GET', `/api/users/${name(person)}/year/${year}`, viewer);
const cardOf = (person: TestUser, year: number, viewer: TestUser | null = null) =>
  call('GET', `/api/users/${name(person)}/year/${year}/card.png`, viewer);

let ana: TestUser;
let fans: TestUser[];
const albums: Record<string, string> = {};
let bestReviewId: string;

/** Someone who joined on this day: their years on Hearsay start then. */
async function joinedOn(person: TestUser, day: string) {
  await t.db.updateTable('user').set({ created_at: day }).where('id', '=', person.user.id).execute();
}

beforeAll(async () => {
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html lang="en"><head><!--hearsay:head--></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ clock: clock.now, env: { WEB_DIST: webDist, PUBLIC_URL: 'https://music.example.org' } });
  ana = await createUser(t, { name: 'Ana <Lopez> & "Co"' });
  fans = await Promise.all([createUser(t), createUser(t), createUser(t)]);
  await joinedOn(ana, '2024-06-01T00:00:00.000Z');
  albums.heat = await buildAlbum(t.db, { title: 'Heat Wave', artist: 'Volt', releaseDate: '1999', genres: ['Rock'] });
  albums.blue = await buildAlbum(t.db, { title: 'Blue Rooms', artist: 'Miles Apart', releaseDate: '1965', genres: ['Jazz'] });
  albums.grit = await buildAlbum(t.db, { title: 'Grit', artist: 'Fuzz Union', releaseDate: '1994-05-01', genres: ['Rock'] });
  albums.pulse = await buildAlbum(t.db, { title: 'Pulse', artist: 'Grid Lines', releaseDate: '2012', genres: ['Electronic'] });
  albums.later = await buildAlbum(t.db, { title: 'Later On', artist: 'Slow Hands', releaseDate: '2021', genres: ['Jazz'] });
  albums.again = await buildAlbum(t.db, { title: 'Again', artist: 'Loop', releaseDate: '2020', genres: ['Electronic'] });

  // 2025: three ratings, two reviews (each rates its album too), five listens, one new follower.
  await act('PUT', `/api/albums/${albums.heat}/rating`, ana, { rating: 10 });
  clock.advance(DAY);
  await act('PUT', `/api/albums/${albums.blue}/rating`, ana, { rating: 7.5 });
  clock.advance(DAY);
  await act('PUT', `/api/albums/${albums.grit}/rating`, ana, { rating: 8 });
  const liked = await act('POST', `/api/albums/${albums.pulse}/reviews`, ana, { rating: 6, title: 'Cold <b>comfort</b>', content: LONG });
  bestReviewId = liked.id;
  const other = await act('POST', `/api/albums/${albums.grit}/reviews`, ana, { rating: 8, content: LONG });
  for (const fan of fans) await act('PUT', `/api/reviews/${bestReviewId}/like`, fan);
  await act('PUT', `/api/reviews/${other.id}/like`, fans[0]!);
  for (const [album, day] of [
    [albums.blue, '2025-01-10'],
    [albums.blue, '2025-01-20'],
    [albums.blue, '2025-02-01'],
    [albums.heat, '2025-01-15'],
    [albums.heat, '2025-01-16'],
    [albums.grit, '2025-02-02'],
  ] as const) {
    await act('POST', '/api/me/journal', ana, { albumId: album, listenedOn: day });
  }
  await act('POST', '/api/me/journal', ana, { albumId: albums.pulse, listenedOn: '2024-12-31' });
  await act('PUT', `/api/users/${name(ana)}/follow`, fans[1]!);

  // 2026: two new ratings, a changed one (still counted in 2025, its first date), one listen, a review hidden by moderators.
  clock.advance(400 * DAY);
  await act('PUT', `/api/albums/${albums.later}/rating`, ana, { rating: 9 });
  await act('PUT', `/api/albums/${albums.again}/rating`, ana, { rating: 4 });
  await act('PUT', `/api/albums/${albums.heat}/rating`, ana, { rating: 9.5 });
  await act('POST', '/api/me/journal', ana, { albumId: albums.later, listenedOn: '2026-03-01' });
  const hidden = await act('POST', `/api/albums/${albums.later}/reviews`, ana, { rating: 9, content: LONG });
  await t.db.updateTable('review').set({ hidden_reason: 'Spoilers' }).where('id', '=', hidden.id).execute();
  await act('PUT', `/api/users/${name(fans[2]!)}/follow`, ana);
}, 60_000);
afterAll(() => t?.close());

describe('year in review', () => {
  it('counts a year exactly: ratings, average, distribution, genres, decades, listens, the best-liked review, follows', async () => {
    const response = await yearOf(ana, 2025, fans[0]!);
    expect(response.statusCode).toBe(200);
    const year = response.json();
    expect(year).toMatchObject({
      person: { username: name(ana), name: 'Ana <Lopez> & "Co"' },
      year: 2025,
      firstYear: 2024,
      lastYear: 2026,
      isOwner: false,
      rated: 4,
      // 9.5 (Heat Wave, rated in 2025 and changed since), 7.5, 8, 6.
      averageRating: 7.8,
      listens: 6,
      reviewsWritten: 2,
      newFollowers: 1,
      newFollowing: 0,
    });
    expect(year.distribution).toHaveLength(19);
    expect(year.distribution.filter((bucket: { count: number }) => bucket.count > 0)).toEqual([
      { rating: 6, count: 1 },
      { rating: 7.5, count: 1 },
      { rating: 8, count: 1 },
      { rating: 9.5, count: 1 },
    ]);
    expect(year.topRated.map((item: { album: { title: string }; rating: number }) => [item.album.title, item.rating])).toEqual([
      ['Heat Wave', 9.5],
      ['Grit', 8],
      ['Blue Rooms', 7.5],
      ['Pulse', 6],
    ]);
    // The catalog files 1990s releases under its "90s" genre too.
    expect(year.topGenres.map((genre: { name: string; count: number }) => [genre.name, genre.count])).toEqual([
      ['90s', 2],
      ['Rock', 2],
      ['Electronic', 1],
      ['Jazz', 1],
    ]);
    expect(year.topDecades).toEqual([
      { decade: 1990, count: 2 },
      { decade: 2010, count: 1 },
      { decade: 1960, count: 1 },
    ]);
    expect(year.mostListened.map((item: { album: { title: string }; listens: number }) => [item.album.title, item.listens])).toEqual([
      ['Blue Rooms', 3],
      ['Heat Wave', 2],
      ['Grit', 1],
    ]);
    expect(year.topReview).toMatchObject({
      id: bestReviewId,
      title: 'Cold <b>comfort</b>',
      likeCount: 3,
      rating: 6,
      album: { title: 'Pulse' },
    });
    expect(year.topReview.excerpt).toContain('second side');
  });

  it('counts the next year on its own; a hidden review never appears, and the owner sees their own', async () => {
    const year = (await yearOf(ana, 2026)).json();
    expect(year).toMatchObject({
      isOwner: true,
      rated: 2,
      averageRating: 6.5,
      listens: 1,
      reviewsWritten: 0,
      topReview: null,
      newFollowing: 1,
    });
    expect(year.topRated.map((item: { album: { title: string } }) => item.album.title)).toEqual(['Later On', 'Again']);
    expect(year.topDecades).toEqual([{ decade: 2020, count: 2 }]);
    expect(year.mostListened).toEqual([expect.objectContaining({ listens: 1, album: expect.objectContaining({ title: 'Later On' }) })]);
  });

  it('shows a year with nothing in it as empty, and years outside the membership as not found', async () => {
    // 2024: only the listen logged on its last day.
    expect((await yearOf(ana, 2024)).json()).toMatchObject({ rated: 0, averageRating: null, topRated: [], listens: 1, reviewsWritten: 0 });
    const empty = (await yearOf(fans[0]!, 2026)).json();
    expect(empty).toMatchObject({
      rated: 0,
      averageRating: null,
      topRated: [],
      topGenres: [],
      topDecades: [],
      listens: 0,
      mostListened: [],
    });
    expect(empty).toMatchObject({ reviewsWritten: 0, topReview: null, newFollowers: 0, newFollowing: 0 });
    for (const year of [2023, 2027, 1900]) {
      const response = await yearOf(ana, year);
      expect(response.statusCode, String(year)).toBe(404);
      expect(response.json().error).toMatchObject({ code: 'year_not_found', message: expect.stringContaining('2024 to 2026') });
    }
    const bad = await call('GET', `/api/users/${name(ana)}/year/twenty`, ana);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('year must be a year of four digits');
    expect((await call('GET', '/api/users/nobody-here/year/2025', ana)).statusCode).toBe(404);
    // A visitor reads a public profile's year as a signed-in stranger does.
    const visitor = await yearOf(ana, 2025, null);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual((await yearOf(ana, 2025, fans[0]!)).json());
  });

  it('keeps to the profile’s privacy: closed profiles 403, blocks 404 both ways, ratings not shared 403, listens not shared left out', async () => {
    const [owner, follower, stranger, blocked] = await Promise.all([createUser(t), createUser(t), createUser(t), createUser(t)]);
    await act('PUT', `/api/albums/${albums.heat}/rating`, owner, { rating: 8 });
    await act('POST', '/api/me/journal', owner, { albumId: albums.heat });
    await act('PUT', `/api/users/${name(owner)}/follow`, follower);
    await act('PUT', `/api/users/${name(blocked)}/block`, owner);
    const now = clock.now().getUTCFullYear();

    await act('PUT', '/api/me/visibility', owner, { visibility: 'followers' });
    expect((await yearOf(owner, now, follower)).statusCode).toBe(200);
    const closed = await yearOf(owner, now, stranger);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().error).toMatchObject({ code: 'profile_private', message: 'Only approved followers see this profile.' });
    expect((await yearOf(owner, now, null)).statusCode).toBe(401);

    await act('PUT', '/api/me/visibility', owner, { visibility: 'private' });
    for (const viewer of [follower, stranger]) {
      expect((await yearOf(owner, now, viewer)).json().error).toMatchObject({
        code: 'profile_private',
        message: 'This profile is private.',
      });
    }
    expect((await yearOf(owner, now, owner)).json()).toMatchObject({ rated: 1, isOwner: true });

    await act('PUT', '/api/me/visibility', owner, { visibility: 'public' });
    expect((await yearOf(owner, now, blocked)).statusCode).toBe(404);
    expect((await yearOf(blocked, now, owner)).statusCode).toBe(404);

    await act('PATCH', '/api/me/settings', owner, { sharing: { listening: false } });
    expect((await yearOf(owner, now, stranger)).json()).toMatchObject({ rated: 1, listens: null, mostListened: null });
    expect((await yearOf(owner, now, owner)).json()).toMatchObject({ listens: 1 });

    await act('PATCH', '/api/me/settings', owner, { sharing: { ratings: false } });
    const notShared = await yearOf(owner, now, stranger);
    expect(notShared.statusCode).toBe(403);
    expect(notShared.json().error.code).toBe('ratings_not_shared');
    expect((await yearOf(owner, now, owner)).statusCode).toBe(200);
  });

  it('leaves out albums still pending, except for the member whose import added them', async () => {
    const [owner, viewer] = await Promise.all([createUser(t), createUser(t)]);
    const pending = await buildAlbum(t.db, { title: 'Bootleg Tape', genres: ['Rock'] });
    await t.db.updateTable('album').set({ status: 'pending', created_by: owner.user.id }).where('id', '=', pending).execute();
    await act('PUT', `/api/albums/${pending}/rating`, owner, { rating: 7 });
    const now = clock.now().getUTCFullYear();
    expect((await yearOf(owner, now, owner)).json()).toMatchObject({ rated: 1, topRated: [expect.objectContaining({ rating: 7 })] });
    expect((await yearOf(owner, now, viewer)).json()).toMatchObject({ rated: 0, topRated: [] });
  });

  it('draws a 1200×630 PNG card, cached by ETag; a closed profile gets the default picture', async () => {
    const card = await cardOf(ana, 2025);
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');
    expect(card.headers['cache-control']).toBe('public, max-age=600');
    const meta = await sharp(card.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    const again = await t.inject({
      url: `/api/users/${name(ana)}/year/2025/card.png`,
      headers: { 'if-none-match': card.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect((await cardOf(ana, 2025, fans[0]!)).headers['cache-control']).toBe('private, no-cache');
    expect((await cardOf(ana, 2026)).headers.etag).not.toBe(card.headers.etag);

    const [closed, quiet] = await Promise.all([createUser(t), createUser(t)]);
    await act('PUT', '/api/me/visibility', closed, { visibility: 'followers' });
    await act('PATCH', '/api/me/settings', quiet, { sharing: { ratings: false } });
    const now = clock.now().getUTCFullYear();
    const defaults = await Promise.all([cardOf(closed, now), cardOf(closed, now, closed), cardOf(quiet, now)]);
    for (const answer of defaults) {
      expect(answer.statusCode).toBe(200);
      expect((await sharp(answer.rawPayload).metadata()).width).toBe(1200);
      expect(answer.rawPayload.equals(defaults[0]!.rawPayload)).toBe(true);
    }
    expect(defaults[0]!.rawPayload.equals(card.rawPayload)).toBe(false);
    expect((await cardOf(ana, 2023)).statusCode).toBe(404);
  });

  it('gives the shared page Open Graph tags pointing at the card, and the default preview when closed', async () => {
    const page = await t.inject(`/profile/${name(ana)}/year/2025`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      `<meta property="og:title" content="Ana &#60;Lopez&#62; &#38; &#34;Co&#34;&#39;s 2025 in music — Hearsay">`,
    );
    expect(page.body).toContain(
      '<meta property="og:description" content="4 albums rated, an average of 7.8/10. Most of all: 90s, Rock, Electronic.">',
    );
    expect(page.body).toContain(`<meta property="og:image" content="https://music.example.org/api/users/${name(ana)}/year/2025/card.png">`);

    const closed = await createUser(t);
    await act('PUT', '/api/me/visibility', closed, { visibility: 'private' });
    const closedPage = await t.inject(`/profile/${name(closed)}/year/${clock.now().getUTCFullYear()}`);
    expect(closedPage.body).toContain('<meta property="og:image" content="https://music.example.org/og-default.png">');
    expect(closedPage.body).not.toContain('card.png');
  });
});
