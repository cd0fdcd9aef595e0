import type { ExportAlbum } from '@hearsay/contracts/data-export';
import { strToU8, zipSync } from 'fflate';
import { mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { hearsayExport, importHearsayExport, uploadHearsayExport, waitForImport } from '../../../test/imports.ts';
import { requestsTo } from '../../../test/requests.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

let t: TestApp;
const { act } = requestsTo(() => t);
const SITE = 'https://elsewhere.example';
const MB = 1024 * 1024;

const album = (id: string, title: string, artist: string, year: number | null, mbid: string | null = null): ExportAlbum => ({
  id,
  url: `${SITE}/album/${id}`,
  title,
  artist,
  year,
  mbid,
});

/** An export as another Hearsay site writes it, empty but for `parts`. */
const zipOf = (files: Record<string, string | Uint8Array>) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([name, body]) => [name, typeof body === 'string' ? strToU8(body) : body])));
const zipped = (data: unknown) => zipOf({ 'hearsay.json': JSON.stringify(data), 'README.txt': 'Your data from Hearsay.' });

const get = async (person: TestUser, url: string) => {
  const response = await t.inject({ method: 'GET', url, headers: { cookie: person.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Each file is read by its import's job in a low-priority thread: slow on a busy machine.
describe('importing a Hearsay export: files refused', { timeout: 120_000 }, () => {
  /**
   * What the person is told of a refused file: a wrong file name at once (400), anything else once the import's job
   * has read the file, the upload having been answered 202 and the import ended as failed.
   */
  async function refused(file: Uint8Array | string, fileName: string, person?: TestUser) {
    person ??= await createUser(t);
    const response = await uploadHearsayExport(t, person, file, fileName);
    if (response.statusCode === 400) {
      // Nothing was started.
      expect(await get(person, '/api/imports/latest')).toEqual({ job: null });
      return response.json().error as { message: string; issues: { path: string; message: string }[] };
    }
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toMatchObject({ status: 'running', checking: true, error: null });
    const job = await waitForImport(t, person, response.json().id);
    expect(job).toMatchObject({ status: 'failed', checking: false, processed: 0 });
    expect((await get(person, '/api/imports/latest')).job).toEqual(job);
    return { message: job.error!, issues: job.issues };
  }

  it('refuses a file that is not a ZIP or JSON, a ZIP without hearsay.json, another format or version, or a broken shape', async () => {
    expect((await refused('not a zip at all', 'hearsay.zip')).message).toBe(
      'This is not a Hearsay export: the file is neither a ZIP nor JSON.',
    );
    expect((await refused('Title,Artist\nA,B\n', 'ratings.csv')).message).toBe(
      'Please choose the .zip from Download my data (or the hearsay.json inside it).',
    );
    expect((await refused(zipOf({ 'notes.txt': 'hello' }), 'hearsay.zip')).message).toMatch(
      /^This is not a Hearsay export: the ZIP has no hearsay\.json/,
    );
    expect((await refused(zipOf({ 'hearsay.json': '{"format": "hearsay-export", ' }), 'hearsay.zip')).message).toBe(
      'This is not a Hearsay export: hearsay.json is not valid JSON.',
    );
    expect((await refused(JSON.stringify({ ...hearsayExport(), format: 'letterboxd' }), 'hearsay.json')).message).toBe(
      'This is not a Hearsay export: "format" is "letterboxd", not "hearsay-export".',
    );
    expect((await refused(zipped({ ...hearsayExport(), version: 2 }), 'hearsay.zip')).message).toBe(
      'This is not a Hearsay export: version 2 is not one this site reads (it reads version 1).',
    );
    const { ratings: _ratings, ...noRatings } = hearsayExport();
    const broken = await refused(zipped(noRatings), 'hearsay.zip');
    expect(broken.message).toMatch(/^This is not a Hearsay export: ratings: /);
    expect(broken.issues[0]!.path).toBe('ratings');
    const badRating = hearsayExport({
      ratings: [{ album: album('a1', 'Title', 'Artist', 2000), rating: 11, ratedAt: '2026-01-01T00:00:00.000Z' }],
    });
    expect((await refused(zipped(badRating), 'hearsay.zip')).issues[0]!.path).toBe('ratings.0.rating');
  });

  it('refuses a zip bomb, by the size it declares and by the size it inflates to', async () => {
    const huge = new Uint8Array(50 * MB + 1).fill(0x20);
    const bomb = zipOf({ 'hearsay.json': huge });
    expect(bomb.length).toBeLessThan(MB);
    expect((await refused(bomb, 'hearsay.zip')).message).toBe(
      'This is not a Hearsay export: hearsay.json inside the ZIP is larger than 50 MB.',
    );
    // The same ZIP declaring a small size in its entry's header: counted while inflating.
    const lying = new Uint8Array(bomb);
    new DataView(lying.buffer).setUint32(22, 1000, true);
    expect((await refused(lying, 'hearsay.zip')).message).toBe(
      'This is not a Hearsay export: hearsay.json inside the ZIP is larger than 50 MB.',
    );
  });

  it('takes a file of up to 20 MB, and refuses a larger one with 413', async () => {
    const person = await createUser(t);
    const large = hearsayExport();
    large.profile.bio = 'x'.repeat(12 * MB);
    expect(await importHearsayExport(t, person, JSON.stringify(large), 'hearsay.json')).toMatchObject({ status: 'done', total: 0 });
    const response = await uploadHearsayExport(t, person, new Uint8Array(20 * MB + 10), 'hearsay.zip');
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatchObject({
      code: 'payload_too_large',
      params: { megabytes: 20 },
      message: 'The file is larger than 20 MB.',
    });
    // Nothing was started for it, and nothing of it is left on disk.
    expect((await get(person, '/api/imports/latest')).job).toMatchObject({ status: 'done', fileName: 'hearsay.json' });
    // The import's upload is removed once its end is saved, which may land just after the import reads as ended.
    await expect.poll(() => readdirSync(join(t.config.dataDir, 'imports')), { timeout: 5000 }).toEqual([]);
  });

  it('answers a wrong file at once with 202, then tells what is wrong, as codes the web app words, and loses nothing', async () => {
    const person = await createUser(t);
    const kept = hearsayExport({
      ratings: [{ album: album('k1', 'Kept Record', 'Kept Artist', 2001), rating: 8, ratedAt: '2026-01-01T00:00:00.000Z' }],
    });
    expect(await importHearsayExport(t, person, zipped(kept))).toMatchObject({ status: 'done', summary: { ratingsImported: 1 } });
    const wrong = hearsayExport({
      ratings: [{ album: album('k1', 'Kept Record', 'Kept Artist', 2001), rating: 11, ratedAt: '2026-01-01T00:00:00.000Z' }],
    });
    const { message, issues } = await refused(zipped(wrong), 'hearsay.zip', person);
    expect(message).toBe('This is not a Hearsay export: ratings.0.rating: Rating must be at most 10.');
    expect(issues).toEqual([
      { path: 'ratings.0.rating', code: 'rating_too_high', params: { maximum: 10 }, message: 'Rating must be at most 10' },
    ]);
    expect((await get(person, '/api/imports/latest')).job).toMatchObject({
      errorCode: 'not_hearsay_export',
      errorParams: { path: 'ratings.0.rating' },
    });
    // The earlier import's rating is as it was.
    const ratings = await get(person, '/api/me/ratings?limit=50');
    expect(ratings).toMatchObject({ total: 1, items: [{ rating: 8 }] });
    // The import's upload is removed once its end is saved, which may land just after the import reads as ended.
    await expect.poll(() => readdirSync(join(t.config.dataDir, 'imports')), { timeout: 5000 }).toEqual([]);
  });

  it('removes an upload left behind a day ago by an import that no longer runs, and keeps newer ones', async () => {
    const folder = join(t.config.dataDir, 'imports');
    mkdirSync(folder, { recursive: true });
    const stale = join(folder, 'gone-with-its-account.upload');
    const fresh = join(folder, 'just-arrived.upload');
    writeFileSync(stale, 'left behind');
    writeFileSync(fresh, 'waiting');
    const twoDaysAgo = new Date(Date.now() - 48 * 3600_000);
    utimesSync(stale, twoDaysAgo, twoDaysAgo);
    const person = await createUser(t);
    expect((await importHearsayExport(t, person, zipped(hearsayExport()))).status).toBe('done');
    // The import's own upload is removed once it is saved, which may land just after the import reads as done.
    await expect.poll(() => readdirSync(folder), { timeout: 5000 }).toEqual(['just-arrived.upload']);
    rmSync(fresh);
  });

  it('counts only accepted files toward the hourly limit of 10 imports', async () => {
    const person = await createUser(t);
    const one = (index: number) =>
      zipped(
        hearsayExport({
          ratings: [{ album: album(`p${index}`, `Paced ${index}`, 'Paced Artist', 2001), rating: 6, ratedAt: '2026-01-01T00:00:00.000Z' }],
        }),
      );
    for (let index = 0; index < 2; index++) await refused('not an export', 'hearsay.json', person);
    for (let index = 0; index < 10; index++) expect((await importHearsayExport(t, person, one(index))).status).toBe('done');
    const past = await uploadHearsayExport(t, person, one(10));
    expect(past.statusCode, past.body).toBe(429);
    expect(past.json().error.message).toMatch(/^You are doing this too often\. Please try again in \d+ minutes?\.$/);
    expect(Number(past.headers['retry-after'])).toBeGreaterThan(3000);
  });
});

describe('importing a Hearsay export', () => {
  it('applies ratings, reviews, journal, collections in order with notes, listen later and likes; reports what it left out; twice changes nothing', async () => {
    const okComputer = await buildAlbum(t.db, { title: 'OK Computer', artist: 'Radiohead', releaseDate: '1997-05-21' });
    const kidA = await buildAlbum(t.db, { title: 'Kid A', artist: 'Radiohead', releaseDate: '2000' });
    const spiderland = await buildAlbum(t.db, {
      title: 'Spiderland',
      artist: 'Slint',
      releaseDate: '1991',
      mbid: 'b1f1c2d3-0000-4000-8000-00000000000a',
    });
    const person = await createUser(t);
    // Someone else's rating here is left alone.
    const other = await createUser(t);
    await act('PUT', `/api/albums/${kidA}/rating`, other, { rating: 5 });

    /** Found by its id here (same album). */
    const ok = album(okComputer, 'OK Computer', 'Radiohead', 1997);
    /** Another site's id, found by its MusicBrainz id. */
    const spider = album('elsewhere-spiderland', 'Spiderland', 'Slint', 1991, 'b1f1c2d3-0000-4000-8000-00000000000a');
    /** Its id on the other site is Spiderland's here: another album, so found by artist, title and year. */
    const kid = album(spiderland, 'Kid A', 'Radiohead', 2000);
    /** Unknown here: added, pending. */
    const unknown = album('elsewhere-unknown', 'Songs Nobody Has Catalogued', 'Hypothetical Quartet, The Nobodies', 2019);
    const html =
      '<p>A <strong>record</strong> about <em>modern life</em>, and the best of the decade by some way.</p><script>alert(1)</script>';

    const data = hearsayExport({
      ratings: [
        { album: ok, rating: 9.5, ratedAt: '2026-03-01T10:00:00.000Z' },
        { album: spider, rating: 9, ratedAt: '2026-03-02T10:00:00.000Z' },
        { album: kid, rating: 7.5, ratedAt: '2026-03-03T10:00:00.000Z' },
        { album: unknown, rating: 6.5, ratedAt: '2026-03-04T10:00:00.000Z' },
      ],
      reviews: [
        {
          id: 'r1',
          url: `${SITE}/review/r1`,
          album: ok,
          // Written when it was an 8.5; rated 9.5 since.
          rating: 8.5,
          title: 'Fitter, happier',
          html,
          text: 'A record about modern life',
          createdAt: '2026-03-05T10:00:00.000Z',
          updatedAt: '2026-03-05T10:00:00.000Z',
          likes: 4,
        },
      ],
      journal: [
        { album: spider, listenedOn: '2026-10-01', rating: null, note: 'First time through.', createdAt: '2026-10-01T20:00:00.000Z' },
        { album: spider, listenedOn: '2026-10-08', rating: 8, note: null, createdAt: '2026-10-08T20:00:00.000Z' },
      ],
      collections: [
        {
          name: 'Night drives',
          description: 'After midnight only.',
          private: false,
          ranked: true,
          createdAt: '2026-04-01T10:00:00.000Z',
          albums: [
            { album: unknown, position: 2, note: 'Side two.', addedAt: '2026-04-01T10:00:00.000Z' },
            { album: ok, position: 0, note: 'Start here.', addedAt: '2026-04-01T10:00:00.000Z' },
            { album: kid, position: 1, note: '', addedAt: '2026-04-01T10:00:00.000Z' },
          ],
        },
        { name: 'Just mine', description: '', private: true, ranked: false, createdAt: '2026-04-02T10:00:00.000Z', albums: [] },
      ],
      listenLater: [{ album: kid, addedAt: '2026-05-01T10:00:00.000Z' }],
      likes: {
        reviews: [{ reviewUrl: `${SITE}/review/x`, album: ok, likedAt: '2026-05-01T10:00:00.000Z' }],
        collections: [{ collectionUrl: `${SITE}/list/y`, name: 'Theirs', likedAt: '2026-05-01T10:00:00.000Z' }],
        albums: [{ album: spider, likedAt: '2026-05-02T10:00:00.000Z' }],
      },
      comments: [{ reviewUrl: `${SITE}/review/x`, album: ok, body: 'So true.', createdAt: '2026-05-01T10:00:00.000Z' }],
      follows: {
        following: [
          { username: 'a', name: 'A', since: '2026-01-01T00:00:00.000Z' },
          { username: 'b', name: 'B', since: '2026-01-01T00:00:00.000Z' },
        ],
        followers: [{ username: 'c', name: 'C', since: '2026-01-01T00:00:00.000Z' }],
      },
    });

    const job = await importHearsayExport(t, person, zipped(data), 'hearsay-2026-11-01.zip');
    expect(job).toMatchObject({
      source: 'hearsay',
      fileName: 'hearsay-2026-11-01.zip',
      status: 'done',
      error: null,
      total: 11,
      processed: 11,
    });
    expect(job.summary).toEqual({
      ratingsImported: 4,
      reviewsImported: 1,
      reviewsKept: 0,
      drafts: [],
      journalImported: 2,
      // The export holds no track ratings (one made before they existed reads the same).
      trackRatingsImported: 0,
      collectionsImported: 2,
      listenLater: 1,
      albumLikes: 1,
      favouriteAlbums: 0,
      // Every album an item names (12), but the first mention of the one the import added.
      matched: 11,
      created: 1,
      unchanged: 0,
      skipped: 0,
      skippedRows: [],
      followsSkipped: 3,
      remoteFollowsAsked: 0,
      remoteFollowsOff: 0,
      commentsSkipped: 1,
      likesSkipped: 2,
      listensImported: 0,
      listensUnchanged: 0,
      lovedTracks: 0,
      lovedNotFound: 0,
    });

    const ratings = (await get(person, '/api/me/ratings?limit=50')).items as {
      album: { id: string; title: string; artistCredit: string };
      rating: number;
      ratedAt: string;
    }[];
    const ratingOf = Object.fromEntries(ratings.map((entry) => [entry.album.title, [entry.album.id, entry.rating, entry.ratedAt]]));
    expect(ratingOf['OK Computer']).toEqual([okComputer, 9.5, '2026-03-01T10:00:00.000Z']);
    expect(ratingOf.Spiderland).toEqual([spiderland, 9, '2026-03-02T10:00:00.000Z']);
    expect(ratingOf['Kid A']).toEqual([kidA, 7.5, '2026-03-03T10:00:00.000Z']);
    const added = ratings.find((entry) => entry.album.title === 'Songs Nobody Has Catalogued')!;
    expect(added).toMatchObject({ rating: 6.5, album: { artistCredit: 'Hypothetical Quartet, The Nobodies' } });
    const row = await t.db
      .selectFrom('album')
      .select(['source', 'status', 'created_by'])
      .where('id', '=', added.album.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ source: 'import', status: 'pending', created_by: person.user.id });

    const [review] = (await get(person, '/api/me/reviews')).items;
    expect(review).toMatchObject({
      album: { id: okComputer },
      title: 'Fitter, happier',
      rating: 9.5,
      createdAt: '2026-03-05T10:00:00.000Z',
    });
    expect(review.contentHtml).toBe('<p>A <strong>record</strong> about <em>modern life</em>, and the best of the decade by some way.</p>');
    const stored = await t.db.selectFrom('review').select('rating').where('id', '=', review.id).executeTakeFirstOrThrow();
    expect(Number(stored.rating)).toBe(8.5);

    const journal = (await get(person, '/api/me/journal')).items;
    expect(
      journal.map((entry: { album: { id: string }; listenedOn: string; rating: number | null; note: string | null }) => [
        entry.album.id,
        entry.listenedOn,
        entry.rating,
        entry.note,
      ]),
    ).toEqual([
      [spiderland, '2026-10-08', 8, null],
      [spiderland, '2026-10-01', null, 'First time through.'],
    ]);

    const collections = (await get(person, '/api/me/collections')).items as { id: string; title: string }[];
    expect(collections.map((collection) => collection.title).sort()).toEqual(['Just mine', 'Night drives']);
    const night = await get(person, `/api/collections/${collections.find((collection) => collection.title === 'Night drives')!.id}`);
    expect(night).toMatchObject({ description: 'After midnight only.', isPrivate: false, ranked: true });
    expect(night.entries.map((entry: { album: { title: string }; note: string }) => [entry.album.title, entry.note])).toEqual([
      ['OK Computer', 'Start here.'],
      ['Kid A', ''],
      ['Songs Nobody Has Catalogued', 'Side two.'],
    ]);
    const mine = await get(person, `/api/collections/${collections.find((collection) => collection.title === 'Just mine')!.id}`);
    expect(mine).toMatchObject({ isPrivate: true, entries: [] });

    expect((await get(person, '/api/me/listen-later')).items.map((card: { id: string }) => card.id)).toEqual([kidA]);
    expect((await get(person, '/api/me/favorites')).items.map((card: { id: string }) => card.id)).toEqual([spiderland]);
    // An import's old activity is not news to anyone's feed: no activity rows, and no rating placed in feeds.
    const activity = await t.db.selectFrom('activity').select('verb').where('actor_id', '=', person.user.id).execute();
    expect(activity).toEqual([]);
    const ratingsInFeeds = await t.db
      .selectFrom('rating')
      .select('album_id')
      .where('user_id', '=', person.user.id)
      .where('feed_at', 'is not', null)
      .execute();
    expect(ratingsInFeeds).toEqual([]);

    // The same file again: everything is there already.
    const again = await importHearsayExport(t, person, zipped(data), 'hearsay-2026-11-01.zip');
    expect(again.summary).toMatchObject({
      ratingsImported: 0,
      reviewsImported: 0,
      journalImported: 0,
      collectionsImported: 0,
      listenLater: 0,
      albumLikes: 0,
      created: 0,
      unchanged: 11,
      skipped: 0,
    });
    expect(await get(person, '/api/me/ratings?limit=50')).toMatchObject({ total: 4 });
    expect(await get(person, '/api/me/reviews')).toMatchObject({ total: 1 });
    expect(await get(person, '/api/me/journal')).toMatchObject({ total: 2 });
    expect(await get(person, '/api/me/collections')).toMatchObject({ total: 2 });
    const albums = await t.db.selectFrom('album').select('id').where('title', '=', 'Songs Nobody Has Catalogued').execute();
    expect(albums).toHaveLength(1);
    // The bare hearsay.json is read as well, and changes nothing either.
    const bare = await importHearsayExport(t, person, JSON.stringify(data), 'hearsay.json');
    expect(bare.summary).toMatchObject({ unchanged: 11, ratingsImported: 0, collectionsImported: 0 });
    // The file goes once the import is done.
    expect(await t.db.selectFrom('import_file').selectAll().execute()).toEqual([]);
  });

  it('skips what this site refuses, with the reason, and imports the rest', async () => {
    const person = await createUser(t);
    const known = await buildAlbum(t.db, { title: 'Loveless', artist: 'My Bloody Valentine', releaseDate: '1991' });
    const loveless = album(known, 'Loveless', 'My Bloody Valentine', 1991);
    const data = hearsayExport({
      ratings: [{ album: loveless, rating: 10, ratedAt: '2026-03-01T10:00:00.000Z' }],
      reviews: [
        {
          id: 'short',
          url: `${SITE}/review/short`,
          album: loveless,
          rating: 10,
          title: '',
          html: '<p>Loud.</p>',
          text: 'Loud.',
          createdAt: '2026-03-05T10:00:00.000Z',
          updatedAt: '2026-03-05T10:00:00.000Z',
          likes: 0,
        },
      ],
      journal: [{ album: loveless, listenedOn: '2999-01-01', rating: null, note: null, createdAt: '2026-03-05T10:00:00.000Z' }],
    });
    const job = await importHearsayExport(t, person, zipped(data));
    expect(job.summary).toMatchObject({ ratingsImported: 1, reviewsImported: 0, journalImported: 0, skipped: 2 });
    expect(job.summary.skippedRows).toEqual([
      { line: 2, artist: 'My Bloody Valentine', title: 'Loveless', reason: 'Review: Your review needs at least 50 characters of text' },
      { line: 3, artist: 'My Bloody Valentine', title: 'Loveless', reason: 'Journal entry: Listening date cannot be in the future.' },
    ]);
  });
});

describe('importing a Hearsay export across a restart', () => {
  it('finishes an import after the server restarts, whether or not it had read the file, and imports each item once', async () => {
    const ratings = Array.from({ length: 120 }, (_, index) => ({
      album: album(`r${index}`, `Restarted ${index}`, 'Restarted Artist', 2002),
      rating: 1 + (index % 10),
      ratedAt: '2026-01-01T00:00:00.000Z',
    }));
    const env = { IMPORT_NEW_ALBUMS_PER_IMPORT: '1000', IMPORT_NEW_ALBUMS_PER_DAY: '1000' };
    const first = await createTestApp({ env });
    const person = await createUser(first);
    const response = await uploadHearsayExport(first, person, zipped(hearsayExport({ ratings })));
    expect(response.statusCode, response.body).toBe(202);
    const { id } = response.json();
    // Stopped at once: the job is handed back before or after it read the file.
    await first.app.close();
    expect(await first.db.selectFrom('job').select('state').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ state: 'queued' });

    const second = await createTestApp({ env: { ...env, DATA_DIR: first.config.dataDir }, sameDatabaseAs: first });
    const job = await waitForImport(second, person, id);
    expect(job).toMatchObject({
      status: 'done',
      checking: false,
      total: 120,
      processed: 120,
      summary: { ratingsImported: 120, created: 120 },
    });
    const stored = await second.db
      .selectFrom('rating')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', person.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(120);
    expect(await second.db.selectFrom('import_file').select('import_id').where('import_id', '=', id).execute()).toEqual([]);
    // The import's upload is removed once its end is saved, which may land just after the import reads as ended.
    await expect.poll(() => readdirSync(join(first.config.dataDir, 'imports')), { timeout: 5000 }).toEqual([]);
    await second.close();
    await first.close();
  }, 120_000);
});
