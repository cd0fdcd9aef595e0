import type { FeedSidebar } from '@hearsay/contracts/feed';
import { sql } from 'kysely';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { postgresIndexDefinition, usingPostgres } from '../../../test/database.ts';
import { manualClock } from '../../../test/clock.ts';
import { buildAlbum, buildMember } from '../../../test/factories.ts';
import { importExport } from '../../../test/imports.ts';
import { countStatements } from '../../../test/statements.ts';
import { actSettled, describeFeedItem, feedPage, wholeFeed as wholeFeedOf } from '../../../test/feed.ts';
import { createUser, deleteAccount, type TestUser } from '../../../test/users.ts';

let t: TestApp;
const clock = manualClock();
const albums: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  for (let i = 0; i < 12; i++) albums.push(await buildAlbum(t.db, { title: `Feed Album ${i}` }));
});
afterAll(() => t.close());

const send = (user: TestUser | null, method: Parameters<typeof actSettled>[3], url: string, payload?: object) =>
  actSettled(t, clock, user, method, url, payload);

const follow = (who: TestUser, whom: TestUser) => send(who, 'PUT', `/api/users/${whom.user.username}/follow`);
const unfollow = (who: TestUser, whom: TestUser) => send(who, 'DELETE', `/api/users/${whom.user.username}/follow`);
const rate = (who: TestUser, albumId: string, rating: number) => send(who, 'PUT', `/api/albums/${albumId}/rating`, { rating });
const REVIEW_TEXT = '<p>A record that rewards patience: every listen opens another door into the songs.</p>';
const review = async (who: TestUser, albumId: string, title: string) =>
  (await send(who, 'POST', `/api/albums/${albumId}/reviews`, { rating: 8, title, content: REVIEW_TEXT })).json<{ id: string }>().id;
const collection = async (who: TestUser, name: string, isPrivate: boolean, albumIds: string[]) =>
  (await send(who, 'POST', '/api/collections', { name, isPrivate, albumIds })).json<{ id: string }>().id;

const feed = (who: TestUser, cursor?: string) => feedPage(t, who, cursor);
const wholeFeed = (who: TestUser) => wholeFeedOf(t, who);

