import { EXPORT_FILES } from '@hearsay/contracts/data-export';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { downloadExport, exportData } from '../../../test/exports.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { importExport, importHearsayExport } from '../../../test/imports.ts';
import { requestsTo } from '../../../test/requests.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

/** Two sites, each on a fresh database of its own: a member leaves A with their data and arrives at B. */
let siteA: TestApp;
let siteB: TestApp;
const onA = requestsTo(() => siteA);

beforeAll(async () => {
  [siteA, siteB] = await Promise.all([createTestApp(), createTestApp()]);
});
afterAll(() => Promise.all([siteA.close(), siteB.close()]));

const get = async (t: TestApp, person: TestUser, url: string) => {
  const response = await t.inject({ method: 'GET', url, headers: { cookie: person.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

type Card = { title: string; artistCredit: string; releaseYear: number | null };
const name = (album: Card) => `${album.artistCredit} – ${album.title} (${album.releaseYear ?? '?'})`;

/** Everything of a member's that the import brings back, as the member sees it, without ids or dates of this site. */
async function everything(t: TestApp, person: TestUser) {
  const ratings = (await get(t, person, '/api/me/ratings?limit=100')).items as { album: Card; rating: number }[];
  const reviews = (await get(t, person, '/api/me/reviews?limit=100')).items as {
    album: Card;
    title: string;
    contentHtml: string;
    rating: number;
  }[];
  const journal = (await get(t, person, '/api/me/journal?limit=100')).items as {
    album: Card;
    listenedOn: string;
    rating: number | null;
    note: string | null;
  }[];
  const collections = [];
  for (const summary of (await get(t, person, '/api/me/collections?limit=100')).items as { id: string }[]) {
    const collection = await get(t, person, `/api/collections/${summary.id}`);
    collections.push({
      name: collection.title,
      description: collection.description,
      isPrivate: collection.isPrivate,
      ranked: collection.ranked,
      albums: (collection.entries as { album: Card; note: string }[]).map((entry) => [name(entry.album), entry.note]),
    });
  }
  const cards = async (url: string) => ((await get(t, person, url)).items as Card[]).map(name).sort();
  return {
    ratings: ratings.map((entry) => [name(entry.album), entry.rating]).sort(),
    reviews: reviews.map((review) => [name(review.album), review.title, review.contentHtml, review.rating]).sort(),
    journal: journal.map((entry) => [name(entry.album), entry.listenedOn, entry.rating, entry.note]),
    collections: collections.sort((a, b) => a.name.localeCompare(b.name)),
    listenLater: await cards('/api/me/listen-later?limit=100'),
    favorites: await cards('/api/me/favorites?limit=100'),
  };
}

const LONG = ' It takes a few listens, and then it will not leave you alone for weeks on end.';

describe('a Hearsay export imported on another Hearsay site', () => {
  it('brings back every rating, review, journal entry, collection, listen-later album and like, identical', async () => {
    const albums = {
      loveless: await buildAlbum(siteA.db, { title: 'Loveless', artist: 'My Bloody Valentine', releaseDate: '1991-11-04' }),
      spiderland: await buildAlbum(siteA.db, {
        title: 'Spiderland',
        artist: 'Slint',
        releaseDate: '1991',
        mbid: 'aa000000-0000-4000-8000-000000000001',
      }),
      drella: await buildAlbum(siteA.db, { title: 'Songs for Drella', artist: 'Lou Reed & John Cale', releaseDate: '1990' }),
      nico: await buildAlbum(siteA.db, {
        title: 'The Velvet Underground & Nico',
        artist: 'The Velvet Underground, Nico',
        releaseDate: '1967',
      }),
      gabriel: await buildAlbum(siteA.db, { title: 'Peter Gabriel', artist: 'Peter Gabriel', releaseDate: '1978' }),
      quiet: await buildAlbum(siteA.db, { title: 'Quiet "Songs"', artist: 'Low', releaseDate: null }),
    };
    // Site B knows some of them already, under ids of its own; Peter Gabriel's other album of that name is not his 1978 one.
    await buildAlbum(siteB.db, { title: 'Loveless', artist: 'My Bloody Valentine', releaseDate: '1991' });
    await buildAlbum(siteB.db, { title: 'Peter Gabriel', artist: 'Peter Gabriel', releaseDate: '1977' });
    await buildAlbum(siteB.db, { title: 'Peter Gabriel', artist: 'Peter Gabriel', releaseDate: '1980' });

    const member = await createUser(siteA, { name: 'Leaving A' });
    const { act } = onA;
    const rate = (album: string, rating: number) => act('PUT', `/api/albums/${album}/rating`, member, { rating });
    await rate(albums.loveless, 10);
    await rate(albums.spiderland, 8.5);
    await rate(albums.gabriel, 6);
    await rate(albums.quiet, 7.5);
    await act('POST', `/api/albums/${albums.drella}/reviews`, member, {
      rating: 9,
      title: 'Two voices, one friend',
      content: `<h2>For Andy</h2><p>A <strong>requiem</strong> in <em>fifteen</em> songs.${LONG}</p><ul><li>Smalltown</li><li>Hello It's Me</li></ul><blockquote><p>“I'm no young man”</p></blockquote>`,
    });
    await act('POST', `/api/albums/${albums.loveless}/reviews`, member, {
      rating: 10,
      content: `<p>The guitars <a href="https://example.com/mbv">bend</a> like heat over a road.${LONG}</p>`,
    });
    // Rated again after the review.
    await rate(albums.loveless, 9.5);
    await act('POST', '/api/me/journal', member, { albumId: albums.spiderland, listenedOn: '2026-09-01', note: 'First time through.' });
    await act('POST', '/api/me/journal', member, { albumId: albums.spiderland, listenedOn: '2026-09-08', rating: 9 });
    await act('POST', '/api/me/journal', member, {
      albumId: albums.nico,
      listenedOn: '2026-09-10',
      rating: 7,
      note: 'Sunday morning, of course.',
    });
    const drives = await act('POST', '/api/collections', member, {
      name: 'Night drives',
      description: 'After midnight, windows down.',
      ranked: true,
      albumIds: [albums.loveless, albums.spiderland, albums.drella],
    });
    await act('PUT', `/api/collections/${drives.id}/order`, member, { albumIds: [albums.drella, albums.loveless, albums.spiderland] });
    await act('PUT', `/api/collections/${drives.id}/albums/${albums.loveless}/note`, member, { note: 'Side two, loud.' });
    await act('PUT', `/api/collections/${drives.id}/albums/${albums.drella}/note`, member, { note: 'Start quiet.' });
    await act('POST', '/api/collections', member, { name: 'Only mine', isPrivate: true, albumIds: [albums.quiet, albums.gabriel] });
    await act('PUT', `/api/albums/${albums.nico}/listen-later`, member);
    await act('PUT', `/api/albums/${albums.gabriel}/listen-later`, member);
    await act('PUT', `/api/albums/${albums.spiderland}/like`, member);
    // A RateYourMusic review too short to publish, kept as a draft, and RateYourMusic's id of the album.
    const rym = await importExport(
      siteA,
      member,
      'RYM Album, First Name,Last Name,First Name localized, Last Name localized,Title,Release_Date,Rating,Ownership,Purchase Date,Media Type, Review,Review Title\n"777","","Low","","","Quiet ""Songs""","","0","","","","Hushed and [i]perfect[/i].","Sunday"\n',
    );
    expect(rym.summary).toMatchObject({ reviewsKept: 1, skipped: 0 });
    const draftOf = async (t: TestApp, person: TestUser, albumId: string) =>
      (await get(t, person, `/api/albums/${albumId}/reviews/mine`)).draft as { title: string; contentHtml: string } | null;
    const draft = await draftOf(siteA, member, albums.quiet);
    expect(draft).toMatchObject({ title: 'Sunday', contentHtml: '<p>Hushed and <em>perfect</em>.</p>' });

    const before = await everything(siteA, member);
    expect(before.ratings).toHaveLength(5);
    expect(before.reviews).toHaveLength(2);
    expect(before.journal).toHaveLength(3);
    expect(before.collections.map((collection) => collection.albums.length)).toEqual([3, 2]);

    const done = await exportData(siteA, member);
    expect(done.status).toBe('done');
    const { zip } = await downloadExport(siteA, member, done.id);

    const arriving = await createUser(siteB, { name: 'Arriving at B' });
    const job = await importHearsayExport(siteB, arriving, new Uint8Array(zip), 'hearsay.zip');
    expect(job).toMatchObject({ status: 'done', error: null });
    expect(job.summary).toMatchObject({
      skipped: 0,
      skippedRows: [],
      ratingsImported: 5,
      reviewsImported: 2,
      journalImported: 3,
      collectionsImported: 2,
      reviewsKept: 1,
    });
    // B lacks five of the six (its Peter Gabriels are of other years); Loveless is found, not added again.
    expect(job.summary.created).toBe(5);

    expect(await everything(siteB, arriving)).toEqual(before);
    const loveless = (await get(siteB, arriving, '/api/me/ratings?limit=100')).items.find(
      (entry: { album: Card & { id: string } }) => entry.album.title === 'Loveless',
    );
    const known = await siteB.db.selectFrom('album').select('id').where('title', '=', 'Loveless').execute();
    expect(known.map((row) => row.id)).toEqual([loveless.album.id]);

    // The draft came along, and so did RateYourMusic's id: B's own export writes it again.
    const quietOnB = (await get(siteB, arriving, '/api/me/ratings?limit=100')).items.find(
      (entry: { album: Card & { id: string } }) => entry.album.title === 'Quiet "Songs"',
    ).album.id as string;
    expect(await draftOf(siteB, arriving, quietOnB)).toMatchObject({ title: draft!.title, contentHtml: draft!.contentHtml });
    const fromB = await exportData(siteB, arriving);
    const { files } = await downloadExport(siteB, arriving, fromB.id);
    expect(JSON.parse(files[EXPORT_FILES.json]!).reviewDrafts).toEqual([
      expect.objectContaining({ title: 'Sunday', html: draft!.contentHtml, album: expect.objectContaining({ rymId: '777' }) }),
    ]);
    expect(files[EXPORT_FILES.rym]!.split('\r\n')).toContain(
      '"777","","Low","","","Quiet ""Songs""","","8","","","","Hushed and [i]perfect[/i].","Sunday"',
    );
    // Importing it again changes nothing.
    const again = await importHearsayExport(siteB, arriving, new Uint8Array(zip), 'hearsay.zip');
    expect(again.summary).toMatchObject({ reviewsKept: 0, ratingsImported: 0, reviewsImported: 0 });
  }, 120_000);

  it('lists follows of people of other sites, and a site without federation leaves them out and says so', async () => {
    const member = await createUser(siteA, { name: 'Fediverse Fan' });
    const stamp = '2026-12-01T10:00:00.000Z';
    const person = (id: string, username: string) => ({
      id,
      uri: `https://elsewhere.example/users/${username}`,
      host: 'elsewhere.example',
      username,
      handle_key: `${username}@elsewhere.example`,
      name: username.toUpperCase(),
      avatar_url: null,
      url: null,
      inbox: `https://elsewhere.example/users/${username}/inbox`,
      shared_inbox: null,
      created_at: stamp,
      updated_at: stamp,
    });
    await siteA.db
      .insertInto('remote_actor')
      .values([person('ra1', 'ann'), person('ra2', 'ben')])
      .execute();
    await siteA.db
      .insertInto('remote_follow')
      .values([
        {
          local_user_id: member.user.id,
          remote_actor_id: 'ra1',
          direction: 'out',
          state: 'accepted',
          follow_uri: 'https://a/f1',
          created_at: stamp,
          updated_at: stamp,
        },
        {
          local_user_id: member.user.id,
          remote_actor_id: 'ra2',
          direction: 'in',
          state: 'accepted',
          follow_uri: 'https://a/f2',
          created_at: stamp,
          updated_at: stamp,
        },
      ])
      .execute();

    const done = await exportData(siteA, member);
    const { zip, files } = await downloadExport(siteA, member, done.id);
    expect(JSON.parse(files[EXPORT_FILES.json]!).follows.otherSites).toEqual({
      following: [
        { handle: 'ann@elsewhere.example', url: 'https://elsewhere.example/users/ann', name: 'ANN', since: stamp, accepted: true },
      ],
      followers: [{ handle: 'ben@elsewhere.example', url: 'https://elsewhere.example/users/ben', name: 'BEN', since: stamp }],
    });

    const arriving = await createUser(siteB, { name: 'Fan Arriving' });
    const job = await importHearsayExport(siteB, arriving, new Uint8Array(zip), 'hearsay.zip');
    // B does not federate: the follow of ann is left out, in the report's words; ben follows the old address.
    expect(job.summary).toMatchObject({ remoteFollowsOff: 1, remoteFollowsAsked: 0, followsSkipped: 1 });
    expect(await siteB.db.selectFrom('remote_follow').selectAll().execute()).toEqual([]);
  });
});
