import type { AlbumDetail } from '@hearsay/contracts/catalog';
import type { AlbumVotes, DescriptorPage, GenrePage, Taxonomy } from '@hearsay/contracts/genres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

const OPERATOR = 'operator-genres@example.com';
const YEAR_AGO = new Date(Date.now() - 365 * 86_400_000).toISOString();

let t: TestApp;
let operator: TestUser;
/** Members of a year's standing: their votes count in full. */
const established: TestUser[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: OPERATOR } });
  operator = await createUser(t, { email: OPERATOR });
  for (let index = 0; index < 4; index++) established.push(await member(YEAR_AGO));
});
afterAll(() => t.close());

/** A member who joined at `since` (now when not given). */
async function member(since?: string): Promise<TestUser> {
  const person = await createUser(t);
  if (since) await t.db.updateTable('user').set({ created_at: since }).where('id', '=', person.user.id).execute();
  return person;
}

const voteGenre = (user: TestUser, album: string, genre: string, kind: string, value: number) =>
  t.inject({ method: 'PUT', url: `/api/albums/${album}/genre-votes`, payload: { genre, kind, value }, headers: { cookie: user.cookie } });
const voteDescriptor = (user: TestUser, album: string, descriptor: string, value: number) =>
  t.inject({
    method: 'PUT',
    url: `/api/albums/${album}/descriptor-votes`,
    payload: { descriptor, value },
    headers: { cookie: user.cookie },
  });
const votes = async (album: string, user?: TestUser) =>
  (await t.inject({ url: `/api/albums/${album}/genres`, headers: user ? { cookie: user.cookie } : {} })).json<AlbumVotes>();
const shown = async (album: string) =>
  (await votes(album)).genres.filter((genre) => genre.voted).map((genre) => `${genre.kind}:${genre.slug}`);
const page = async (album: string) => (await t.inject(`/api/albums/${album}`)).json<AlbumDetail>();

