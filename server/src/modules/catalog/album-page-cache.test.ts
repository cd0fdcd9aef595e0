import type { AlbumDetail } from '@hearsay/contracts/catalog';
import type { SearchResult } from '@hearsay/contracts/search';
import type { DB } from '../../platform/db/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum, buildAlbums } from '../../../test/factories.ts';
import { countStatements } from '../../../test/statements.ts';
import { createUser } from '../../../test/users.ts';
import { createHydrator } from '../../hydration/hydrator.ts';

/** Album cards' makings as the hydration layer reads them (nothing kept), in the order asked. */
const hydrateAlbums = async (db: DB, ids: readonly string[], viewerId?: string) => [
  ...(await createHydrator({ db, caches: 'off' }).albums(ids, viewerId)).values(),
];

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the album page cache', () => {
  it('keeps the shared part of a page per album and drops it when the album changes, by id or slug', async () => {
    const albumId = await buildAlbum(t.db, { title: 'Cached Album', artist: 'Cache Band' });
    const [reader, rater] = await Promise.all([createUser(t), createUser(t)]);
    const page = async (ref: string, user = reader) => {
      const response = await t.inject({ url: `/api/albums/${ref}`, headers: { cookie: user.cookie } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AlbumDetail>();
    };
    const first = await page(albumId);
    expect(first).toMatchObject({ ratingCount: 0, viewerRating: null });
    expect((await page(first.slug)).ratingCount).toBe(0);
    const rated = await t.inject({
      method: 'PUT',
      url: `/api/albums/${first.slug}/rating`,
      headers: { cookie: rater.cookie },
      payload: { rating: 7 },
    });
    expect(rated.statusCode, rated.body).toBe(200);
    for (const ref of [albumId, first.slug]) {
      expect(await page(ref)).toMatchObject({ ratingCount: 1, averageRating: 7, viewerRating: null });
      expect(await page(ref, rater)).toMatchObject({ ratingCount: 1, viewerRating: 7 });
    }
    expect((await page(first.slug)).ratingDistribution.find((bucket) => bucket.rating === 7)?.count).toBe(1);
  });

  it('reads a slug again once the album it named changed', async () => {
    const albumId = await buildAlbum(t.db, { title: 'Moving Slug' });
    const reader = await createUser(t);
    const first = await t.inject({ url: `/api/albums/${albumId}`, headers: { cookie: reader.cookie } });
    const slug = first.json<AlbumDetail>().slug;
    expect((await t.inject({ url: `/api/albums/${slug}`, headers: { cookie: reader.cookie } })).json<AlbumDetail>().id).toBe(albumId);
    // The slug moves to another album; the change event of the first (a rating here) drops what was kept of it.
    await t.db
      .updateTable('album')
      .set({ slug: `${slug}-old` })
      .where('id', '=', albumId)
      .execute();
    const other = await buildAlbum(t.db, { title: 'Moving Slug Two' });
    await t.db.updateTable('album').set({ slug }).where('id', '=', other).execute();
    const rated = await t.inject({
      method: 'PUT',
      url: `/api/albums/${albumId}/rating`,
      headers: { cookie: reader.cookie },
      payload: { rating: 5 },
    });
    expect(rated.statusCode, rated.body).toBe(200);
    expect((await t.inject({ url: `/api/albums/${slug}`, headers: { cookie: reader.cookie } })).json<AlbumDetail>().id).toBe(other);
  });
});

