import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { manualClock } from '../../../test/clock.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { requestsTo } from '../../../test/requests.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

const OPERATOR = 'merge-participants-operator@example.com';
const EDITION_OF_BOTH = '0b6b1c6e-4c39-4f0c-9a7e-2a6f2c6f0a01';
const EDITION_OF_DUPLICATE = '0b6b1c6e-4c39-4f0c-9a7e-2a6f2c6f0a02';

let t: TestApp;
let operator: TestUser;
const clock = manualClock();
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now, env: { ADMIN_EMAILS: OPERATOR } });
  operator = await createUser(t, { name: 'Site Operator', email: OPERATOR });
});
afterAll(() => t.close());

const { call, act } = requestsTo(() => t);

/** Every row of the tables that joined the merge with issue #68, for both albums, and what is derived from them. */
async function stateOf(albumIds: readonly string[], userIds: readonly string[]) {
  const db = t.db;
  const rows = async (table: 'album_genre_vote' | 'album_descriptor_vote' | 'track_rating' | 'album_ownership' | 'album_descriptor') =>
    (await db.selectFrom(table).selectAll().where('album_id', 'in', albumIds).execute()).map((row) => JSON.stringify(row)).sort();
  return {
    genreVotes: await rows('album_genre_vote'),
    descriptorVotes: await rows('album_descriptor_vote'),
    trackRatings: await rows('track_rating'),
    ownership: await rows('album_ownership'),
    descriptors: await rows('album_descriptor'),
    genres: (await db.selectFrom('album_genre').selectAll().where('album_id', 'in', albumIds).execute())
      .map((row) => JSON.stringify({ ...row, weight: Number(row.weight) }))
      .sort(),
    tracks: await db
      .selectFrom('track')
      .select(['id', 'rating_count', 'rating_sum'])
      .where('album_id', 'in', albumIds)
      .orderBy('id')
      .execute(),
    favourites: await db
      .selectFrom('favourite_album')
      .selectAll()
      .where('user_id', 'in', userIds)
      .orderBy('user_id')
      .orderBy('position')
      .execute(),
  };
}

/**
 * Two copies of one album with tracks, and members who voted, rated tracks, chose favourites and said what they own on
 * both: the survivor first, the duplicate a minute later.
 */
