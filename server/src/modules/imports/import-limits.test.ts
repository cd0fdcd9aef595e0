import { ALBUM_TITLE_MAX, ARTIST_NAME_MAX, TRACK_TITLE_MAX } from '@hearsay/contracts/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { importExport } from '../../../test/imports.ts';

let t: TestApp;
let now = new Date('2026-11-22T12:00:00Z');
let knownAlbum: string;

beforeAll(async () => {
  // The day's limit is counted on this test's clock, which only jobs run on the server's own thread can read.
  t = await createTestApp({
    clock: () => now,
    env: { IMPORT_NEW_ALBUMS_PER_IMPORT: '51', IMPORT_NEW_ALBUMS_PER_DAY: '60', JOB_THREAD: 'false' },
  });
  knownAlbum = await buildAlbum(t.db, { title: 'Already Catalogued', artist: 'Long Standing Band', releaseDate: '2005' });
});
afterAll(() => t.close());

const HEADER =
  'RYM Album, First Name,Last Name,First Name localized, Last Name localized,Title,Release_Date,Rating,Ownership,Purchase Date,Media Type,Review';

interface Row {
  id: string;
  artist: string;
  title: string;
}

const newAlbums = (prefix: string, from: number, to: number): Row[] =>
  Array.from({ length: to - from + 1 }, (_, index) => ({
    id: `${prefix}${from + index}`,
    artist: `${prefix} Artist`,
    title: `${prefix} Album ${from + index}`,
  }));

async function importRows(person: TestUser, rows: readonly Row[]) {
  const csv = [HEADER, ...rows.map((row) => `"${row.id}","","${row.artist}","","","${row.title}","2005","7","","","",""`)];
  const job = await importExport(t, person, csv.join('\n'));
  expect(job.status, job.error ?? '').toBe('done');
  return job;
}

const PER_IMPORT = 'This import reached its limit of 51 albums new to the catalog';
const PER_DAY = 'You reached the limit of 60 albums new to the catalog a day';

describe('catalog text bounds', () => {
  it('skips import rows whose title or artist name is too long, with the reason, and imports the rest', async () => {
    const person = await createUser(t);
    const job = await importRows(person, [
      { id: '1', artist: 'Sensible Artist', title: 'A Sensible Title' },
      { id: '2', artist: 'Flooding Artist', title: 'x'.repeat(5_000_000) },
      { id: '3', artist: 'y'.repeat(ARTIST_NAME_MAX + 1), title: 'Ordinary Title' },
    ]);
    expect(job.summary).toMatchObject({ created: 1, ratingsImported: 1, skipped: 2 });
    const [title, artist] = job.summary.skippedRows;
    expect(title).toMatchObject({ line: 3, artist: 'Flooding Artist', reason: 'The title is longer than 1,000 characters' });
    expect(title!.title).toHaveLength(200);
    expect(artist).toMatchObject({ line: 4, title: 'Ordinary Title', reason: 'An artist name is longer than 300 characters' });
    const stored = await t.db
      .selectFrom('album')
      .select((eb) => eb.fn.max(eb.fn('length', ['title'])).as('longest'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.longest)).toBeLessThanOrEqual(ALBUM_TITLE_MAX);
  });

  it('is enforced by the database: an overlong title, artist name or track title is refused', async () => {
    const albumId = await buildAlbum(t.db, { title: 't'.repeat(ALBUM_TITLE_MAX), tracks: [{ position: 1, title: 'Fine' }] });
    const stamp = now.toISOString();
    const album = {
      slug: 'too-long',
      artist_credit: 'Someone',
      match_key: 'someone|too long',
      source: 'import' as const,
      created_at: stamp,
      updated_at: stamp,
    };
    await expect(
      t.db
        .insertInto('album')
        .values({ ...album, id: 'too-long', title: 't'.repeat(ALBUM_TITLE_MAX + 1) })
        .execute(),
    ).rejects.toThrow(/album.title/);
    await expect(
      t.db
        .updateTable('album')
        .set({ title: 't'.repeat(ALBUM_TITLE_MAX + 1) })
        .where('id', '=', albumId)
        .execute(),
    ).rejects.toThrow(/album.title/);
    const artistId = (await t.db.selectFrom('album_artist').select('artist_id').where('album_id', '=', albumId).executeTakeFirstOrThrow())
      .artist_id;
    await expect(
      t.db
        .updateTable('artist')
        .set({ name: 'n'.repeat(ARTIST_NAME_MAX + 1) })
        .where('id', '=', artistId)
        .execute(),
    ).rejects.toThrow(/artist.name/);
    await expect(
      t.db
        .updateTable('track')
        .set({ title: 'r'.repeat(TRACK_TITLE_MAX + 1) })
        .where('album_id', '=', albumId)
        .execute(),
    ).rejects.toThrow(/track.title/);
    // At the bound exactly is fine, and nothing was changed by the refused writes.
    const kept = await t.db.selectFrom('album').select('title').where('id', '=', albumId).executeTakeFirstOrThrow();
    expect(kept.title).toHaveLength(ALBUM_TITLE_MAX);
  });
});

describe('limits on albums new to the catalog', () => {
  it('skips rows past the per-import limit with the reason, and still imports the rest of the file', async () => {
    const person = await createUser(t);
    const job = await importRows(person, [
      ...newAlbums('Burst', 1, 53),
      { id: 'known', artist: 'Long Standing Band', title: 'Already Catalogued' },
    ]);
    expect(job.summary).toMatchObject({ created: 51, matched: 1, ratingsImported: 52, skipped: 2 });
    expect(job.summary.skippedRows).toEqual([
      expect.objectContaining({ line: 53, title: 'Burst Album 52', reason: expect.stringContaining(PER_IMPORT) }),
      expect.objectContaining({ line: 54, title: 'Burst Album 53', reason: expect.stringContaining(PER_IMPORT) }),
    ]);
    const ratings = await t.inject({ method: 'GET', url: '/api/me/ratings?limit=100', headers: { cookie: person.cookie } });
    expect(ratings.json().items.map((item: { album: { id: string } }) => item.album.id)).toContain(knownAlbum);
  });

  it('skips rows past the per-person daily limit with the reason, and adds them when imported again a day later', async () => {
    const person = await createUser(t);
    const file = newAlbums('Daily', 1, 51);
    expect((await importRows(person, file)).summary).toMatchObject({ created: 51, skipped: 0 });

    const more = [...file, ...newAlbums('Daily', 52, 61)];
    const next = await importRows(person, more);
    expect(next.summary).toMatchObject({ unchanged: 51, created: 9, skipped: 1 });
    expect(next.summary.skippedRows).toEqual([
      {
        line: 62,
        artist: 'Daily Artist',
        title: 'Daily Album 61',
        reason:
          'You reached the limit of 60 albums new to the catalog a day; albums already in it were still imported. Import the file again tomorrow to add more.',
      },
    ]);
    expect((await importRows(person, more)).summary).toMatchObject({ unchanged: 60, created: 0, skipped: 1 });

    now = new Date(now.getTime() + 24 * 60 * 60_000 + 1000);
    expect((await importRows(person, more)).summary).toMatchObject({ unchanged: 60, created: 1, skipped: 0 });
    expect(next.summary.skippedRows[0]!.reason).toContain(PER_DAY);
  });
});
