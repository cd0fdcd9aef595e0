import type { ImportJob } from '@hearsay/contracts/imports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { importExport, uploadExport } from '../../../test/imports.ts';

/** How RateYourMusic's matching behaves on what real exports hold (issue 13). */

const HEADER =
  'RYM Album, First Name,Last Name,First Name localized, Last Name localized,Title,Release_Date,Rating,Ownership,Purchase Date,Media Type, Review,Review Title';

interface Row {
  id: string;
  first?: string;
  last: string;
  firstLocalized?: string;
  lastLocalized?: string;
  title: string;
  year: number;
  rating?: number;
  ownership?: string;
  review?: string;
}

const csv = (rows: readonly Row[]) =>
  `${[
    HEADER,
    ...rows.map((row) =>
      [
        row.id,
        row.first ?? '',
        row.last,
        row.firstLocalized ?? '',
        row.lastLocalized ?? '',
        row.title,
        String(row.year),
        String(row.rating ?? 8),
        row.ownership ?? 'o',
        '',
        'CD',
        row.review ?? '',
        '',
      ]
        .map((field) => `"${field.replace(/"/g, '""')}"`)
        .join(','),
    ),
  ].join('\n')}\n`;

let t: TestApp;
beforeAll(async () => {
  // Every member has standing here, so a second person's import confirms (member-confirmation.test.ts tests standing).
  t = await createTestApp({ env: { CATALOG_STANDING_DAYS: '0', CATALOG_STANDING_RATINGS: '0' } });
});
afterAll(() => t.close());

const upload = (person: TestUser, bytes: Buffer | string, fileName?: string) => uploadExport(t, person, bytes, fileName);

async function importFile(person: TestUser, bytes: Buffer | string, remoteAddress?: string): Promise<ImportJob> {
  const job = await importExport(t, person, bytes, undefined, remoteAddress);
  expect(job.status, job.error ?? '').toBe('done');
  return job;
}

/** The album each RateYourMusic row was applied to. */
async function albumsOf(person: TestUser): Promise<Record<string, string>> {
  const items = await t.db.selectFrom('import_item').select(['external_id', 'album_id']).where('user_id', '=', person.user.id).execute();
  return Object.fromEntries(items.map((item) => [item.external_id, item.album_id]));
}

const albumRow = (id: string) =>
  t.db.selectFrom('album').select(['title', 'artist_credit', 'release_year', 'source']).where('id', '=', id).executeTakeFirstOrThrow();

const creditedArtists = async (albumId: string) =>
  (
    await t.db
      .selectFrom('album_artist')
      .innerJoin('artist', 'artist.id', 'album_artist.artist_id')
      .select('artist.name')
      .where('album_id', '=', albumId)
      .orderBy('position')
      .execute()
  ).map((row) => row.name);

const searchArtists = async (q: string) =>
  (
    (await t.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}&type=artists` })).json().artists as { name: string }[]
  ).map((artist) => artist.name);

