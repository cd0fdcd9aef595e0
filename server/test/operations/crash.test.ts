/**
 * What survives a crash: a real server takes ~1,000 concurrent writes from several members and is killed (SIGKILL)
 * in the middle. Restarted on the same database, every write it acknowledged is there, every counter equals a recount
 * of its rows, and the database is intact.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/platform/db/index.ts';
import { albumsWithWrongRatingTotals } from '../rating-totals.ts';
import { call, emptyDatabase, signUp, startServer, stopAll, temporaryDirectory, usingPostgres, type ServerProcess } from '../processes.ts';

const MEMBERS = 6;
const REVIEW = 'A record that keeps its best ideas for the second side, and rewards every patient listener with them.';

interface Write {
  method: string;
  path: string;
  cookie: string;
  body?: unknown;
  /** What to look for after the restart when the server acknowledged it. */
  check: Check;
}

type Check =
  | { kind: 'rating'; userId: string; albumId: string; rating: number }
  | { kind: 'review'; userId: string; albumId: string }
  | { kind: 'like'; userId: string; reviewId: string }
  | { kind: 'collectionAlbum'; collectionId: string; albumId: string; note: string }
  | { kind: 'collection'; userId: string; name: string };

const directory = temporaryDirectory('crash');
let database: { url: string; drop(): Promise<void> };
let handle: DatabaseHandle | undefined;

beforeAll(async () => {
  database = await emptyDatabase(directory.path);
});

afterAll(async () => {
  await stopAll();
  await handle?.destroy();
  await database?.drop();
  directory.remove();
});

function shuffle<T>(items: T[]): T[] {
  for (let index = items.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [items[index], items[other]] = [items[other]!, items[index]!];
  }
  return items;
}