async function duplicatedAlbum() {
  const survivorId = await buildAlbum(t.db, {
    title: 'Participant Record',
    artist: 'Participant Band',
    tracks: [
      { position: 1, title: 'Opening' },
      { position: 2, title: 'Second Song' },
    ],
  });
  const retiredId = await buildAlbum(t.db, {
    title: 'Participant Record (Deluxe)',
    artist: 'Participant Band',
    tracks: [
      { position: 1, title: 'Opening (Remastered)' },
      { position: 2, title: 'Second Song' },
      { position: 3, title: 'Bonus Demo' },
    ],
  });
  const [ana, ben, cleo] = await Promise.all([
    createUser(t, { name: 'Ana' }),
    createUser(t, { name: 'Ben' }),
    createUser(t, { name: 'Cleo' }),
  ]);
  const people = [ana, ben, cleo];
  // Members of long standing: each vote counts fully (the trust weight of decision 077).
  await t.db
    .updateTable('user')
    .set({ created_at: '2020-01-01T00:00:00.000Z' })
    .where(
      'id',
      'in',
      people.map((person) => person.user.id),
    )
    .execute();
  const tracksOf = async (albumId: string) =>
    (await t.db.selectFrom('track').select(['id', 'position']).where('album_id', '=', albumId).orderBy('position').execute()).map(
      (row) => row.id,
    );
  const [survivorTracks, retiredTracks] = [await tracksOf(survivorId), await tracksOf(retiredId)];
  const genre = (await t.db.selectFrom('genre').select(['slug']).where('slug', '=', 'shoegaze').executeTakeFirst())?.slug ?? 'shoegaze';
  const descriptor = (await t.db.selectFrom('descriptor').select('slug').orderBy('position').executeTakeFirstOrThrow()).slug;
  const edition = (albumId: string, releaseMbid: string) => ({
    album_id: albumId,
    release_mbid: releaseMbid,
    position: 1,
    title: 'Participant Record',
    status: 'Official',
    country: 'GB',
    date: '1997',
    format: 'CD',
    track_count: 3,
  });
  await t.db
    .insertInto('album_edition')
    .values([
      edition(survivorId, EDITION_OF_BOTH),
      edition(retiredId, EDITION_OF_BOTH),
      { ...edition(retiredId, EDITION_OF_DUPLICATE), position: 2 },
    ])
    .execute();

  // The survivor first.
  await act('PUT', `/api/albums/${survivorId}/genre-votes`, ana, { genre, kind: 'primary', value: 1 });
  await act('PUT', `/api/albums/${survivorId}/descriptor-votes`, cleo, { descriptor, value: 1 });
  await act('PUT', `/api/albums/${survivorId}/tracks/${survivorTracks[0]}/rating`, ana, { rating: 6 });
  await act('PUT', `/api/albums/${survivorId}/tracks/${survivorTracks[1]}/rating`, cleo, { rating: 5 });
  await act('PUT', `/api/albums/${survivorId}/ownership`, ana, { status: 'wishlist' });
  await act('PUT', '/api/me/favourite-albums', ana, { albumIds: [survivorId] });
  clock.advance(60_000);
  // Then the duplicate.
  await act('PUT', `/api/albums/${retiredId}/genre-votes`, ana, { genre, kind: 'primary', value: 1 });
  await act('PUT', `/api/albums/${retiredId}/genre-votes`, ben, { genre, kind: 'primary', value: 1 });
  await act('PUT', `/api/albums/${retiredId}/descriptor-votes`, ben, { descriptor, value: 1 });
  await act('PUT', `/api/albums/${retiredId}/tracks/${retiredTracks[0]}/rating`, ana, { rating: 9 });
  await act('PUT', `/api/albums/${retiredId}/tracks/${retiredTracks[1]}/rating`, ben, { rating: 8 });
  await act('PUT', `/api/albums/${retiredId}/tracks/${retiredTracks[2]}/rating`, cleo, { rating: 7 });
  await act('PUT', `/api/albums/${retiredId}/ownership`, ana, { status: 'owned', mediaType: 'CD', releaseMbid: EDITION_OF_BOTH });
  await act('PUT', `/api/albums/${retiredId}/ownership`, ben, { status: 'owned', mediaType: 'Vinyl', releaseMbid: EDITION_OF_DUPLICATE });
  const others = [await buildAlbum(t.db, { title: 'Other Favourite One' }), await buildAlbum(t.db, { title: 'Other Favourite Two' })];
  // Ana's four: the duplicate second, the survivor fourth; Ben's: the duplicate alone.
  await act('PUT', '/api/me/favourite-albums', ana, { albumIds: [others[0], retiredId, others[1], survivorId] });
  await act('PUT', '/api/me/favourite-albums', ben, { albumIds: [retiredId] });
  return { survivorId, retiredId, ana, ben, cleo, people, survivorTracks, retiredTracks, genre, descriptor, others };
}

