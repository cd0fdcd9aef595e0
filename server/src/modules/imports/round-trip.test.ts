import { EXPORT_FILES } from '@hearsay/contracts/data-export';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { downloadExport, exportData } from '../../../test/exports.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { importExport, importHearsayExport } from '../../../test/imports.ts';
import { requestsTo } from '../../../test/requests.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { createListensService, type IncomingListen } from '../listens/listens.service.ts';

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

  it('carries track ratings, finding each track by disc and position, else by title, and brings them back once', async () => {
    const tracksOnA = [
      { position: 1, title: 'Sunday Morning' },
      { position: 2, title: "I'm Waiting for the Man" },
      { position: 3, title: 'Femme Fatale' },
      { position: 4, title: 'Run Run Run' },
      { disc: 2, position: 1, title: 'Sunday Morning (Mono)' },
    ];
    const album = await buildAlbum(siteA.db, {
      title: 'Banana Tracks',
      artist: 'The Track Raters',
      releaseDate: '1967',
      tracks: tracksOnA,
    });
    // B has another edition: two songs swapped, the bonus disc titled otherwise, and no fourth song.
    const albumOnB = await buildAlbum(siteB.db, {
      title: 'Banana Tracks',
      artist: 'The Track Raters',
      releaseDate: '1967',
      tracks: [
        { position: 1, title: 'Sunday morning' },
        { position: 2, title: 'Femme Fatale' },
        { position: 3, title: "I'm Waiting for the Man" },
        { disc: 2, position: 1, title: 'Sunday Morning (mono mix)' },
      ],
    });
    const member = await createUser(siteA, { name: 'Track Rater' });
    const tracks = (await get(siteA, member, `/api/albums/${album}`)).tracks as { id: string; title: string }[];
    const rateTrack = (index: number, rating: number) =>
      onA.act('PUT', `/api/albums/${album}/tracks/${tracks[index]!.id}/rating`, member, { rating });
    await rateTrack(0, 9);
    await rateTrack(1, 8);
    await rateTrack(2, 7.5);
    await rateTrack(3, 5);
    await rateTrack(4, 6);

    const done = await exportData(siteA, member);
    const { zip, files } = await downloadExport(siteA, member, done.id);
    const exported = JSON.parse(files[EXPORT_FILES.json]!).trackRatings as {
      track: { disc: number; position: number; title: string };
      rating: number;
    }[];
    expect(exported.map((entry) => [entry.track.disc, entry.track.position, entry.track.title, entry.rating]).sort()).toEqual(
      [
        [1, 1, 'Sunday Morning', 9],
        [1, 2, "I'm Waiting for the Man", 8],
        [1, 3, 'Femme Fatale', 7.5],
        [1, 4, 'Run Run Run', 5],
        [2, 1, 'Sunday Morning (Mono)', 6],
      ].sort(),
    );

    const arriving = await createUser(siteB, { name: 'Track Rater at B' });
    const job = await importHearsayExport(siteB, arriving, new Uint8Array(zip), 'hearsay.zip');
    expect(job.status).toBe('done');
    expect(job.summary).toMatchObject({ trackRatingsImported: 4, skipped: 1 });
    expect(job.summary.skippedRows).toEqual([
      expect.objectContaining({ title: 'Banana Tracks', reason: expect.stringContaining('Run Run Run') }),
    ]);
    const onB = (await get(siteB, arriving, `/api/albums/${albumOnB}`)).tracks as {
      disc: number;
      title: string;
      viewerRating: number | null;
    }[];
    // By title where the places differ; by place where the title differs.
    expect(onB.map((track) => [track.disc, track.title, track.viewerRating])).toEqual([
      [1, 'Sunday morning', 9],
      [1, 'Femme Fatale', 7.5],
      [1, "I'm Waiting for the Man", 8],
      [2, 'Sunday Morning (mono mix)', 6],
    ]);

    const again = await importHearsayExport(siteB, arriving, new Uint8Array(zip), 'hearsay.zip');
    expect(again.summary).toMatchObject({ trackRatingsImported: 0 });
    expect(
      (await get(siteB, arriving, `/api/albums/${albumOnB}`)).tracks.map((track: { ratingCount: number }) => track.ratingCount),
    ).toEqual([1, 1, 1, 1]);
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
  it("carries every track played, one file a month in ListenBrainz's layout, and brings them back once", async () => {
    const member = await createUser(siteA, { name: 'Listening on A' });
    const recordOnA = createListensService({ db: siteA.db, clock: () => new Date() }).record;
    const plain = (listenedAt: number, trackName: string): IncomingListen => ({
      listenedAt,
      trackName,
      artistName: 'Low',
      releaseName: null,
      durationMs: null,
      recordingMbid: null,
      releaseMbid: null,
      releaseGroupMbid: null,
      artistMbids: null,
      additionalInfo: null,
    });
    // More than a page of the export's reading, every ten minutes from the last day of January into March.
    const start = Date.UTC(2026, 0, 31, 12) / 1000;
    const history = Array.from({ length: 5001 }, (_, index) => plain(start + index * 600, `Track ${index}`));
    await recordOnA(member.user.id, history, { origin: 'import:listenbrainz', client: null });
    const described: IncomingListen = {
      ...plain(Date.UTC(2026, 2, 10, 20, 15) / 1000, 'Sunflower'),
      releaseName: 'Things We Lost in the Fire',
      durationMs: 274_000,
      recordingMbid: 'bb000000-0000-4000-8000-000000000001',
      releaseMbid: 'bb000000-0000-4000-8000-000000000002',
      releaseGroupMbid: 'bb000000-0000-4000-8000-000000000003',
      artistMbids: ['bb000000-0000-4000-8000-000000000004'],
      additionalInfo: { tracknumber: 2, music_service: 'spotify.com' },
    };
    await recordOnA(member.user.id, [described], { origin: 'api', client: 'Navidrome 0.53.3' });

    const done = await exportData(siteA, member);
    expect(done).toMatchObject({ status: 'done', processed: 5002, total: 5002 });
    const { zip, files } = await downloadExport(siteA, member, done.id);
    expect(JSON.parse(files[EXPORT_FILES.json]!).listens).toEqual({ count: 5002, files: 'listens/<year>/<month>.jsonl' });
    const months = Object.keys(files).filter((file) => file.startsWith('listens/'));
    expect(months.sort()).toEqual(['listens/2026/1.jsonl', 'listens/2026/2.jsonl', 'listens/2026/3.jsonl']);
    const lines = months.flatMap((file) =>
      files[file]!.trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    );
    expect(lines).toHaveLength(5002);
    // January holds its last twelve hours: one listen every ten minutes.
    expect(files['listens/2026/1.jsonl']!.trimEnd().split('\n')).toHaveLength(72);
    expect(lines[0]).toEqual({
      listened_at: start,
      track_metadata: { artist_name: 'Low', track_name: 'Track 0', release_name: null, additional_info: {} },
    });
    expect(lines.find((line) => line.track_metadata.track_name === 'Sunflower')).toEqual({
      listened_at: described.listenedAt,
      track_metadata: {
        artist_name: 'Low',
        track_name: 'Sunflower',
        release_name: 'Things We Lost in the Fire',
        additional_info: {
          tracknumber: 2,
          music_service: 'spotify.com',
          duration_ms: 274_000,
          recording_mbid: 'bb000000-0000-4000-8000-000000000001',
          release_mbid: 'bb000000-0000-4000-8000-000000000002',
          release_group_mbid: 'bb000000-0000-4000-8000-000000000003',
          artist_mbids: ['bb000000-0000-4000-8000-000000000004'],
          submission_client: 'Navidrome 0.53.3',
        },
      },
    });

    const arriving = await createUser(siteB, { name: 'Listening on B' });
    const job = await importHearsayExport(siteB, arriving, new Uint8Array(zip), 'hearsay.zip');
    expect(job).toMatchObject({ status: 'done', processed: 5002, total: 5002 });
    expect(job.summary).toMatchObject({ listensImported: 5002, listensUnchanged: 0, skipped: 0 });
    const kept = (t: TestApp, userId: string) =>
      t.db
        .selectFrom('listen')
        .select(['listened_at', 'track_name', 'artist_name', 'release_name', 'duration_ms', 'recording_mbid', 'release_mbid'])
        .select(['release_group_mbid', 'artist_mbids', 'client'])
        .where('user_id', '=', userId)
        .orderBy('listened_at')
        .execute()
        .then((rows) => rows.map((row) => ({ ...row, listened_at: Number(row.listened_at) })));
    const onB = await kept(siteB, arriving.user.id);
    expect(onB).toEqual(await kept(siteA, member.user.id));
    expect(await siteB.db.selectFrom('listen').select('origin').where('user_id', '=', arriving.user.id).distinct().execute()).toEqual([
      { origin: 'import:hearsay' },
    ]);

    const again = await importHearsayExport(siteB, arriving, new Uint8Array(zip), 'hearsay.zip');
    expect(again.summary).toMatchObject({ listensImported: 0, listensUnchanged: 5002 });
    expect(await kept(siteB, arriving.user.id)).toHaveLength(5002);
  }, 120_000);
});
