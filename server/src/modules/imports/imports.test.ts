import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { uploadExport, waitForImport } from '../../../test/imports.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const OLD_FORMAT = 'rym-12-columns-crlf.csv';
const NEW_FORMAT = 'rym-13-columns-lf.csv';

let t: TestApp;
const albums: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  // The catalog knows some of the albums in the fixtures, spelled as a catalog spells them.
  albums.abbeyRoad = await buildAlbum(t.db, { title: 'Abbey Road', artist: 'The Beatles', releaseDate: '1969-09-26' });
  albums.okComputer = await buildAlbum(t.db, { title: 'OK Computer', artist: 'Radiohead', releaseDate: '1997-05-21' });
  albums.okComputerReissue = await buildAlbum(t.db, { title: 'OK Computer', artist: 'Radiohead', releaseDate: '2017-06-23' });
  albums.bridge = await buildAlbum(t.db, { title: 'Bridge Over Troubled Water', artist: 'Simon & Garfunkel', releaseDate: '1970' });
  albums.kino = await buildAlbum(t.db, { title: 'Группа крови', artist: 'Kino', releaseDate: '1988' });
  albums.kidA = await buildAlbum(t.db, { title: 'Kid A', artist: 'Radiohead', releaseDate: '2000' });
  albums.homogenic = await buildAlbum(t.db, { title: 'Homogenic', artist: 'Bjork', releaseDate: '1997' });
});
afterAll(() => t.close());

const upload = (person: TestUser | null, bytes: Buffer, fileName: string) => uploadExport(t, person, bytes, fileName);
const finished = (person: TestUser, id: string) => waitForImport(t, person, id);

async function importFile(person: TestUser, name: string) {
  const started = await upload(person, fixture(name), name);
  expect(started.statusCode, started.body).toBe(202);
  expect(started.json()).toMatchObject({ status: 'running', fileName: name, processed: 0 });
  return finished(person, started.json().id);
}

const myRatings = async (person: TestUser) =>
  (await t.inject({ method: 'GET', url: '/api/me/ratings?limit=50', headers: { cookie: person.cookie } })).json().items as {
    album: { id: string; title: string; artistCredit: string };
    rating: number;
  }[];

