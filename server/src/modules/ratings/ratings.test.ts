import type { AlbumDetail } from '@hearsay/contracts/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

let t: TestApp;
let albumId: string;
let person: TestUser;

beforeAll(async () => {
  t = await createTestApp();
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
    expect(detail.ratingDistribution.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(40);
    expect(detail.ratingCount).toBe(40);
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
  });
});

describe('GET /api/me/ratings', () => {
  it('lists your ratings newest first with their albums, for you only', async () => {
    const user = await createUser(t);
    const older = await buildAlbum(t.db, { title: 'Older Rating' });
    const newer = await buildAlbum(t.db, { title: 'Newer Rating' });
    await rate(user, 6, older);
    await new Promise((resolve) => setTimeout(resolve, 5));
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
