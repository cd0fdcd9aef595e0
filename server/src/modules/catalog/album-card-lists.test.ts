import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../platform/db/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { findAlbumPage } from './albums.repository.ts';
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

/** What a card shows, read through the album row's own lists. */
async function card(albumId: string) {
  const [album] = await hydrateAlbums(t.db, [albumId]);
  return {
    credits: album!.credits.map((credit) => ({
      artist: credit.name,
      slug: credit.slug,
      as: credit.credited_name,
      position: credit.position,
    })),
    genres: album!.genres.map((genre) => ({ slug: genre.slug, name: genre.name, kind: genre.kind })),
  };
}

/** The same, gathered from the tables the lists are made from: what the card must agree with. */
async function truth(db: DB, albumId: string) {
  const credits = await db
    .selectFrom('album_artist')
    .innerJoin('artist', 'artist.id', 'album_artist.artist_id')
    .select(['artist.name as artist', 'artist.slug', 'album_artist.credited_name as as', 'album_artist.position'])
    .where('album_artist.album_id', '=', albumId)
    .orderBy('album_artist.position')
    .execute();
  const genres = await db
    .selectFrom('album_genre')
    .innerJoin('genre', 'genre.id', 'album_genre.genre_id')
    .select(['genre.slug', 'genre.name', 'genre.kind'])
    .where('album_genre.album_id', '=', albumId)
    .orderBy('album_genre.position')
    .execute();
  return { credits: credits.map((credit) => ({ ...credit, position: Number(credit.position) })), genres };
}

describe("an album's credits and genres, kept on the album row (decision 049)", () => {
  it('are there for a new album, in order, on its card and its page', async () => {
    const albumId = await buildAlbum(t.db, { title: 'Kept Lists', artist: 'First Band, Second Band' });
    const shown = await card(albumId);
    expect(shown.credits.map((credit) => credit.artist)).toEqual(['First Band', 'Second Band']);
    expect(shown.genres.length).toBeGreaterThan(0);
    expect(shown).toEqual(await truth(t.db, albumId));
    const page = await findAlbumPage(t.db, albumId);
    expect(page!.credits).toEqual((await hydrateAlbums(t.db, [albumId]))[0]!.credits);
    expect(page!.genres).toEqual((await hydrateAlbums(t.db, [albumId]))[0]!.genres);
  });

  it('follow an artist renamed, on every album of theirs, and only theirs', async () => {
    const [one, two, other] = await Promise.all([
      buildAlbum(t.db, { artist: 'Renamed Soon' }),
      buildAlbum(t.db, { artist: 'Renamed Soon, Guest' }),
      buildAlbum(t.db, { artist: 'Left Alone' }),
    ]);
    const before = await card(other);
    const artist = await t.db.selectFrom('artist').select('id').where('name', '=', 'Renamed Soon').executeTakeFirstOrThrow();
    await t.db.updateTable('artist').set({ name: 'Renamed Now', slug: 'renamed-now' }).where('id', '=', artist.id).execute();
    for (const albumId of [one, two]) {
      const shown = await card(albumId);
      expect(shown.credits[0]).toMatchObject({ artist: 'Renamed Now', slug: 'renamed-now' });
      expect(shown).toEqual(await truth(t.db, albumId));
    }
    expect(await card(other)).toEqual(before);
  });

  it('follow credits added, moved to another artist (a merge) and removed, and an artist deleted', async () => {
    const albumId = await buildAlbum(t.db, { artist: 'Solo Act' });
    const guest = await buildAlbum(t.db, { artist: 'Guest Star' });
    const guestArtist = await t.db.selectFrom('album_artist').select('artist_id').where('album_id', '=', guest).executeTakeFirstOrThrow();
    await t.db
      .insertInto('album_artist')
      .values({ album_id: albumId, artist_id: guestArtist.artist_id, position: 1, credited_name: 'Guest Star', join_phrase: '' })
      .execute();
    expect((await card(albumId)).credits.map((credit) => credit.artist)).toEqual(['Solo Act', 'Guest Star']);
    expect(await card(albumId)).toEqual(await truth(t.db, albumId));

    const solo = await t.db
      .selectFrom('album_artist')
      .select('artist_id')
      .where('album_id', '=', albumId)
      .where('position', '=', 0)
      .executeTakeFirstOrThrow();
    const merged = await buildAlbum(t.db, { artist: 'Merged Into' });
    const mergedArtist = await t.db.selectFrom('album_artist').select('artist_id').where('album_id', '=', merged).executeTakeFirstOrThrow();
    await t.db.updateTable('album_artist').set({ artist_id: mergedArtist.artist_id }).where('artist_id', '=', solo.artist_id).execute();
    expect((await card(albumId)).credits.map((credit) => credit.artist)).toEqual(['Merged Into', 'Guest Star']);

    await t.db.deleteFrom('album_artist').where('album_id', '=', albumId).where('position', '=', 1).execute();
    expect((await card(albumId)).credits.map((credit) => credit.artist)).toEqual(['Merged Into']);

    // Deleting an artist takes their credits with it (a cascade), and the cards follow.
    await t.db.deleteFrom('artist').where('id', '=', guestArtist.artist_id).execute();
    expect((await card(guest)).credits).toEqual([]);
    expect(await card(albumId)).toEqual(await truth(t.db, albumId));
  });

  it('follow genres added, renamed and removed', async () => {
    const albumId = await buildAlbum(t.db, { genres: ['Rock'] });
    const genre = await t.db.selectFrom('genre').select(['id', 'name']).where('slug', '!=', '').orderBy('slug').executeTakeFirstOrThrow();
    await t.db.deleteFrom('album_genre').where('album_id', '=', albumId).execute();
    expect((await card(albumId)).genres).toEqual([]);
    await t.db.insertInto('album_genre').values({ album_id: albumId, genre_id: genre.id, position: 0 }).execute();
    expect((await card(albumId)).genres.map((shown) => shown.name)).toEqual([genre.name]);
    await t.db
      .updateTable('genre')
      .set({ name: `${genre.name} (renamed)` })
      .where('id', '=', genre.id)
      .execute();
    expect((await card(albumId)).genres.map((shown) => shown.name)).toEqual([`${genre.name} (renamed)`]);
    expect(await card(albumId)).toEqual(await truth(t.db, albumId));
    await t.db.updateTable('genre').set({ name: genre.name }).where('id', '=', genre.id).execute();
  });

  it('are filled in for the albums already there when the migration runs', async () => {
    const albumId = await buildAlbum(t.db, { artist: 'Before The Change', genres: ['Jazz'] });
    // As a site's albums were before: empty lists, then the migration's own fill.
    await sql`update album set credits_json = '[]', genres_json = '[]' where id = ${albumId}`.execute(t.db);
    const { up, down } = await import('../../db/migrations/2026-12-07-10-album-cards-carry-credits-and-genres.ts');
    await down(t.db);
    await up(t.db);
    expect((await card(albumId)).credits.map((credit) => credit.artist)).toEqual(['Before The Change']);
    expect(await card(albumId)).toEqual(await truth(t.db, albumId));
  });
});