describe('merging albums moves votes, track ratings, favourites and ownership', () => {
  it('moves them to the survivor, one per person, with exact counts and derived genres, and the undo restores them', async () => {
    const album = await duplicatedAlbum();
    const { survivorId, retiredId, ana, ben, cleo, survivorTracks, retiredTracks, others } = album;
    const userIds = album.people.map((person) => person.user.id);
    const genreShown = async (albumId: string) =>
      (await call('GET', `/api/albums/${albumId}/genres`, null)).json() as {
        genres: { slug: string; kind: string }[];
        descriptors: { slug: string }[];
      };

    // Before: only the duplicate has two voters for the genre; neither album has two for the descriptor.
    expect((await genreShown(retiredId)).genres.map((shown) => shown.slug)).toContain(album.genre);
    expect((await genreShown(survivorId)).genres.map((shown) => shown.slug)).not.toContain(album.genre);
    const before = await stateOf([survivorId, retiredId], userIds);
    const catalogGenres = (albumId: string) =>
      t.db
        .selectFrom('album_genre')
        .select(['genre_id'])
        .where('album_id', '=', albumId)
        .where('from_catalog', '=', 1)
        .orderBy('genre_id')
        .execute();
    const startingGenres = { survivor: await catalogGenres(survivorId), retired: await catalogGenres(retiredId) };

    clock.advance();
    const merge = await act('POST', '/api/curation/merges', operator, { survivorId, retiredId, reason: 'Same record' });

    // Votes: Ana's newer vote and Ben's moved; the survivor now shows the genre (two voters) and the descriptor.
    const votes = await t.db
      .selectFrom('album_genre_vote')
      .select(['album_id', 'user_id'])
      .where('album_id', 'in', [survivorId, retiredId])
      .execute();
    expect(votes.map((vote) => [vote.album_id, vote.user_id]).sort()).toEqual(
      [
        [survivorId, ana.user.id],
        [survivorId, ben.user.id],
      ].sort(),
    );
    const descriptorVotes = await t.db
      .selectFrom('album_descriptor_vote')
      .select(['album_id', 'user_id'])
      .where('album_id', 'in', [survivorId, retiredId])
      .execute();
    expect(descriptorVotes.map((vote) => [vote.album_id, vote.user_id]).sort()).toEqual(
      [
        [survivorId, ben.user.id],
        [survivorId, cleo.user.id],
      ].sort(),
    );
    const survivorStyle = await t.db.selectFrom('album_genre').selectAll().where('album_id', '=', survivorId).execute();
    expect(survivorStyle.find((row) => row.from_catalog === 0 || Number(row.weight) > 0)).toMatchObject({ kind: 'primary' });
    expect(await t.db.selectFrom('album_descriptor').select('album_id').where('album_id', 'in', [survivorId, retiredId]).execute()).toEqual(
      [{ album_id: survivorId }],
    );
    // The duplicate keeps its starting genres from the catalog, and only those; so does the survivor.
    const retiredStyle = await t.db
      .selectFrom('album_genre')
      .select(['genre_id', 'from_catalog'])
      .where('album_id', '=', retiredId)
      .execute();
    expect(retiredStyle.every((row) => Number(row.from_catalog) === 1)).toBe(true);
    expect(await catalogGenres(retiredId)).toEqual(startingGenres.retired);
    expect(await catalogGenres(survivorId)).toEqual(startingGenres.survivor);

    // Track ratings: Ana's newer 9 replaced her 6 on "Opening"; Ben's 8 joined Cleo's 5 on "Second Song"; Cleo's rating
    // of "Bonus Demo", which only the duplicate has, stays there.
    const ratings = await t.db
      .selectFrom('track_rating')
      .select(['user_id', 'album_id', 'track_id', 'rating'])
      .where('album_id', 'in', [survivorId, retiredId])
      .execute();
    expect(ratings.map((row) => [row.user_id, row.album_id, row.track_id, Number(row.rating)]).sort()).toEqual(
      [
        [ana.user.id, survivorId, survivorTracks[0], 9],
        [ben.user.id, survivorId, survivorTracks[1], 8],
        [cleo.user.id, survivorId, survivorTracks[1], 5],
        [cleo.user.id, retiredId, retiredTracks[2], 7],
      ].sort(),
    );
    const totals = Object.fromEntries(
      (
        await t.db
          .selectFrom('track')
          .select(['id', 'rating_count', 'rating_sum'])
          .where('album_id', 'in', [survivorId, retiredId])
          .execute()
      ).map((row) => [row.id, [Number(row.rating_count), Number(row.rating_sum)]]),
    );
    expect(totals).toEqual({
      [survivorTracks[0]!]: [1, 9],
      [survivorTracks[1]!]: [2, 13],
      [retiredTracks[0]!]: [0, 0],
      [retiredTracks[1]!]: [0, 0],
      [retiredTracks[2]!]: [1, 7],
    });

    // Favourites: Ben's duplicate became the survivor in its place; Ana's four closed up to three, the album second.
    const favourites = async (person: TestUser) =>
      ((await call('GET', `/api/users/${person.user.username}/favourite-albums`, null)).json() as { items: { id: string }[] }).items.map(
        (item) => item.id,
      );
    expect(await favourites(ben)).toEqual([survivorId]);
    expect(await favourites(ana)).toEqual([others[0], survivorId, others[1]]);
    expect(
      (await t.db.selectFrom('favourite_album').select('position').where('user_id', '=', ana.user.id).orderBy('position').execute()).map(
        (row) => Number(row.position),
      ),
    ).toEqual([1, 2, 3]);

    // Ownership: Ana's newer "owned" replaced her wishlist, its edition kept (the survivor's too); Ben's edition,
    // which only the duplicate has, is forgotten, his vinyl remembered.
    const owned = await t.db
      .selectFrom('album_ownership')
      .selectAll()
      .where('album_id', 'in', [survivorId, retiredId])
      .orderBy('user_id')
      .execute();
    expect(owned.map((row) => [row.user_id, row.album_id, row.status, row.media_type, row.release_mbid]).sort()).toEqual(
      [
        [ana.user.id, survivorId, 'owned', 'CD', EDITION_OF_BOTH],
        [ben.user.id, survivorId, 'owned', 'Vinyl', null],
      ].sort(),
    );

    // The undo puts every row back as it was, and the derived genres, descriptors and track totals with them.
    clock.advance();
    const undone = await call('POST', `/api/curation/merges/${merge.id}/undo`, operator);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await stateOf([survivorId, retiredId], userIds)).toEqual(before);
    expect((await genreShown(retiredId)).genres.map((shown) => shown.slug)).toContain(album.genre);
  });
});