describe('RateYourMusic import', () => {
  it('reads the 12-column export with every quirk, matches, creates, and reports each row', async () => {
    const person = await createUser(t);
    const job = await importFile(person, OLD_FORMAT);
    expect(job.status).toBe('done');
    expect(job.total).toBe(8);
    expect(job.processed).toBe(8);
    expect(job.summary).toMatchObject({
      matched: 5,
      created: 1,
      ratingsImported: 5,
      listenLater: 1,
      // 105's link is a link, not its address written out: too short to publish, like 103.
      reviewsImported: 1,
      reviewsKept: 2,
      unchanged: 0,
      skipped: 2,
    });
    expect(job.summary.skippedRows).toEqual([
      { line: 8, artist: 'Someone', title: '', reason: 'No title' },
      { line: 9, artist: 'Radiohead', title: 'Amnesiac', reason: 'Rating "12" is not 0 to 10' },
    ]);

    const ratings = await myRatings(person);
    const byAlbum = Object.fromEntries(ratings.map((entry) => [entry.album.id, entry.rating]));
    expect(byAlbum[albums.abbeyRoad!]).toBe(10); // "The" + "Beatles"
    expect(byAlbum[albums.okComputer!]).toBe(9); // the 1997 release, not the 2017 reissue
    expect(byAlbum[albums.okComputerReissue!]).toBeUndefined();
    expect(byAlbum[albums.bridge!]).toBe(8); // "Simon &amp; Garfunkel"
    expect(byAlbum[albums.kino!]).toBe(9); // native name, romanisation in the localized column
    expect(byAlbum[albums.kidA!]).toBeUndefined(); // rated 0: unrated

    const created = ratings.find((entry) => entry.album.title === 'Songs Nobody Has Catalogued');
    expect(created).toMatchObject({ rating: 7, album: { artistCredit: 'Hypothetical Quartet' } });
    const row = await t.db.selectFrom('album').select(['source', 'status']).where('id', '=', created!.album.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ source: 'import', status: 'pending' });
    // The new album waits for confirmation before search finds it (see pending-albums.test.ts).
    const search = (await t.inject({ method: 'GET', url: '/api/search?q=hypothetical%20quartet' })).json();
    expect(JSON.stringify(search)).not.toContain(created!.album.id);

    const later = (await t.inject({ method: 'GET', url: '/api/me/listen-later', headers: { cookie: person.cookie } })).json();
    expect(later.items.map((album: { id: string }) => album.id)).toEqual([albums.kidA]);

    const reviews = await t.db
      .selectFrom('import_item')
      .select(['external_id', 'review_text'])
      .where('user_id', '=', person.user.id)
      .where('review_text', 'is not', null)
      .orderBy('external_id')
      .execute();
    // Long enough and rated: published as a Hearsay review; too short: the text is kept with the import.
    const published = (
      await t.inject({ method: 'GET', url: `/api/albums/${albums.abbeyRoad}/reviews/mine`, headers: { cookie: person.cookie } })
    ).json();
    expect(published.review).toMatchObject({
      rating: 10,
      // RateYourMusic's [b] and [i] kept as bold and italic.
      contentHtml: '<p><strong>Perfect</strong> closer. Side two is one <em>long</em> goodbye, and the medley still lands every time.</p>',
    });
    // Too short to publish: kept as the person's draft review of the album, which the review form opens with.
    expect(
      (await t.inject({ method: 'GET', url: `/api/albums/${albums.bridge}/reviews/mine`, headers: { cookie: person.cookie } })).json(),
    ).toMatchObject({ review: null, draft: { title: '', contentHtml: '<p>Their "last" album &amp; best.</p>' } });
    expect(job.summary.drafts).toEqual([
      { albumId: albums.bridge, artist: 'Simon & Garfunkel', title: 'Bridge Over Troubled Water' },
      { albumId: created!.album.id, artist: 'Hypothetical Quartet', title: 'Songs Nobody Has Catalogued' },
    ]);
    const quartet = (
      await t.inject({ method: 'GET', url: `/api/albums/${created!.album.id}/reviews/mine`, headers: { cookie: person.cookie } })
    ).json();
    expect(quartet.draft.contentHtml).toBe(
      '<p>“Quiet” and <a href="https://example.org/hq" rel="nofollow ugc noopener">worth finding</a>.</p>',
    );
    // Publishing the review uses the draft up.
    const publish = await t.inject({
      method: 'POST',
      url: `/api/albums/${albums.bridge}/reviews`,
      headers: { cookie: person.cookie },
      payload: { rating: 8, content: `<p>Their "last" album &amp; best. ${'And it gets better every single time. '.repeat(2)}</p>` },
    });
    expect(publish.statusCode, publish.body).toBe(201);
    expect(
      (await t.inject({ method: 'GET', url: `/api/albums/${albums.bridge}/reviews/mine`, headers: { cookie: person.cookie } })).json()
        .draft,
    ).toBeNull();
    expect(reviews).toEqual([
      { external_id: '101', review_text: 'Perfect closer. Side two is one long goodbye, and the medley still lands every time.' },
      { external_id: '103', review_text: 'Their "last" album & best.' },
      { external_id: '105', review_text: '“Quiet” and worth finding (https://example.org/hq).' },
    ]);
  });

  it('reads the 13-column export (Review Title, LF, bracketed romanisation, diacritics)', async () => {
    const person = await createUser(t);
    const job = await importFile(person, NEW_FORMAT);
    expect(job.summary).toMatchObject({
      matched: 1,
      created: 3,
      ratingsImported: 3,
      listenLater: 1,
      reviewsImported: 1,
      reviewsKept: 0,
      skipped: 0,
    });
    const ratings = await myRatings(person);
    expect(ratings.find((entry) => entry.album.id === albums.homogenic)?.rating).toBe(10); // "Björk" matches "Bjork"
    const star = ratings.find((entry) => entry.album.title === 'Звезда по имени Солнце');
    expect(star?.album.artistCredit).toBe('Kino'); // "Кино [Kino]" found the existing artist
    const item = await t.db
      .selectFrom('import_item')
      .select(['review_title', 'review_text'])
      .where('user_id', '=', person.user.id)
      .where('external_id', '=', '201')
      .executeTakeFirstOrThrow();
    expect(item).toEqual({ review_title: 'Still startling', review_text: 'A sharp turn: "Tomorrow Never Knows" still startles.' });
  });

  it('changes nothing and duplicates nothing when the same file is imported again', async () => {
    const person = await createUser(t);
    await importFile(person, OLD_FORMAT);
    const albumCount = async () =>
      Number(
        (
          await t.db
            .selectFrom('album')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = { albums: await albumCount(), ratings: await myRatings(person) };
    const abbey = (await t.inject({ method: 'GET', url: `/api/albums/${albums.abbeyRoad}` })).json();

    const again = await importFile(person, OLD_FORMAT);
    expect(again.summary).toMatchObject({
      unchanged: 6,
      matched: 0,
      created: 0,
      ratingsImported: 0,
      listenLater: 0,
      reviewsKept: 0,
      reviewsImported: 0,
      skipped: 2,
    });
    expect(await albumCount()).toBe(before.albums);
    expect(await myRatings(person)).toEqual(before.ratings);
    const abbeyAfter = (await t.inject({ method: 'GET', url: `/api/albums/${albums.abbeyRoad}` })).json();
    expect(abbeyAfter.ratingCount).toBe(abbey.ratingCount);
    const profile = await t.db
      .selectFrom('profile')
      .select(['ratings_count', 'reviews_count', 'rym_imported'])
      .where('user_id', '=', person.user.id)
      .executeTakeFirstOrThrow();
    expect(profile).toEqual({ ratings_count: 5, reviews_count: 1, rym_imported: 1 });
  });

  it('refuses files that are not RateYourMusic CSV exports, or too large, with a clear message', async () => {
    const person = await createUser(t);
    const notCsv = await upload(person, fixture(OLD_FORMAT), 'ratings.xlsx');
    expect(notCsv.statusCode).toBe(400);
    expect(notCsv.json().error.message).toBe('Please choose a .csv file.');
    const wrongHeader = await upload(person, Buffer.from('name,score\nfoo,1\n'), 'other.csv');
    expect(wrongHeader.statusCode).toBe(400);
    expect(wrongHeader.json().error.message).toContain('does not look like a RateYourMusic export');
    const huge = await upload(person, Buffer.alloc(5 * 1024 * 1024 + 10, 'a'), 'huge.csv');
    expect(huge.statusCode).toBe(413);
    expect((await upload(null, fixture(OLD_FORMAT), OLD_FORMAT)).statusCode).toBe(401);
  });

  it("shows an import's progress to its owner only", async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const job = await importFile(owner, NEW_FORMAT);
    const peek = await t.inject({ method: 'GET', url: `/api/imports/${job.id}`, headers: { cookie: stranger.cookie } });
    expect(peek.statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/api/imports/${job.id}` })).statusCode).toBe(401);
    const latest = (await t.inject({ method: 'GET', url: '/api/imports/latest', headers: { cookie: owner.cookie } })).json();
    expect(latest.job.id).toBe(job.id);
    expect((await t.inject({ method: 'GET', url: '/api/imports/latest', headers: { cookie: stranger.cookie } })).json()).toEqual({
      job: null,
    });
  });
});
