import type { AlbumDetail } from '@hearsay/contracts/catalog';
import type { TopTracksPage, TrackRating } from '@hearsay/contracts/ratings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { PACE_PER_HOUR } from '../../platform/http/pace.ts';
import { createUser, deleteAccount, type TestUser } from '../../../test/users.ts';

let t: TestApp;
let albumId: string;
let otherAlbumId: string;
let person: TestUser;

const TRACKS = [
  { position: 1, title: 'Opening' },
  { position: 2, title: 'The Long Middle' },
  { position: 3, title: 'Closing' },
  { disc: 2, position: 1, title: 'Bonus' },
];

beforeAll(async () => {
  t = await createTestApp();
  albumId = await buildAlbum(t.db, { title: 'Tracked Album', tracks: TRACKS });
  otherAlbumId = await buildAlbum(t.db, { title: 'Another Album', tracks: [{ position: 1, title: 'Elsewhere' }] });
  person = await createUser(t);
});
afterAll(() => t.close());

const albumPage = async (album: string, user?: TestUser) =>
  (await t.inject({ url: `/api/albums/${album}`, headers: user ? { cookie: user.cookie } : {} })).json<AlbumDetail>();
const trackIds = async (album: string) => (await albumPage(album)).tracks.map((track) => track.id);

const rateTrack = (user: TestUser, trackId: string, rating: unknown, album = albumId) =>
  t.inject({
    method: 'PUT',
    url: `/api/albums/${album}/tracks/${trackId}/rating`,
    payload: { rating } as object,
    headers: { cookie: user.cookie },
  });
const unrateTrack = (user: TestUser, trackId: string, album = albumId) =>
  t.inject({ method: 'DELETE', url: `/api/albums/${album}/tracks/${trackId}/rating`, headers: { cookie: user.cookie } });

describe('rating the tracks of an album', () => {
  it('lists every track with its id, an empty average and no count before anyone rates', async () => {
    const page = await albumPage(albumId);
    expect(page.tracks.map((track) => [track.disc, track.position, track.title, track.averageRating, track.ratingCount])).toEqual([
      [1, 1, 'Opening', null, 0],
      [1, 2, 'The Long Middle', null, 0],
      [1, 3, 'Closing', null, 0],
      [2, 1, 'Bonus', null, 0],
    ]);
  });

  it('takes the album ratings’ half steps and refuses anything else with a clear message', async () => {
    const [first] = await trackIds(albumId);
    for (const [value, message] of [
      [0.5, 'Rating must be at least 1'],
      [10.5, 'Rating must be at most 10'],
      [7.3, 'Rating must be in steps of 0.5'],
      ['8', 'Rating must be a number from 1 to 10'],
    ] as const) {
      const response = await rateTrack(person, first!, value);
      expect(response.statusCode, String(value)).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
  });

  it('is for members, on a track of the album named: another album’s track or an unknown one is not found', async () => {
    const [first] = await trackIds(albumId);
    const [elsewhere] = await trackIds(otherAlbumId);
    const visitor = await t.inject({ method: 'PUT', url: `/api/albums/${albumId}/tracks/${first}/rating`, payload: { rating: 8 } });
    expect(visitor.statusCode).toBe(401);
    const wrongAlbum = await rateTrack(person, elsewhere!, 8);
    expect(wrongAlbum.statusCode).toBe(404);
    expect(wrongAlbum.json().error).toMatchObject({ code: 'track_not_found', message: 'That track is not on this album.' });
    expect((await rateTrack(person, 'no-such-track', 8)).statusCode).toBe(404);
    expect((await rateTrack(person, first!, 8, 'no-such-album')).statusCode).toBe(404);
    expect((await unrateTrack(person, elsewhere!)).statusCode).toBe(404);
    // Nothing was written to either album.
    expect((await albumPage(otherAlbumId)).tracks[0]).toMatchObject({ ratingCount: 0, averageRating: null });
  });

  it('rates, changes and removes, each track showing its average and count and the member their own', async () => {
    const album = await buildAlbum(t.db, { title: 'Three Raters', tracks: TRACKS });
    const [opening, middle] = await trackIds(album);
    const [a, b, c] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const first = await rateTrack(a, opening!, 8, album);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<TrackRating>()).toEqual({ albumId: album, trackId: opening, rating: 8, averageRating: 8, ratingCount: 1 });
    await rateTrack(b, opening!, 6.5, album);
    await rateTrack(c, opening!, 10, album);
    await rateTrack(a, middle!, 3, album);
    // A change moves the average, not the count.
    expect((await rateTrack(b, opening!, 9, album)).json<TrackRating>()).toMatchObject({ rating: 9, averageRating: 9, ratingCount: 3 });

    const seenByA = await albumPage(album, a);
    expect(seenByA.tracks.slice(0, 3).map((track) => [track.averageRating, track.ratingCount, track.viewerRating])).toEqual([
      [9, 3, 8],
      [3, 1, 3],
      [null, 0, null],
    ]);
    const seenByVisitor = await albumPage(album);
    expect(seenByVisitor.tracks.map((track) => track.viewerRating)).toEqual([null, null, null, null]);
    // The album's own rating is untouched by its tracks'.
    expect(seenByA).toMatchObject({ viewerRating: null, ratingCount: 0 });

    const removed = await unrateTrack(c, opening!, album);
    expect(removed.json<TrackRating>()).toEqual({ albumId: album, trackId: opening, rating: null, averageRating: 8.5, ratingCount: 2 });
    // Removing what is not there changes nothing.
    expect((await unrateTrack(c, opening!, album)).json<TrackRating>()).toMatchObject({ rating: null, ratingCount: 2 });
    expect((await albumPage(album, c)).tracks[0]).toMatchObject({ averageRating: 8.5, ratingCount: 2, viewerRating: null });
  });

  it('shows the album’s own rating and the tracks’ together on a signed-in page', async () => {
    const album = await buildAlbum(t.db, { title: 'Both Rated', tracks: TRACKS });
    const [, , closing] = await trackIds(album);
    const member = await createUser(t);
    await t.inject({ method: 'PUT', url: `/api/albums/${album}/rating`, payload: { rating: 7 }, headers: { cookie: member.cookie } });
    await rateTrack(member, closing!, 9.5, album);
    const page = await albumPage(album, member);
    expect(page.viewerRating).toBe(7);
    expect(page.tracks.map((track) => track.viewerRating)).toEqual([null, null, 9.5, null]);
  });

  it('keeps a track’s totals exact under 30 people rating and changing at once', async () => {
    const album = await buildAlbum(t.db, { title: 'Busy Tracks', tracks: TRACKS });
    const [opening] = await trackIds(album);
    const people = await Promise.all(Array.from({ length: 30 }, () => createUser(t)));
    const values = people.map((_, index) => 1 + (index % 19) / 2);
    const responses = await Promise.all(people.map((user, index) => rateTrack(user, opening!, values[index], album)));
    expect(responses.map((response) => response.statusCode)).toEqual(people.map(() => 200));
    await Promise.all(people.slice(0, 10).map((user) => rateTrack(user, opening!, 10, album)));
    await Promise.all(people.slice(10, 15).map((user) => unrateTrack(user, opening!, album)));
    const kept = [...Array<number>(10).fill(10), ...values.slice(15)];
    const average = Math.round((kept.reduce((sum, value) => sum + value, 0) / kept.length) * 10) / 10;
    expect((await albumPage(album)).tracks[0]).toMatchObject({ ratingCount: kept.length, averageRating: average });
  });

  it('takes a member’s ratings off their tracks’ totals when their account goes', async () => {
    const album = await buildAlbum(t.db, { title: 'Leaving', tracks: TRACKS });
    const [opening] = await trackIds(album);
    const [stays, leaves] = await Promise.all([createUser(t), createUser(t)]);
    await rateTrack(stays, opening!, 4, album);
    await rateTrack(leaves, opening!, 10, album);
    expect((await deleteAccount(t, leaves)).statusCode).toBe(200);
    expect((await albumPage(album)).tracks[0]).toMatchObject({ ratingCount: 1, averageRating: 4 });
  });
});