describe('the taxonomy', () => {
  it('has MusicBrainz’s genres with their parents, and today’s browsing genres are among them', async () => {
    const taxonomy = (await t.inject('/api/taxonomy')).json<Taxonomy>();
    expect(taxonomy.genres.length).toBeGreaterThan(800);
    expect(taxonomy.genres).toContainEqual({ slug: 'post-rock', name: 'Post-Rock' });
    expect(taxonomy.genres).toContainEqual({ slug: 'shoegaze', name: 'Shoegaze' });
    // The browsing genre is the MusicBrainz genre, not a second "rock".
    expect(taxonomy.genres.filter((genre) => genre.name.toLowerCase() === 'rock')).toEqual([{ slug: 'rock', name: 'Rock' }]);
    expect(taxonomy.descriptors.length).toBeGreaterThanOrEqual(150);
    expect(taxonomy.descriptors.find((descriptor) => descriptor.slug === 'melancholic')?.names).toEqual({
      en: 'melancholic',
      de: 'melancholisch',
      es: 'melancólico',
      fr: 'mélancolique',
      ja: 'メランコリック',
    });

    const postRock = (await t.inject('/api/genres/post-rock')).json<GenrePage>();
    expect(postRock.genre).toMatchObject({ name: 'Post-Rock', mbid: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(postRock.parents).toEqual([{ slug: 'rock', name: 'Rock' }]);
    const rock = (await t.inject('/api/genres/rock')).json<GenrePage>();
    expect(rock.children.map((child) => child.slug)).toEqual(expect.arrayContaining(['post-rock', 'indie-rock', 'alternative']));
    // A fusion has two parents.
    expect(
      (await t.inject('/api/genres/pop-punk'))
        .json<GenrePage>()
        .parents.map((parent) => parent.slug)
        .sort(),
    ).toEqual(['pop', 'punk']);
  });

  it('keeps the catalog’s genres on albums and the browsing list as they were', async () => {
    const album = await buildAlbum(t.db, { genres: ['Rock', 'Shoegaze'] });
    // Discogs' Shoegaze puts the album in Indie and Alternative too (genre-taxonomy.ts), as before.
    expect((await page(album)).genres.map((genre) => genre.slug)).toEqual(['rock', 'indie', 'alternative', 'shoegaze']);
    expect((await votes(album)).genres.map((genre) => [genre.slug, genre.kind, genre.weight, genre.voted])).toEqual([
      ['rock', 'secondary', 0, false],
      ['indie', 'secondary', 0, false],
      ['alternative', 'secondary', 0, false],
      ['shoegaze', 'secondary', 0, false],
    ]);
    const browsing = (await t.inject('/api/genres')).json<{ items?: { slug: string }[] } | { slug: string }[]>();
    const slugs = (Array.isArray(browsing) ? browsing : (browsing.items ?? [])).map((genre) => genre.slug);
    expect(slugs).toEqual(expect.arrayContaining(['rock', 'jazz', 'hip-hop', 'new', '90s']));
  });
});

describe('voting an album’s genres', () => {
  it('shows a genre once two members agree, and the album’s card carries it first', async () => {
    const album = await buildAlbum(t.db, { genres: ['Rock'] });
    expect((await voteGenre(established[0]!, album, 'post-rock', 'primary', 1)).statusCode).toBe(200);
    // One member alone does not label an album.
    expect(await shown(album)).toEqual([]);
    const mine = await votes(album, established[0]);
    expect(mine.viewer).toMatchObject({ genres: [{ slug: 'post-rock', kind: 'primary', value: 1 }], weight: 1 });

    await voteGenre(established[1]!, album, 'post-rock', 'primary', 1);
    await voteGenre(established[1]!, album, 'shoegaze', 'secondary', 1);
    await voteGenre(established[2]!, album, 'shoegaze', 'secondary', 1);
    expect(await shown(album)).toEqual(['primary:post-rock', 'secondary:shoegaze']);
    const answer = await votes(album);
    expect(answer.genres.find((genre) => genre.slug === 'post-rock')?.weight).toBeCloseTo(2 / 3, 2);
    // The catalog's genre stays, after the voted ones, until members vote it off.
    expect(answer.genres.map((genre) => genre.slug)).toEqual(['post-rock', 'shoegaze', 'rock']);
    expect((await page(album)).genres.map((genre) => genre.slug)).toEqual(['post-rock', 'shoegaze', 'rock']);

    // Taking votes back takes the genre off again.
    await voteGenre(established[1]!, album, 'post-rock', 'primary', 0);
    expect(await shown(album)).toEqual(['secondary:shoegaze']);
  });

  it('lets members vote a catalog genre off the album', async () => {
    const album = await buildAlbum(t.db, { genres: ['Jazz', 'Rock'] });
    await voteGenre(established[0]!, album, 'rock', 'secondary', -1);
    expect((await votes(album)).genres.map((genre) => genre.slug)).toEqual(['jazz', 'rock']);
    await voteGenre(established[1]!, album, 'rock', 'secondary', -1);
    expect((await votes(album)).genres.map((genre) => genre.slug)).toEqual(['jazz']);
    expect((await page(album)).genres.map((genre) => genre.slug)).toEqual(['jazz']);
  });

  it('does not let fifty new accounts move the primary genre a few established members chose', async () => {
    const album = await buildAlbum(t.db, { genres: ['Rock'] });
    for (const person of established.slice(0, 3)) await voteGenre(person, album, 'post-rock', 'primary', 1);
    const brigade: TestUser[] = [];
    for (let index = 0; index < 50; index++) brigade.push(await member());
    for (const person of brigade) {
      expect((await voteGenre(person, album, 'pop', 'primary', 1)).statusCode).toBe(200);
      await voteGenre(person, album, 'post-rock', 'primary', -1);
    }
    expect(await shown(album)).toEqual(['primary:post-rock']);
    expect((await votes(album, brigade[0])).viewer?.weight).toBeLessThan(0.02);

    // Nor label an album nobody else voted on.
    const quiet = await buildAlbum(t.db, { genres: ['Jazz'] });
    for (const person of brigade) await voteGenre(person, quiet, 'pop', 'primary', 1);
    expect(await shown(quiet)).toEqual([]);
    expect((await votes(quiet)).genres.map((genre) => genre.slug)).toEqual(['jazz']);
  });

  it('refuses unknown genres, the browsing lists that are not genres, and wrong kinds or values, in words', async () => {
    const album = await buildAlbum(t.db);
    const voter = established[3]!;
    const unknown = await voteGenre(voter, album, 'no-such-genre', 'primary', 1);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: 'genre_not_found', message: 'There is no genre called "no-such-genre".' });
    const rule = await voteGenre(voter, album, '90s', 'primary', 1);
    expect(rule.statusCode).toBe(400);
    expect(rule.json().error.code).toBe('genre_not_votable');
    const kind = await voteGenre(voter, album, 'jazz', 'tertiary', 1);
    expect(kind.statusCode).toBe(400);
    expect(kind.json().error.issues).toEqual([expect.objectContaining({ path: 'body.kind', code: 'genre_vote_kind_invalid' })]);
    const value = await voteGenre(voter, album, 'jazz', 'primary', 5);
    expect(value.statusCode).toBe(400);
    expect(value.json().error.issues).toEqual([expect.objectContaining({ path: 'body.value', code: 'vote_value_invalid' })]);
    expect((await voteDescriptor(voter, album, 'no-such-mood', 1)).json().error.code).toBe('descriptor_not_found');
    expect((await voteGenre(voter, 'no-such-album', 'jazz', 'primary', 1)).statusCode).toBe(404);
    expect(
      (await t.inject({ method: 'PUT', url: `/api/albums/${album}/genre-votes`, payload: { genre: 'jazz', kind: 'primary', value: 1 } }))
        .statusCode,
    ).toBe(401);
    expect(await shown(album)).toEqual([]);
  });
});