describe('matching an export to the catalog', () => {
  it('never merges different albums by year: another year matches only the one candidate, within a year', async () => {
    const car = await buildAlbum(t.db, { artist: 'Peter Gabriel', title: 'Peter Gabriel', releaseDate: '1977' });
    const melt = await buildAlbum(t.db, { artist: 'Peter Gabriel', title: 'Peter Gabriel', releaseDate: '1980' });
    const twin = await buildAlbum(t.db, { artist: 'Car Seat Headrest', title: 'Twin Fantasy', releaseDate: '2011' });
    const redated = await buildAlbum(t.db, { artist: 'Slowly Dated Band', title: 'Released Late', releaseDate: '1999' });
    const person = await createUser(t);
    const job = await importFile(
      person,
      csv([
        { id: 'pg1', last: 'Peter Gabriel', title: 'Peter Gabriel', year: 1977 },
        { id: 'pg2', last: 'Peter Gabriel', title: 'Peter Gabriel', year: 1978 },
        { id: 'pg3', last: 'Peter Gabriel', title: 'Peter Gabriel', year: 1980 },
        { id: 'pg4', last: 'Peter Gabriel', title: 'Peter Gabriel', year: 1982 },
        { id: 'twin', last: 'Car Seat Headrest', title: 'Twin Fantasy', year: 2018 },
        { id: 'late', last: 'Slowly Dated Band', title: 'Released Late', year: 2000 },
      ]),
    );
    expect(job.summary).toMatchObject({ matched: 3, created: 3, skipped: 0 });
    const found = await albumsOf(person);
    expect(found).toMatchObject({ pg1: car, pg3: melt, late: redated });
    for (const [row, year] of [
      ['pg2', 1978],
      ['pg4', 1982],
      ['twin', 2018],
    ] as const) {
      expect([car, melt, twin]).not.toContain(found[row]);
      expect(await albumRow(found[row]!)).toMatchObject({ release_year: year, source: 'import' });
    }
  });

  it('keeps band names with commas whole, credits several artists only for " / ", and reads "[…]" as an alias', async () => {
    const person = await createUser(t);
    await importFile(
      person,
      csv([
        { id: 'c1', last: 'Does It Offend You, Yeah?', title: "You Have No Idea What You're Getting Yourself Into", year: 2008 },
        { id: 'c2', last: 'Apologies, I Have None', title: 'London', year: 2012 },
        { id: 'c3', last: "You Can't Win, Charlie Brown", title: 'Chromatic', year: 2011 },
        { id: 'c4', last: 'Lambert, Hendricks & Ross', title: 'Sing a Song of Basie', year: 1958 },
        { id: 'c5', first: 'Lou', last: 'Reed / Metallica', title: 'Lulu', year: 2011 },
        { id: 'c6', last: 'Сплин [Splin] / Аквариум [Akvarium]', title: 'Совместный альбом', year: 2019 },
      ]),
    );
    const found = await albumsOf(person);
    expect(await creditedArtists(found.c1!)).toEqual(['Does It Offend You, Yeah?']);
    expect(await creditedArtists(found.c2!)).toEqual(['Apologies, I Have None']);
    expect(await creditedArtists(found.c3!)).toEqual(["You Can't Win, Charlie Brown"]);
    expect(await creditedArtists(found.c4!)).toEqual(['Lambert, Hendricks & Ross']);
    expect(await creditedArtists(found.c5!)).toEqual(['Lou Reed', 'Metallica']);
    expect(await creditedArtists(found.c6!)).toEqual(['Сплин', 'Аквариум']);
    expect((await albumRow(found.c6!)).artist_credit).toBe('Сплин & Аквариум');
  });

  it('keeps localized and romanised names as aliases that search finds', async () => {
    await buildAlbum(t.db, { artist: 'Kino', title: 'Звезда по имени Солнце', releaseDate: '1989' });
    const file = csv([
      { id: 'a1', last: 'Молчат Дома', lastLocalized: 'Molchat Doma', title: 'Этажи', year: 2018 },
      { id: 'a2', last: '파란노을 [Parannoul]', title: 'To See the Next Part of the Dream', year: 2021 },
      { id: 'a3', last: 'Кино', lastLocalized: 'Kino', title: 'Звезда по имени Солнце', year: 1989 },
    ]);
    const first = await createUser(t);
    expect((await importFile(first, file)).summary).toMatchObject({ matched: 1, created: 2 });
    // Known artists are found by their other spellings at once; new ones once their albums are confirmed.
    expect(await searchArtists('Кино')).toEqual(['Kino']);
    // (Search keeps what a query found for a while: the queries below are new ones.)
    expect(await searchArtists('Molchat')).toEqual([]);
    // Someone else, from another address range.
    await importFile(await createUser(t), file, '198.51.100.7');
    expect(await searchArtists('Molchat Doma')).toEqual(['Молчат Дома']);
    expect(await searchArtists('Parannoul')).toEqual(['파란노을']);
    expect(await searchArtists('Молчат')).toEqual(['Молчат Дома']);
  });

  it('matches credited-name variants and titles that differ only in case, punctuation, "The", "&"/"and"/"+", subtitles or romanisations', async () => {
    const albums = {
      low: await buildAlbum(t.db, { artist: 'David Bowie', title: 'Low', releaseDate: '1977' }),
      scary: await buildAlbum(t.db, { artist: 'David Bowie', title: 'Scary Monsters', releaseDate: '1980' }),
      section: await buildAlbum(t.db, { artist: 'Kendrick Lamar', title: 'Section.80', releaseDate: '2011' }),
      bookends: await buildAlbum(t.db, { artist: 'Simon & Garfunkel', title: 'Bookends', releaseDate: '1968' }),
      psychocandy: await buildAlbum(t.db, { artist: 'The Jesus and Mary Chain', title: 'Psychocandy', releaseDate: '1985' }),
      mechanics: await buildAlbum(t.db, { artist: 'Mike and the Mechanics', title: 'Living Years', releaseDate: '1988' }),
      krovi: await buildAlbum(t.db, { artist: 'Кино', title: 'Группа крови', releaseDate: '1988' }),
      symbols: await buildAlbum(t.db, { artist: '†', title: '♥', releaseDate: '2000' }),
    };
    const person = await createUser(t);
    const job = await importFile(
      person,
      csv([
        { id: 'low', last: 'Bowie', title: 'Low', year: 1977 },
        { id: 'scary', first: 'David', last: 'Bowie', title: 'Scary Monsters (And Super Creeps)', year: 1980 },
        { id: 'section', last: 'Kendrick Lamar', title: 'Section 80', year: 2011 },
        { id: 'bookends', last: 'Simon and Garfunkel', title: 'BOOKENDS', year: 1968 },
        { id: 'psychocandy', last: 'Jesus & Mary Chain, The', title: 'Psychocandy', year: 1985 },
        { id: 'mechanics', last: 'Mike + The Mechanics', title: 'The Living Years', year: 1988 },
        { id: 'krovi', last: 'Кино [Kino]', title: 'Группа крови [Gruppa krovi]', year: 1988 },
        { id: 'symbols', last: '‡', title: '♥', year: 2000 },
      ]),
    );
    expect(job.summary).toMatchObject({ matched: 7, created: 1, skipped: 0 });
    const found = await albumsOf(person);
    const { symbols, ...matched } = albums;
    expect(found).toMatchObject(matched);
    // Names with no letter or digit are told apart by what they are, not all matched by an empty key.
    expect(found.symbols).not.toBe(symbols);
    expect(await creditedArtists(found.symbols!)).toEqual(['‡']);
  });
});