describe('the pace of track ratings', () => {
  it(`stops a member after ${PACE_PER_HOUR['track-rating']} track ratings given or taken back in an hour, changing nothing more`, async () => {
    const album = await buildAlbum(t.db, { title: 'Paced Tracks', tracks: TRACKS });
    const [opening, middle] = await trackIds(album);
    const script = await createUser(t);
    for (let i = 0; i < PACE_PER_HOUR['track-rating']; i++) {
      const response =
        i % 2 === 0 ? await rateTrack(script, opening!, 1 + (i % 19) / 2, album) : await unrateTrack(script, opening!, album);
      expect(response.statusCode).toBe(200);
    }
    const refused = await rateTrack(script, middle!, 10, album);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe('You are doing this too often. Please try again in 60 minutes.');
    expect((await albumPage(album, script)).tracks.slice(0, 2).map((track) => track.ratingCount)).toEqual([0, 0]);
    // Others rate on.
    expect((await rateTrack(person, middle!, 10, album)).statusCode).toBe(200);
  });
});

describe('a member’s top tracks on their profile', () => {
  const topTracks = (owner: TestUser, viewer?: TestUser) =>
    t.inject({ url: `/api/users/${owner.user.username}/top-tracks`, headers: viewer ? { cookie: viewer.cookie } : {} });

  it('lists the tracks they rated highest with their albums, and follows the profile’s privacy as ratings do', async () => {
    const album = await buildAlbum(t.db, { title: 'Favourite Songs', tracks: TRACKS });
    const [opening, middle, closing] = await trackIds(album);
    const [owner, stranger] = await Promise.all([createUser(t), createUser(t)]);
    await rateTrack(owner, middle!, 6, album);
    await rateTrack(owner, closing!, 10, album);
    await rateTrack(owner, opening!, 8.5, album);

    const page = (await topTracks(owner, stranger)).json<TopTracksPage>();
    expect(page.total).toBe(3);
    expect(page.items.map((item) => [item.track.title, item.rating, item.album.title])).toEqual([
      ['Closing', 10, 'Favourite Songs'],
      ['Opening', 8.5, 'Favourite Songs'],
      ['The Long Middle', 6, 'Favourite Songs'],
    ]);
    expect(page.items[0]!.track).toMatchObject({ averageRating: 10, ratingCount: 1 });

    const act = (method: string, url: string, payload: object) =>
      t.inject({ method: method as 'PUT', url, payload, headers: { cookie: owner.cookie } });
    await act('PUT', '/api/me/visibility', { visibility: 'private' });
    expect((await topTracks(owner, stranger)).json().error.code).toBe('profile_private');
    expect((await topTracks(owner)).statusCode).toBe(401);
    expect((await topTracks(owner, owner)).statusCode).toBe(200);

    await act('PUT', '/api/me/visibility', { visibility: 'public' });
    await act('PATCH', '/api/me/settings', { sharing: { ratings: false } });
    const notShared = await topTracks(owner, stranger);
    expect(notShared.statusCode).toBe(403);
    expect(notShared.json().error.code).toBe('ratings_not_shared');
    expect((await topTracks(owner, owner)).json<TopTracksPage>().total).toBe(3);
  });
});