describe('voting an album’s descriptors', () => {
  it('shows the descriptors members agree on, each with its weight, and their pages list the album', async () => {
    const album = await buildAlbum(t.db, { title: 'Quiet Hours' });
    for (const person of established.slice(0, 3)) await voteDescriptor(person, album, 'melancholic', 1);
    await voteDescriptor(established[0]!, album, 'atmospheric', 1);
    await voteDescriptor(established[1]!, album, 'atmospheric', 1);
    await voteDescriptor(established[2]!, album, 'atmospheric', -1);
    await voteDescriptor(established[0]!, album, 'happy', 1);
    const answer = await votes(album);
    expect(answer.descriptors.map((descriptor) => [descriptor.slug, descriptor.weight])).toEqual([
      ['melancholic', 1],
      ['atmospheric', 0.333],
    ]);
    expect(answer.descriptors[0]?.names.de).toBe('melancholisch');

    const melancholic = (await t.inject('/api/descriptors/melancholic')).json<DescriptorPage>();
    expect(melancholic.albums.map((entry) => entry.album.title)).toContain('Quiet Hours');
    expect(melancholic.related.map((descriptor) => descriptor.slug)).toContain('sad');
    expect((await t.inject('/api/descriptors/no-such-mood')).statusCode).toBe(404);

    // Voted down by enough members, it goes.
    await voteDescriptor(established[3]!, album, 'atmospheric', -1);
    expect((await votes(album)).descriptors.map((descriptor) => descriptor.slug)).toEqual(['melancholic']);
  });
});