describe(`a server killed in the middle of ~1,000 writes (${usingPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('keeps every acknowledged write, and its counters equal a recount', { timeout: 90_000 }, async () => {
    let server: ServerProcess = await startServer({ databaseUrl: database.url, dataDir: directory.path });
    handle = openDatabase(database.url, { poolSize: 2 });
    const db = handle.db;
    const albums = (await sql<{ id: string }>`select id from album where status = 'confirmed' order by id limit 300`.execute(db)).rows.map(
      (row) => row.id,
    );
    expect(albums.length).toBe(300);

    // Before the storm: the members, one collection each and two reviews each that the others will like.
    const members = await Promise.all(Array.from({ length: MEMBERS }, (_, index) => signUp(server, `Crash Member ${index}`)));
    const collections: string[] = [];
    const seedReviews: { id: string; authorIndex: number }[] = [];
    for (const [index, member] of members.entries()) {
      const created = await call(server, 'POST', '/api/collections', {
        cookie: member.cookie,
        body: { name: `Shelf ${index}`, albumIds: [albums[299 - index]] },
      });
      expect(created.status).toBe(201);
      collections.push(created.body.id);
      for (const offset of [0, 1]) {
        const review = await call(server, 'POST', `/api/albums/${albums[280 + index * 2 + offset]}/reviews`, {
          cookie: member.cookie,
          body: { rating: 5, content: REVIEW },
        });
        expect(review.status).toBe(201);
        seedReviews.push({ id: review.body.id, authorIndex: index });
      }
    }

    const writes: Write[] = [];
    for (const [index, member] of members.entries()) {
      for (let album = 0; album < 80; album++) {
        const rating = ((index + album) % 10) + 1;
        writes.push({
          method: 'PUT',
          path: `/api/albums/${albums[album]}/rating`,
          cookie: member.cookie,
          body: { rating },
          check: { kind: 'rating', userId: member.id, albumId: albums[album]!, rating },
        });
      }
      for (let album = 100; album < 120; album++) {
        writes.push({
          method: 'POST',
          path: `/api/albums/${albums[album]}/reviews`,
          cookie: member.cookie,
          body: { rating: ((index + album) % 10) + 1, content: REVIEW },
          check: { kind: 'review', userId: member.id, albumId: albums[album]! },
        });
      }
      for (const review of seedReviews.filter((seed) => seed.authorIndex !== index)) {
        writes.push({
          method: 'PUT',
          path: `/api/reviews/${review.id}/like`,
          cookie: member.cookie,
          check: { kind: 'like', userId: member.id, reviewId: review.id },
        });
      }
      for (let album = 150; album < 200; album++) {
        const note = album % 2 ? `Side ${album}` : '';
        writes.push({
          method: 'POST',
          path: `/api/collections/${collections[index]}/albums`,
          cookie: member.cookie,
          body: note ? { albumId: albums[album], note } : { albumId: albums[album] },
          check: { kind: 'collectionAlbum', collectionId: collections[index]!, albumId: albums[album]!, note },
        });
      }
      for (let shelf = 0; shelf < 5; shelf++) {
        const name = `Storm shelf ${index}-${shelf}`;
        writes.push({
          method: 'POST',
          path: '/api/collections',
          cookie: member.cookie,
          body: { name, albumIds: [albums[200 + shelf]] },
          check: { kind: 'collection', userId: member.id, name },
        });
      }
    }
    shuffle(writes);
    expect(writes.length).toBeGreaterThan(950);

    // The storm: 64 requests in flight at a time; SIGKILL once 400 were acknowledged.
    const acknowledged: Write[] = [];
    const failures: string[] = [];
    let next = 0;
    let killed: Promise<string> | undefined;
    const target = server;
    await Promise.all(
      Array.from({ length: 64 }, async () => {
        while (next < writes.length && !killed) {
          const write = writes[next++]!;
          try {
            const response = await call(target, write.method, write.path, { cookie: write.cookie, body: write.body, timeoutMs: 10_000 });
            if (response.status >= 200 && response.status < 300) acknowledged.push(write);
            else if (!killed) failures.push(`${write.method} ${write.path}: ${response.status} ${JSON.stringify(response.body)}`);
          } catch {
            // The connection died with the server: the outcome of this write is unknown, and nothing is promised.
          }
          if (acknowledged.length >= 400 && !killed) killed = target.kill('SIGKILL');
        }
      }),
    );
    expect(await killed).toBe('SIGKILL');
    expect(failures).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(400);

    // Restarted on the same database: everything acknowledged is there.
    server = await startServer({ databaseUrl: database.url, dataDir: directory.path });
    expect((await call(server, 'GET', '/readyz')).status).toBe(200);

    const missing: string[] = [];
    const ratings = new Map(
      (await sql<{ user_id: string; album_id: string; rating: number }>`select user_id, album_id, rating from rating`.execute(db)).rows.map(
        (row) => [`${row.user_id}/${row.album_id}`, Number(row.rating)],
      ),
    );
    const reviews = new Set(
      (await sql<{ user_id: string; album_id: string }>`select user_id, album_id from review`.execute(db)).rows.map(
        (row) => `${row.user_id}/${row.album_id}`,
      ),
    );
    const likes = new Set(
      (await sql<{ user_id: string; review_id: string }>`select user_id, review_id from review_like`.execute(db)).rows.map(
        (row) => `${row.user_id}/${row.review_id}`,
      ),
    );
    const items = new Map(
      (
        await sql<{
          collection_id: string;
          album_id: string;
          note: string;
        }>`select collection_id, album_id, note from collection_album`.execute(db)
      ).rows.map((row) => [`${row.collection_id}/${row.album_id}`, row.note]),
    );
    const shelves = new Set(
      (await sql<{ user_id: string; name: string }>`select user_id, name from collection`.execute(db)).rows.map(
        (row) => `${row.user_id}/${row.name}`,
      ),
    );
    for (const { check } of acknowledged) {
      if (check.kind === 'rating' && ratings.get(`${check.userId}/${check.albumId}`) !== check.rating) missing.push(JSON.stringify(check));
      if (check.kind === 'review' && !reviews.has(`${check.userId}/${check.albumId}`)) missing.push(JSON.stringify(check));
      if (check.kind === 'like' && !likes.has(`${check.userId}/${check.reviewId}`)) missing.push(JSON.stringify(check));
      if (check.kind === 'collectionAlbum' && items.get(`${check.collectionId}/${check.albumId}`) !== check.note)
        missing.push(JSON.stringify(check));
      if (check.kind === 'collection' && !shelves.has(`${check.userId}/${check.name}`)) missing.push(JSON.stringify(check));
    }
    expect(missing).toEqual([]);

    // Every counter equals a recount of its rows.
    expect(Number((await sql<{ n: number }>`select count(*) as n from rating`.execute(db)).rows[0]!.n)).toBeGreaterThan(0);
    expect(await albumsWithWrongRatingTotals(db)).toEqual([]);
    const wrongReviewCounts = (
      await sql<{ id: string }>`
        select album.id from album where album.review_count <> (select count(*) from review where review.album_id = album.id)`.execute(db)
    ).rows;
    expect(wrongReviewCounts).toEqual([]);

    const wrongLikes = (
      await sql<{ id: string }>`
        select review.id from review
        where review.like_count <> (select count(*) from review_like where review_like.review_id = review.id)`.execute(db)
    ).rows;
    expect(wrongLikes).toEqual([]);

    const wrongAlbumCounts = (
      await sql<{ id: string }>`
        select collection.id from collection
        where collection.album_count <> (select count(*) from collection_album where collection_album.collection_id = collection.id)`.execute(
        db,
      )
    ).rows;
    expect(wrongAlbumCounts).toEqual([]);

    const wrongProfiles = (
      await sql<{ user_id: string }>`
        select profile.user_id from profile
        where profile.ratings_count <> (select count(*) from rating where rating.user_id = profile.user_id)
          or profile.reviews_count <> (select count(*) from review where review.user_id = profile.user_id)
          or profile.public_collections_count <>
            (select count(*) from collection where collection.user_id = profile.user_id and collection.is_private = 0)`.execute(db)
    ).rows;
    expect(wrongProfiles).toEqual([]);

    // Nothing points at a row that is not there, and the file itself is sound.
    const orphans = await sql<{ count: number }>`
      select
        (select count(*) from rating where not exists (select 1 from album where album.id = rating.album_id)) +
        (select count(*) from review_like where not exists (select 1 from review where review.id = review_like.review_id)) +
        (select count(*) from collection_album where not exists (select 1 from collection where collection.id = collection_album.collection_id)) +
        (select count(*) from review where not exists (select 1 from "user" where "user".id = review.user_id)) as count`.execute(db);
    expect(Number(orphans.rows[0]!.count)).toBe(0);
    if (!usingPostgres) {
      const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
      expect(integrity.rows.map((row) => row.integrity_check)).toEqual(['ok']);
      const foreignKeys = await sql`pragma foreign_key_check`.execute(db);
      expect(foreignKeys.rows).toEqual([]);
    }

    // And the restarted server serves what was acknowledged.
    const rated = acknowledged.find((write) => write.check.kind === 'rating')!;
    const mine = await call(server, 'GET', `/api/me/ratings?limit=100`, { cookie: rated.cookie });
    expect(mine.status).toBe(200);
    expect(mine.body.items.some((item: { album: { id: string } }) => item.album.id === (rated.check as { albumId: string }).albumId)).toBe(
      true,
    );
    await server.kill('SIGTERM');
  });
});