async function sidebar(who: TestUser): Promise<FeedSidebar> {
  const response = await t.inject({ url: '/api/feed/sidebar', headers: { cookie: who.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FeedSidebar>();
}

describe('who may read the feed', () => {
  it('answers 401 to visitors, for the feed and beside it', async () => {
    for (const url of ['/api/feed', '/api/feed/sidebar']) {
      const response = await t.inject({ url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().error.code).toBe('unauthorized');
    }
  });

  it('refuses a cursor it did not give, with a plain message', async () => {
    const reader = await createUser(t);
    for (const cursor of ['not*valid', Buffer.from('yesterday|x').toString('base64url'), 'x'.repeat(300)]) {
      const response = await t.inject({ url: `/api/feed?cursor=${cursor}`, headers: { cookie: reader.cookie } });
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json().error.message).toContain('feed position is not valid');
    }
  });
});

describe('what the feed shows', () => {
  let reader: TestUser;
  let ana: TestUser;
  let bo: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    [reader, ana, bo, stranger] = await Promise.all([
      createUser(t, { name: 'Reader' }),
      createUser(t, { name: 'Ana' }),
      createUser(t, { name: 'Bo' }),
      createUser(t, { name: 'Stranger' }),
    ]);
    await follow(reader, ana);
    await follow(reader, bo);
  });

  it('shows the activity of followed people newest first, each kind linked to what it is about', async () => {
    await rate(ana, albums[0]!, 7);
    await review(bo, albums[1]!, 'Worth the wait');
    const listId = await collection(ana, 'Night drives', false, [albums[2]!]);
    await send(ana, 'POST', `/api/collections/${listId}/albums`, { albumId: albums[3] });
    await send(bo, 'POST', '/api/me/journal', { albumId: albums[4], rating: 9, note: 'private thoughts' });
    await follow(bo, stranger);
    await rate(stranger, albums[5]!, 3);

    const items = (await feed(reader)).items;
    expect(items.map(describeFeedItem)).toEqual([
      'Bo followed Stranger',
      'Bo listened to Feed Album 4',
      'Ana added Feed Album 3 to Night drives',
      'Ana made Night drives',
      'Bo reviewed Feed Album 1: Worth the wait',
      'Ana rated Feed Album 0=7',
    ]);
    const reviewItem = items.find((item) => item.kind === 'review')!;
    expect(reviewItem).toMatchObject({ actor: { username: bo.user.username }, album: { id: albums[1] } });
    expect(reviewItem.kind === 'review' && reviewItem.review).toMatchObject({
      rating: 8,
      likeCount: 0,
      commentCount: 0,
      likedByViewer: false,
    });
    const listen = items.find((item) => item.kind === 'listen')!;
    expect(listen).toMatchObject({ rating: 9 });
    expect(JSON.stringify(listen)).not.toContain('private thoughts');
    const made = items.find((item) => item.kind === 'collection' && !item.album)!;
    expect(made.kind === 'collection' && made.collection).toMatchObject({ id: listId, albumCount: 2 });
  });

  // Each statement is a round trip on PostgreSQL. A page of every kind of entry: the session, the reader's home
  // timeline state, the page's entries (decision 087; the people followed and the skeleton before), then the people
  // (blocks, closed profiles and mutes decided in the same read), the reviews (with the reader's likes), the
  // collections (with their first albums), the listens, the actors' sharing, the albums' cards. It was 13 before the
  // likes, mutes, first albums and count joined other reads.
  it('reads a page of every kind of entry in nine statements', async () => {
    // Rebuilt since the reader's first read.
    await t.app.timelinesSettled();
    const { result: items, statements } = await countStatements(t, () => feed(reader));
    expect(new Set(items.items.map((item) => item.kind))).toEqual(new Set(['follow', 'listen', 'collection', 'review', 'ratings']));
    expect(statements).toBe(9);
  });

  it('shows whether the reader liked a review, and its likes and comments', async () => {
    const reviewId = (await feed(reader)).items.flatMap((item) => (item.kind === 'review' ? [item.review.id] : []))[0]!;
    await send(reader, 'PUT', `/api/reviews/${reviewId}/like`);
    await send(ana, 'POST', `/api/reviews/${reviewId}/comments`, { body: 'So true.' });
    const item = (await feed(reader)).items.find((entry) => entry.kind === 'review')!;
    expect(item.kind === 'review' && item.review).toMatchObject({ likeCount: 1, commentCount: 1, likedByViewer: true });
  });

  it('groups consecutive ratings by one person, six covers at most, and a re-rate moves the rating instead of adding one', async () => {
    for (let i = 6; i < 12; i++) await rate(bo, albums[i]!, 6);
    await rate(bo, albums[0]!, 9);
    await rate(bo, albums[0]!, 9.5);
    const items = (await feed(reader)).items;
    expect(items.slice(0, 2).map(describeFeedItem)).toEqual([
      'Bo rated Feed Album 0=9.5, Feed Album 11=6, Feed Album 10=6, Feed Album 9=6, Feed Album 8=6, Feed Album 7=6',
      'Bo rated Feed Album 6=6',
    ]);
    expect(
      items
        .filter((item) => item.kind === 'ratings' && item.actor.id === bo.user.id)
        .flatMap((item) => (item.kind === 'ratings' ? item.ratings : [])),
    ).toHaveLength(7);
  });

  it('leaves out a rating that the same person’s review on the page already shows', async () => {
    const items = (await feed(reader)).items;
    expect(
      items.some((item) => item.kind === 'ratings' && item.actor.id === bo.user.id && item.ratings.some((r) => r.album.id === albums[1])),
    ).toBe(false);
  });

  it('never shows a private collection, one made private, a deleted one, or a deleted review', async () => {
    await collection(ana, 'Secret list', true, [albums[2]!]);
    const laterPrivate = await collection(ana, 'Soon private', false, [albums[3]!]);
    await send(ana, 'POST', `/api/collections/${laterPrivate}/albums`, { albumId: albums[4] });
    const deleted = await collection(ana, 'Soon deleted', false, [albums[5]!]);
    const doomedReview = await review(ana, albums[6]!, 'Soon gone');
    const before = (await feed(reader)).items.map(describeFeedItem);
    expect(before).toContain('Ana made Soon private');
    expect(before).toContain('Ana reviewed Feed Album 6: Soon gone');

    await send(ana, 'PATCH', `/api/collections/${laterPrivate}`, { isPrivate: true });
    await send(ana, 'DELETE', `/api/collections/${deleted}`);
    await send(ana, 'DELETE', `/api/reviews/${doomedReview}`);
    const after = (await wholeFeed(reader)).map(describeFeedItem).join('\n');
    for (const gone of ['Secret list', 'Soon private', 'Soon deleted', 'Soon gone']) expect(after).not.toContain(gone);
    // Made public again, it is not news again; but it is not hidden from its page either.
    await send(ana, 'PATCH', `/api/collections/${laterPrivate}`, { isPrivate: false });
    expect((await wholeFeed(reader)).map(describeFeedItem).join('\n')).not.toContain('Soon private');
  });

  it('drops a removed rating and an unfollowed person’s activity, and shows nothing of people not followed', async () => {
    await send(ana, 'DELETE', `/api/albums/${albums[0]}/rating`);
    let all = (await wholeFeed(reader)).map(describeFeedItem).join('\n');
    expect(all).not.toContain('Ana rated Feed Album 0');
    expect(all).not.toMatch(/^Stranger/m);

    await unfollow(reader, bo);
    all = (await wholeFeed(reader)).map(describeFeedItem).join('\n');
    expect(all).not.toMatch(/^Bo /m);
    expect(all).toMatch(/^Ana /m);
  });

  it('forgets a deleted account’s activity, and follows of it', async () => {
    const leaving = await createUser(t, { name: 'Leaving' });
    await follow(reader, leaving);
    await rate(leaving, albums[7]!, 8);
    await follow(ana, leaving);
    let all = (await wholeFeed(reader)).map(describeFeedItem);
    expect(all).toContain('Leaving rated Feed Album 7=8');
    expect(all).toContain('Ana followed Leaving');
    expect((await deleteAccount(t, leaving)).statusCode).toBe(200);
    all = (await wholeFeed(reader)).map(describeFeedItem);
    expect(all.join('\n')).not.toContain('Leaving');
  });

  it('is empty, with no next page, for someone who follows nobody', async () => {
    expect(await feed(stranger)).toEqual({ items: [], nextCursor: null });
  });
});

describe('imports', () => {
  it('do not flood followers’ feeds: a RateYourMusic import records no activity, a rating made here afterwards does', async () => {
    const reader = await createUser(t, { name: 'Import Reader' });
    const importer = await createUser(t, { name: 'Importer' });
    await follow(reader, importer);
    await buildAlbum(t.db, { title: 'Abbey Road', artist: 'The Beatles', releaseDate: '1969-09-26' });
    await buildAlbum(t.db, { title: 'OK Computer', artist: 'Radiohead', releaseDate: '1997-05-21' });
    const csv = readFileSync(new URL('../imports/fixtures/rym-12-columns-crlf.csv', import.meta.url));
    const job = await importExport(t, importer, csv);
    // One review of the file is published, and one too short to publish is kept as a draft: neither is news.
    expect(job.summary).toMatchObject({ ratingsImported: 5, reviewsImported: 1 });
    expect(await wholeFeed(reader)).toEqual([]);
    await rate(importer, albums[0]!, 4);
    expect((await wholeFeed(reader)).map(describeFeedItem)).toEqual(['Importer rated Feed Album 0=4']);
  });
});

describe('paging', () => {
  it('walks the whole feed in cursor pages with no duplicates and no gaps, newest first', async () => {
    const reader = await createUser(t, { name: 'Pager' });
    const people = await Promise.all([1, 2, 3].map((n) => createUser(t, { name: `Logger ${n}` })));
    for (const person of people) await follow(reader, person);
    const logged: string[] = [];
    for (let round = 0; round < 25; round++) {
      for (const person of people) {
        const entry = await send(person, 'POST', '/api/me/journal', { albumId: albums[round % albums.length] });
        logged.push(entry.json<{ id: string }>().id);
      }
    }
    const first = await feed(reader);
    expect(first.items).toHaveLength(30);
    expect(first.nextCursor).not.toBeNull();
    const items = await wholeFeed(reader);
    const listens = items.filter((item) => item.kind === 'listen');
    expect(listens).toHaveLength(75);
    expect(new Set(listens.map((item) => item.id)).size).toBe(75);
    const times = listens.map((item) => item.at);
    expect(times).toEqual([...times].sort().reverse());
    // The follows were the first things these people did; they come last.
    expect(items.length).toBe(75);
  });

  it('gives the same feed to someone following hundreds of people (the path that reads by time)', async () => {
    const reader = await createUser(t, { name: 'Many' });
    const few = await createUser(t, { name: 'Few' });
    const people = await Promise.all([1, 2].map((n) => createUser(t, { name: `Busy ${n}` })));
    for (const person of people) {
      await follow(reader, person);
      await follow(few, person);
    }
    const stamp = new Date().toISOString();
    const members = [];
    for (let i = 0; i < 205; i++) members.push(await buildMember(t.db));
    await t.db
      .insertInto('follow')
      .values(members.map((id) => ({ follower_id: reader.user.id, followee_id: id, created_at: stamp })))
      .execute();
    for (let i = 0; i < 20; i++) await rate(people[i % 2]!, albums[i % albums.length]!, 5 + (i % 5));
    await review(people[0]!, albums[3]!, 'Many and few');
    const many = (await wholeFeed(reader)).map(describeFeedItem);
    expect(many.length).toBeGreaterThan(3);
    expect(many).toEqual((await wholeFeed(few)).map(describeFeedItem));
  });

  it('chooses the rows of someone following many from the time indexes alone, which hold the actor', async () => {
    for (const [index, columns] of [
      ['activity_time_idx', ['created_at', 'id', 'actor_id']],
      ['rating_feed_time_idx', ['feed_at', 'id', 'user_id']],
    ] as const) {
      if (usingPostgres) {
        expect(await postgresIndexDefinition(t.db, index)).toContain(`(${columns.join(', ')})`);
      } else {
        const { rows } = await sql<{ name: string }>`select name from pragma_index_info(${index}) order by seqno`.execute(t.db);
        expect(rows.map((row) => row.name)).toEqual(columns);
      }
    }
  });
});

describe('beside the feed', () => {
  it('lists what the followed rated most this week, their new reviews, and people to follow with a true reason', async () => {
    const [me, ana, bo, cy, dee, eve] = await Promise.all([
      createUser(t, { name: 'Me' }),
      createUser(t, { name: 'Ana' }),
      createUser(t, { name: 'Bo' }),
      createUser(t, { name: 'Cy' }),
      createUser(t, { name: 'Dee' }),
      createUser(t, { name: 'Eve' }),
    ]);
    await follow(me, ana);
    await follow(me, bo);
    // Three people followed: past the starter section.
    await follow(me, eve);
    // Albums nobody else in this file rated. My 8+ ones: 0, 1, 2. Cy gave 0 and 1 an 8+ (2 only a 3, and 3, which I
    // gave a 5, a 9); Dee gave 0 a 10.
    const own: string[] = [];
    for (let i = 0; i < 4; i++) own.push(await buildAlbum(t.db, { title: `Taste Album ${i}` }));
    await rate(me, own[0]!, 8);
    await rate(me, own[1]!, 9);
    await rate(me, own[2]!, 10);
    await rate(me, own[3]!, 5);
    await rate(cy, own[0]!, 8.5);
    await rate(cy, own[1]!, 8);
    await rate(cy, own[2]!, 3);
    await rate(cy, own[3]!, 9);
    await rate(dee, own[0]!, 10);
    await rate(ana, own[0]!, 10);
    // Popular with Ana and Bo this week: album 9 (both), then the albums one of them rated, latest first.
    await rate(ana, albums[9]!, 7);
    await rate(bo, albums[9]!, 6);
    await rate(ana, albums[10]!, 7);
    await review(bo, albums[11]!, 'Bo on eleven');

    const side = await sidebar(me);
    expect(side.popular.map((entry) => [entry.album.id, entry.raters])).toEqual([
      [albums[9], 2],
      [albums[11], 1],
      [albums[10], 1],
      [own[0], 1],
    ]);
    expect(side.reviews[0]).toMatchObject({ author: { name: 'Bo' }, album: { id: albums[11] }, review: { title: 'Bo on eleven' } });
    const reasons = side.suggestions.map((entry) => [entry.person.name, entry.reason.count, entry.reason.threshold]);
    expect(reasons).toEqual([
      ['Cy', 2, 8],
      ['Dee', 1, 8],
    ]);
    // Ana gave one of my 8+ albums a 10, but I follow her already; I am never suggested to myself.
    expect(side.suggestions.map((entry) => entry.person.id)).not.toContain(ana.user.id);
    expect(side.suggestions.map((entry) => entry.person.id)).not.toContain(me.user.id);
    expect(side.starter).toBeNull();

    // A week later the popular list is empty: it counts this week only.
    clock.advance(8 * 24 * 60 * 60 * 1000);
    expect((await sidebar(me)).popular).toEqual([]);
  });

  it('counts in "popular with people you follow" only the ratings the feed would show: not closed, muted or unshared', async () => {
    const reader = await createUser(t, { name: 'Popular Reader' });
    const names = ['Shown Rater', 'Private Rater', 'Muted Rater', 'Unshared Rater', 'Blocking Rater'];
    const raters = await Promise.all(names.map((name) => createUser(t, { name })));
    const [, closed, muted, unshared, blocking] = raters;
    for (const rater of raters) await send(reader, 'PUT', `/api/users/${rater!.user.username}/follow`);
    const album = await buildAlbum(t.db, { title: 'Popular Among Few' });
    for (const rater of raters) await rate(rater!, album, 8);
    await send(closed!, 'PUT', '/api/me/visibility', { visibility: 'private' });
    await send(reader, 'PUT', `/api/users/${muted!.user.username}/mute`);
    await send(unshared!, 'PATCH', '/api/me/settings', { sharing: { ratings: false } });
    await send(blocking!, 'PUT', `/api/users/${reader.user.username}/block`);
    const popular = (await sidebar(reader)).popular.find((entry) => entry.album.id === album);
    // Only the shown rater counts.
    expect(popular?.raters).toBe(1);
  });

  it('gives a member who follows nobody a starter set of active reviewers and recent reviews', async () => {
    const newcomer = await createUser(t, { name: 'Newcomer' });
    const writer = await createUser(t, { name: 'Writer' });
    await review(writer, albums[2]!, 'Starter one');
    await review(writer, albums[4]!, 'Starter two');
    await review(writer, albums[5]!, 'Starter three');
    const side = await sidebar(newcomer);
    expect(side.starter).not.toBeNull();
    expect(side.starter!.reviewers[0]).toMatchObject({ person: { name: 'Writer' }, reviewCount: 3 });
    expect(side.starter!.reviews.map((entry) => entry.review.title).slice(0, 2)).toEqual(['Starter three', 'Starter two']);
    expect(side.popular).toEqual([]);
    expect(side.reviews).toEqual([]);
  });

  it('leaves out of the sidebar people blocked either way, muted, or whose profile is closed to the reader', async () => {
    const reader = await createUser(t, { name: 'Sidebar Reader' });
    const names = ['Open Writer', 'Blocking Writer', 'Blocked Writer', 'Muted Writer', 'Private Writer', 'Followers Writer'];
    const writers = await Promise.all(names.map((name) => createUser(t, { name })));
    const [, blocking, blocked, muted, closed, followersOnly] = writers;
    // Each writes more reviews than anyone before this test, so each would lead the starter set; the open writer the
    // most, so a tie cannot keep them out of its five.
    for (const [index, writer] of writers.entries()) {
      for (const album of albums.slice(0, index === 0 ? 5 : 4)) await review(writer, album, `${names[index]} on ${album}`);
    }
    await send(blocking!, 'PUT', `/api/users/${reader.user.username}/block`);
    await send(reader, 'PUT', `/api/users/${blocked!.user.username}/block`);
    await send(reader, 'PUT', `/api/users/${muted!.user.username}/mute`);
    await send(closed!, 'PUT', '/api/me/visibility', { visibility: 'private' });
    await send(followersOnly!, 'PUT', '/api/me/visibility', { visibility: 'followers' });

    const starter = (await sidebar(reader)).starter!;
    const shown = [...starter.reviewers.map((entry) => entry.person.name), ...starter.reviews.map((entry) => entry.author.name)];
    expect(shown).toContain('Open Writer');
    for (const name of names.slice(1)) expect(shown, name).not.toContain(name);
  });

  it('starts a member who follows few people from their onboarding choices: unrated albums, who rates them, recent reviews', async () => {
    const jazzRated = await buildAlbum(t.db, { title: 'Starter Jazz Rated', artist: 'Starter Quartet', genres: ['Jazz'] });
    const jazzNew = await buildAlbum(t.db, { title: 'Starter Jazz New', artist: 'Starter Quartet', genres: ['Jazz'] });
    const folk = await buildAlbum(t.db, { title: 'Chosen Folk Record', artist: 'Chosen Singer', genres: ['Folk'] });
    const singer = (await send(null, 'GET', `/api/albums/${folk}`)).json<{ artists: { id: string }[] }>().artists[0]!.id;
    const [newcomer, friend, fan, closedFan, blockingFan] = await Promise.all([
      createUser(t, { name: 'Starter Newcomer' }),
      createUser(t, { name: 'Starter Friend' }),
      createUser(t, { name: 'Jazz Fan' }),
      createUser(t, { name: 'Closed Jazz Fan' }),
      createUser(t, { name: 'Blocking Jazz Fan' }),
    ]);
    await send(newcomer, 'PUT', '/api/me/onboarding', { step: 1, preferredGenres: ['jazz'] });
    await send(newcomer, 'PUT', '/api/me/onboarding', { step: 2, favoriteArtists: [singer], completed: true });
    await rate(newcomer, jazzRated, 9);
    // One person followed is still a quiet feed.
    await follow(newcomer, friend);
    for (const album of [jazzNew, folk]) await rate(fan, album, 8);
    // These two rate more of the choices, so they would lead, but one is closed and the other blocks the newcomer.
    for (const person of [closedFan, blockingFan]) for (const album of [jazzRated, jazzNew, folk]) await rate(person, album, 9);
    await send(closedFan, 'PUT', '/api/me/visibility', { visibility: 'private' });
    await send(blockingFan, 'PUT', `/api/users/${newcomer.user.username}/block`);
    await review(fan, jazzNew, 'Fan on the new one');

    const starter = (await sidebar(newcomer)).starter!;
    expect(starter.fromChoices).toBe(true);
    expect(starter.albums.map((album) => album.id).sort()).toEqual([jazzNew, folk].sort());
    expect(starter.reviewers[0]).toMatchObject({ person: { name: 'Jazz Fan' }, ratedOfChoices: 2, reviewCount: 1 });
    const shown = [...starter.reviewers.map((entry) => entry.person.name), ...starter.reviews.map((entry) => entry.author.name)];
    for (const name of ['Closed Jazz Fan', 'Blocking Jazz Fan', 'Starter Friend', 'Starter Newcomer'])
      expect(shown, name).not.toContain(name);
    expect(starter.reviews[0]).toMatchObject({ author: { name: 'Jazz Fan' }, review: { title: 'Fan on the new one' } });

    // Someone who chose nothing is offered the site's most rated albums they have not rated.
    const unsure = await createUser(t, { name: 'Starter Unsure' });
    await rate(unsure, jazzNew, 7);
    const general = (await sidebar(unsure)).starter!;
    expect(general.fromChoices).toBe(false);
    expect(general.albums.length).toBeGreaterThan(0);
    expect(general.albums.map((album) => album.id)).not.toContain(jazzNew);
  });
});