describe('genre pages', () => {
  it('rank the albums carrying the genre or a child by the Bayesian average, as the charts do', async () => {
    const loved = await buildAlbum(t.db, { title: 'Loved Once', genres: ['Jazz'] });
    const liked = await buildAlbum(t.db, { title: 'Liked Widely', genres: ['Jazz'] });
    for (const person of established.slice(0, 2)) await voteGenre(person, loved, 'bebop', 'primary', 1);
    const rate = (user: TestUser, album: string, rating: number) =>
      t.inject({ method: 'PUT', url: `/api/albums/${album}/rating`, payload: { rating }, headers: { cookie: user.cookie } });
    // One perfect rating weighs less than four good ones against the prior (m = 5) and the site's mean.
    const panned = await buildAlbum(t.db, { title: 'Panned', genres: ['Pop'] });
    await rate(established[0]!, loved, 5);
    for (const person of established) await rate(person, liked, 4.5);
    for (const person of established) await rate(person, panned, 2);
    const jazz = (await t.inject('/api/genres/jazz')).json<GenrePage>();
    const titles = jazz.albums.map((entry) => entry.album.title);
    expect(titles.indexOf('Liked Widely')).toBeLessThan(titles.indexOf('Loved Once'));
    expect(jazz.albums[0]).toMatchObject({ rank: 1, ratings: 4 });
    expect(jazz.children.map((child) => child.slug)).toContain('bebop');
    // Bebop's page lists the album voted bebop; jazz's page lists it through its child too.
    expect((await t.inject('/api/genres/bebop')).json<GenrePage>().albums.map((entry) => entry.album.title)).toEqual(['Loved Once']);
    expect((await t.inject('/api/genres/no-such-genre')).statusCode).toBe(404);
  });
});

describe('what moderators see', () => {
  it('puts each vote in the audit log, and shows a moderator who voted what on an album', async () => {
    const album = await buildAlbum(t.db);
    const voter = established[3]!;
    await voteGenre(voter, album, 'post-rock', 'primary', 1);
    await voteDescriptor(voter, album, 'melancholic', -1);
    const audit = (await t.inject({ url: '/api/moderation/audit', headers: { cookie: operator.cookie } })).json<{
      items: { moderatorName: string; action: string; subjectId: string; reason: string }[];
    }>();
    const entries = audit.items.filter((entry) => entry.subjectId === album);
    expect(entries.map((entry) => [entry.moderatorName, entry.action, entry.reason])).toEqual([
      [voter.user.name, 'descriptor_vote', 'melancholic: down'],
      [voter.user.name, 'genre_vote', 'Post-Rock: primary, up'],
    ]);

    const log = await t.inject({ url: `/api/albums/${album}/vote-log`, headers: { cookie: operator.cookie } });
    const items = log.json().items;
    expect(items).toHaveLength(2);
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          username: voter.user.username,
          subject: 'genre',
          slug: 'post-rock',
          kind: 'primary',
          value: 1,
          weight: 1,
        }),
        expect.objectContaining({ username: voter.user.username, subject: 'descriptor', slug: 'melancholic', kind: null, value: -1 }),
      ]),
    );
    // Not for members, nor visitors.
    expect((await t.inject({ url: `/api/albums/${album}/vote-log`, headers: { cookie: voter.cookie } })).statusCode).toBe(404);
    expect((await t.inject(`/api/albums/${album}/vote-log`)).statusCode).toBe(401);
  });
});

describe('pacing', () => {
  it('lets a member vote a lot, but not like a script', async () => {
    const album = await buildAlbum(t.db);
    const eager = await member(YEAR_AGO);
    const taxonomy = (await t.inject('/api/taxonomy')).json<Taxonomy>();
    const statuses: number[] = [];
    for (let index = 0; index < 120; index++) {
      const descriptor = taxonomy.descriptors[index % taxonomy.descriptors.length]!.slug;
      statuses.push((await voteDescriptor(eager, album, descriptor, index % 2 ? 1 : -1)).statusCode);
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const refused = await voteGenre(eager, album, 'jazz', 'primary', 1);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
  });
});