describe('the summary of an import', () => {
  it('counts each new album once, adds albums owned but not rated, nothing for rows with nothing, and says 0 created the second time', async () => {
    const known = await buildAlbum(t.db, { artist: 'Counted Known Band', title: 'Counted Known Album', releaseDate: '2003' });
    const review = 'Never rated it, but these notes about the record are worth keeping somewhere safe.';
    const file = csv([
      { id: 's1', last: 'Counted New Band', title: 'Counted New Album', year: 2004, rating: 7 },
      { id: 's2', last: 'Counted New Band', title: 'Counted New Album', year: 2004, rating: 8 },
      { id: 's3', last: 'Counted Owned Band', title: 'Owned Not Rated', year: 2005, rating: 0, ownership: 'o' },
      { id: 's4', last: 'Counted Owned Band', title: 'Reviewed Not Rated', year: 2005, rating: 0, ownership: 'o', review },
      { id: 's5', last: 'Counted Known Band', title: 'Counted Known Album', year: 2003, rating: 0, ownership: 'o', review },
      { id: 's6', last: 'Counted Wished Band', title: 'Wished For', year: 2006, rating: 0, ownership: 'w' },
      { id: 's7', last: 'Counted Idle Band', title: 'Just Listed', year: 2007, rating: 0, ownership: '' },
      { id: 's8', last: 'Counted Idle Band', title: 'Not Catalogued', year: 2007, rating: 0, ownership: 'n' },
    ]);
    const person = await createUser(t);
    const job = await importFile(person, file);
    expect(job.summary).toMatchObject({ created: 4, matched: 2, skipped: 2, listenLater: 1, reviewsKept: 2, ratingsImported: 2 });
    expect(job.summary.skippedRows.map((row: { line: number; reason: string }) => [row.line, row.reason])).toEqual([
      [8, 'Neither rated, owned nor on your wishlist: nothing to import'],
      [9, 'Neither rated, owned nor on your wishlist: nothing to import'],
    ]);
    const found = await albumsOf(person);
    expect(found.s1).toBe(found.s2);
    expect(found.s5).toBe(known);
    const added = await t.db.selectFrom('album').select('title').where('artist_credit', 'like', 'Counted %').orderBy('title').execute();
    expect(added.map((album) => album.title)).toEqual([
      'Counted Known Album',
      'Counted New Album',
      'Owned Not Rated',
      'Reviewed Not Rated',
      'Wished For',
    ]);

    const again = await importFile(person, file);
    expect(again.summary).toMatchObject({ created: 0, matched: 0, unchanged: 6, skipped: 2 });
    // Another member's import of the same file finds every album: nothing is created twice.
    expect((await importFile(await createUser(t), file)).summary).toMatchObject({ created: 0, matched: 6, skipped: 2 });
  });
});

describe('reading the uploaded file', () => {
  const file = csv([
    { id: 'u1', last: 'Кино', lastLocalized: 'Kino', title: 'Группа крови', year: 1988, rating: 9 },
    { id: 'u2', last: 'Björk', title: 'Homogenic', year: 1997, rating: 10 },
  ]);
  const utf16le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(file, 'utf16le')]);
  const utf16be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(file, 'utf16le').swap16()]);

  it.each([
    ['UTF-16 little-endian', utf16le],
    ['UTF-16 big-endian', utf16be],
  ])('decodes a %s export with a byte-order mark', async (_name, bytes) => {
    const person = await createUser(t);
    const job = await importFile(person, bytes);
    expect(job).toMatchObject({ total: 2, processed: 2, summary: { ratingsImported: 2, skipped: 0 } });
    const titles = (await t.inject({ method: 'GET', url: '/api/me/ratings?limit=10', headers: { cookie: person.cookie } }))
      .json()
      .items.map((item: { album: { title: string } }) => item.album.title);
    expect(titles.sort()).toEqual(['Homogenic', 'Группа крови']);
  });

  it('refuses a file that is not text in plain words, not with what the CSV parser makes of it', async () => {
    const person = await createUser(t);
    let seed = 42;
    const random = Buffer.from(Array.from({ length: 4096 }, () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) >> 23));
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), Buffer.from('IHDR'), random]);
    for (const bytes of [png, random]) {
      const response = await upload(person, bytes, 'ratings.csv');
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'not_a_rym_export' });
      expect(response.json().error.message).toMatch(/^This file is not a RateYourMusic CSV export\./);
    }
  });
});
