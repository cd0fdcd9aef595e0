import type { AlbumDetail } from '@hearsay/contracts/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { manualClock } from '../../../test/clock.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { albumsWithWrongRatingTotals } from '../../../test/rating-totals.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

let t: TestApp;
let albumId: string;
let person: TestUser;

const clock = manualClock();

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  albumId = await buildAlbum(t.db, { title: 'Rated Album' });
  person = await createUser(t);
});
afterAll(() => t.close());

const rate = (user: TestUser, rating: unknown, album = albumId) =>
  t.inject({ method: 'PUT', url: `/api/albums/${album}/rating`, payload: { rating } as object, headers: { cookie: user.cookie } });

describe('rating an album', () => {
  it('accepts 1 to 10 in half steps and refuses anything else with a clear message', async () => {
    for (const [value, message] of [
      [0.5, 'Rating must be at least 1'],
      [10.5, 'Rating must be at most 10'],
      [7.3, 'Rating must be in steps of 0.5'],
      ['8', 'Rating must be a number from 1 to 10'],
      [undefined, 'Rating must be a number from 1 to 10'],
    ] as const) {
      const response = await rate(person, value);
      expect(response.statusCode, String(value)).toBe(400);
      expect(response.json().error.message).toContain(message);
      expect(response.json().error.message).toContain('"rating"');
    }
  });

  it('is for members, and for albums that exist', async () => {
    expect((await t.inject({ method: 'PUT', url: `/api/albums/${albumId}/rating`, payload: { rating: 8 } })).statusCode).toBe(401);
    expect((await rate(person, 8, 'no-such-album')).statusCode).toBe(404);
  });

  it('rates, changes and removes, keeping the album and profile totals exact', async () => {
    const first = await rate(person, 8);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ rating: 8, averageRating: 8, ratingCount: 1 });
    const changed = (await rate(person, 6.5)).json();
    expect(changed).toMatchObject({ rating: 6.5, averageRating: 6.5, ratingCount: 1 });
    expect(changed.ratingDistribution.find((bucket: { rating: number }) => bucket.rating === 6.5).count).toBe(1);
    expect(changed.ratingDistribution.find((bucket: { rating: number }) => bucket.rating === 8).count).toBe(0);

    const detail = (await t.inject({ url: `/api/albums/${albumId}`, headers: { cookie: person.cookie } })).json<AlbumDetail>();
    expect(detail.viewerRating).toBe(6.5);
    const profile = await t.db
      .selectFrom('profile')
      .select('ratings_count')
      .where('user_id', '=', person.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(profile.ratings_count)).toBe(1);

    const removed = (await t.inject({ method: 'DELETE', url: `/api/albums/${albumId}/rating`, headers: { cookie: person.cookie } })).json();
    expect(removed).toMatchObject({ rating: null, averageRating: null, ratingCount: 0 });
    const after = await t.db.selectFrom('profile').select('ratings_count').where('user_id', '=', person.user.id).executeTakeFirstOrThrow();
    expect(Number(after.ratings_count)).toBe(0);
  });

  it('keeps aggregates exact under 40 concurrent ratings from different people', async () => {
    const album = await buildAlbum(t.db, { title: 'Busy Album' });
    const people = await Promise.all(Array.from({ length: 40 }, () => createUser(t)));
    const values = people.map((_, index) => 1 + (index % 19) / 2);
    const responses = await Promise.all(people.map((user, index) => rate(user, values[index], album)));
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    // Then half of them change their minds at once.
    await Promise.all(people.slice(0, 20).map((user) => rate(user, 10, album)));
    const expected = [...Array<number>(20).fill(10), ...values.slice(20)];
    const row = await t.db
      .selectFrom('album')
      .select(['rating_count', 'rating_sum', 'rating_average'])
      .where('id', '=', album)
      .executeTakeFirstOrThrow();
    expect(Number(row.rating_count)).toBe(40);
    expect(Number(row.rating_sum)).toBeCloseTo(
      expected.reduce((sum, value) => sum + value, 0),
      6,
    );
    expect(Number(row.rating_average)).toBeCloseTo(expected.reduce((sum, value) => sum + value, 0) / 40, 6);
    const detail = (await t.inject(`/api/albums/${album}`)).json<AlbumDetail>();
    expect(detail.ratingCount).toBe(40);
    for (const bucket of detail.ratingDistribution) {
      expect(bucket.count, String(bucket.rating)).toBe(expected.filter((value) => value === bucket.rating).length);
    }
    expect(await albumsWithWrongRatingTotals(t.db, [album])).toEqual([]);
  });

  it('answers with the totals its own write left, and is news in feeds when first given and when its value changes', async () => {
    const album = await buildAlbum(t.db, { title: 'Often Changed' });
    const [first, second] = await Promise.all([createUser(t), createUser(t)]);
    const feedAt = async (user: TestUser) =>
      (
        await t.db
          .selectFrom('rating')
          .select('feed_at')
          .where('user_id', '=', user.user.id)
          .where('album_id', '=', album)
          .executeTakeFirst()
      )?.feed_at;
    expect((await rate(first, 4, album)).json()).toMatchObject({ averageRating: 4, ratingCount: 1 });
    const given = await feedAt(first);
    expect(given).toBe(clock.now().toISOString());
    expect((await rate(second, 9, album)).json()).toMatchObject({ averageRating: 6.5, ratingCount: 2 });
    clock.advance(60_000);
    // The same value again is not news; a new value is.
    await rate(first, 4, album);
    expect(await feedAt(first)).toBe(given);
    expect((await rate(first, 6, album)).json()).toMatchObject({ averageRating: 7.5, ratingCount: 2 });
    expect(await feedAt(first)).toBe(clock.now().toISOString());
    const removed = await t.inject({ method: 'DELETE', url: `/api/albums/${album}/rating`, headers: { cookie: first.cookie } });
    expect(removed.json()).toMatchObject({ averageRating: 9, ratingCount: 1 });
    expect(await feedAt(first)).toBeUndefined();
  });

  it('one person rating twice at the same moment still counts once', async () => {
    const album = await buildAlbum(t.db, { title: 'Double Click' });
    const user = await createUser(t);
    const results = await Promise.all([rate(user, 7, album), rate(user, 9, album), rate(user, 8, album)]);
    expect(results.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const row = await t.db.selectFrom('album').select(['rating_count', 'rating_sum']).where('id', '=', album).executeTakeFirstOrThrow();
    const mine = await t.db.selectFrom('rating').select('rating').where('album_id', '=', album).execute();
    expect(mine).toHaveLength(1);
    expect(Number(row.rating_count)).toBe(1);
    expect(Number(row.rating_sum)).toBe(Number(mine[0]!.rating));
    expect(await albumsWithWrongRatingTotals(t.db, [album])).toEqual([]);
  });

  it('takes a deleted account’s ratings out of every album’s totals and distribution', async () => {
    const [album, other] = [await buildAlbum(t.db, { title: 'Left Behind' }), await buildAlbum(t.db, { title: 'Also Left' })];
    const [leaving, staying] = [await createUser(t), await createUser(t)];
    await rate(leaving, 9.5, album);
    await rate(leaving, 2, other);
    await rate(staying, 9.5, album);
    const deleted = await t.inject({
      method: 'DELETE',
      url: '/api/me',
      payload: { password: leaving.password },
      headers: { cookie: leaving.cookie },
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const page = (await t.inject(`/api/albums/${album}`)).json<AlbumDetail>();
    expect(page).toMatchObject({ ratingCount: 1, averageRating: 9.5 });
    expect(page.ratingDistribution.find((bucket) => bucket.rating === 9.5)?.count).toBe(1);
    expect((await t.inject(`/api/albums/${other}`)).json<AlbumDetail>().ratingDistribution.every((bucket) => bucket.count === 0)).toBe(
      true,
    );
    expect(await albumsWithWrongRatingTotals(t.db, [album, other])).toEqual([]);
  });
});

describe('GET /api/me/ratings', () => {
  it('lists your ratings newest first with their albums, for you only', async () => {
    const user = await createUser(t);
    const older = await buildAlbum(t.db, { title: 'Older Rating' });
    const newer = await buildAlbum(t.db, { title: 'Newer Rating' });
    await rate(user, 6, older);
    clock.advance();
    await rate(user, 9.5, newer);
    const page = (await t.inject({ url: '/api/me/ratings', headers: { cookie: user.cookie } })).json();
    expect(page.total).toBe(2);
    expect(page.items.map((item: { album: { title: string }; rating: number }) => [item.album.title, item.rating])).toEqual([
      ['Newer Rating', 9.5],
      ['Older Rating', 6],
    ]);
    expect(page.items[0].album.viewerRating).toBe(9.5);
    expect((await t.inject('/api/me/ratings')).statusCode).toBe(401);
  });
});

describe('GET /api/me/ratings filters and sorts (the library)', () => {
  it('filters by the album’s genre and decade and by your rating, and sorts by date or rating', async () => {
    const user = await createUser(t);
    const albums = {
      jazz59: await buildAlbum(t.db, { title: 'Filter Jazz 59', genres: ['Jazz'], releaseDate: '1959-08-17' }),
      jazz64: await buildAlbum(t.db, { title: 'Filter Jazz 64', genres: ['Jazz'], releaseDate: '1964-12-01' }),
      rock97: await buildAlbum(t.db, { title: 'Filter Rock 97', genres: ['Rock'], releaseDate: '1997-05-21' }),
      rock91: await buildAlbum(t.db, { title: 'Filter Rock 91', genres: ['Rock'], releaseDate: '1991-09-24' }),
    };
    for (const [album, value] of [
      [albums.jazz59, 10],
      [albums.rock97, 7.5],
      [albums.jazz64, 6],
      [albums.rock91, 9],
    ] as const) {
      expect((await rate(user, value, album)).statusCode).toBe(200);
      clock.advance();
    }
    const titles = async (query: string) => {
      const response = await t.inject({ url: `/api/me/ratings?${query}`, headers: { cookie: user.cookie } });
      expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
      const page = response.json();
      return { titles: page.items.map((item: { album: { title: string } }) => item.album.title), total: page.total };
    };
    expect(await titles('')).toEqual({ titles: ['Filter Rock 91', 'Filter Jazz 64', 'Filter Rock 97', 'Filter Jazz 59'], total: 4 });
    expect((await titles('order=asc')).titles).toEqual(['Filter Jazz 59', 'Filter Rock 97', 'Filter Jazz 64', 'Filter Rock 91']);
    expect((await titles('sort=rating')).titles).toEqual(['Filter Jazz 59', 'Filter Rock 91', 'Filter Rock 97', 'Filter Jazz 64']);
    expect((await titles('sort=rating&order=asc')).titles).toEqual([
      'Filter Jazz 64',
      'Filter Rock 97',
      'Filter Rock 91',
      'Filter Jazz 59',
    ]);
    expect(await titles('genre=jazz')).toEqual({ titles: ['Filter Jazz 64', 'Filter Jazz 59'], total: 2 });
    expect(await titles('decade=1990&sort=rating')).toEqual({ titles: ['Filter Rock 91', 'Filter Rock 97'], total: 2 });
    expect(await titles('minRating=9')).toEqual({ titles: ['Filter Rock 91', 'Filter Jazz 59'], total: 2 });
    expect(await titles('genre=rock&decade=1990&minRating=8')).toEqual({ titles: ['Filter Rock 91'], total: 1 });
    expect(await titles('genre=jazz&decade=1990')).toEqual({ titles: [], total: 0 });
    expect(await titles('sort=rating&limit=2&page=2')).toEqual({ titles: ['Filter Rock 97', 'Filter Jazz 64'], total: 4 });
  });

  it('refuses filters it cannot apply with a clear message', async () => {
    const user = await createUser(t);
    for (const [query, status, message] of [
      ['decade=1995', 400, 'decade must be a year ending in 0'],
      ['decade=1800', 400, 'decade must be 1900 or later'],
      ['minRating=11', 400, 'minRating must be at most 10'],
      ['minRating=7.3', 400, 'minRating must be in steps of 0.5'],
      ['minRating=high', 400, 'minRating must be a number from 1 to 10'],
      ['sort=loudness', 400, 'sort must be "date", "rating", "release" or "title"'],
      ['genre=Not%20A%20Slug', 400, 'genre must be a genre slug'],
      ['genre=no-such-genre', 404, 'There is no genre called "no-such-genre".'],
    ] as const) {
      const response = await t.inject({ url: `/api/me/ratings?${query}`, headers: { cookie: user.cookie } });
      expect(response.statusCode, query).toBe(status);
      expect(response.json().error.message, query).toContain(message);
    }
  });
});