describe('album cards', () => {
  it("show each reader's own rating, whether the card was read from the database or kept", async () => {
    const [first, second] = [
      await buildAlbum(t.db, { title: 'Quokka Morning', artist: 'Quokka Band' }),
      await buildAlbum(t.db, { title: 'Quokka Evening', artist: 'Quokka Band' }),
    ];
    const [one, two] = await Promise.all([createUser(t), createUser(t)]);
    const rate = async (person: { cookie: string }, albumId: string, rating: number) => {
      const response = await t.inject({
        method: 'PUT',
        url: `/api/albums/${albumId}/rating`,
        headers: { cookie: person.cookie },
        payload: { rating },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await rate(one, first, 8);
    await rate(two, second, 5);
    const cards = async (cookie?: string) => {
      const response = await t.inject({ url: '/api/search?q=quokka&type=albums', headers: cookie ? { cookie } : {} });
      expect(response.statusCode, response.body).toBe(200);
      return Object.fromEntries(response.json<SearchResult>().albums.map((album) => [album.title, album.viewerRating]));
    };
    // The first search reads both cards, with the reader's ratings; the next ones find the cards kept.
    expect(await cards(one.cookie)).toEqual({ 'Quokka Morning': 8, 'Quokka Evening': null });
    expect(await cards(two.cookie)).toEqual({ 'Quokka Morning': null, 'Quokka Evening': 5 });
    expect(await cards()).toEqual({ 'Quokka Morning': null, 'Quokka Evening': null });
    // A rating drops its album's card; the other card stays kept and still shows the reader's own rating.
    await rate(one, second, 3);
    expect(await cards(one.cookie)).toEqual({ 'Quokka Morning': 8, 'Quokka Evening': 3 });
    expect(await cards(two.cookie)).toEqual({ 'Quokka Morning': null, 'Quokka Evening': 5 });
  });

  it("are read in one statement: each album's row, credits, genres and the reader's rating", async () => {
    const ids = await buildAlbums(t.db, 20, 'Statement Count', 'Numbat, The Wombats');
    const reader = await createUser(t);
    await t.inject({ method: 'PUT', url: `/api/albums/${ids[3]}/rating`, headers: { cookie: reader.cookie }, payload: { rating: 6.5 } });
    const { result: cards, statements } = await countStatements(t, () => hydrateAlbums(t.db, [...ids].reverse(), reader.user.id));
    expect(statements).toBe(1);
    expect(cards.map(({ album }) => album.id)).toEqual([...ids].reverse());
    expect(cards.map((card) => card.viewerRating).filter((rating) => rating !== null)).toEqual([6.5]);
    expect(cards[16]!.viewerRating).toBe(6.5);
    expect(cards[0]!.credits.map((credit) => [credit.credited_name, credit.join_phrase])).toEqual([
      ['Numbat', ' & '],
      ['The Wombats', ''],
    ]);
    expect(cards[0]!.genres.map((genre) => genre.name)).toEqual(['Rock']);
    expect(await hydrateAlbums(t.db, [ids[0]!, 'no-such-album'])).toMatchObject([{ album: { id: ids[0] }, viewerRating: null }]);
  });
});

describe('CACHES=off', () => {
  // An edit made straight in the database tells no cache: what a page shows next says whether one answered it.
  async function titlesAfterAnEdit(app: TestApp): Promise<string[]> {
    const albumId = await buildAlbum(app.db, { title: 'Before The Edit' });
    const reader = await createUser(app);
    const search = async (cookie?: string) => {
      const response = await app.inject({ url: '/api/search?q=edit', headers: cookie ? { cookie } : {} });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<SearchResult>().albums.map((album) => album.title);
    };
    const titleOf = async (cookie?: string) => {
      const response = await app.inject({ url: `/api/albums/${albumId}`, headers: cookie ? { cookie } : {} });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AlbumDetail>().title;
    };
    await Promise.all([titleOf(reader.cookie), titleOf(), search(reader.cookie)]);
    await app.db.updateTable('album').set({ title: 'After The Edit' }).where('id', '=', albumId).execute();
    return [await titleOf(reader.cookie), await titleOf(), ...(await search(reader.cookie))];
  }

  it('answers every request from the database', async () => {
    const uncached = await createTestApp({ env: { CACHES: 'off' } });
    try {
      expect(await titlesAfterAnEdit(uncached)).toEqual(['After The Edit', 'After The Edit', 'After The Edit']);
    } finally {
      await uncached.close();
    }
  });

  it('is not the default: with caches on, the same edit stays hidden for a while', async () => {
    expect(await titlesAfterAnEdit(t)).toEqual(['Before The Edit', 'Before The Edit', 'Before The Edit']);
  });
});
