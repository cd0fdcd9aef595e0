/**
 * The scale seed (bench/seed-scale.ts) at a small size, on the run's database: the sizes asked for are there, every
 * counter equals a recount of its rows, the same arguments make the same site (on the other engine too, when the run
 * is on PostgreSQL), the follow graph and the ratings are skewed, and the real server finds its albums and signs its
 * members in to their own data.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, DEFAULT_EPOCH, SCALE_PASSWORD, seedScale, type ScaleSizes, type SeedResult } from '../bench/seed-scale.ts';
import { reviewText, sanitizeReviewHtml } from '../src/modules/reviews/sanitize.ts';
import { verifyPassword } from '../src/platform/auth/passwords.ts';
import { openDatabase, type DatabaseHandle, type DB } from '../src/platform/db/index.ts';
import { migrateToLatest } from '../src/platform/db/migrate.ts';
import { createTestApp, type TestApp } from './app.ts';
import { freshDatabase, usingPostgres } from './database.ts';
import { albumsWithWrongRatingTotals } from './rating-totals.ts';
import { temporaryDirectory } from './processes.ts';
import { sessionCookie } from './users.ts';

const SIZES: ScaleSizes = {
  albums: 1500,
  members: 400,
  ratings: 8000,
  reviews: 800,
  follows: 4000,
  reviewLikes: 2400,
  reviewComments: 400,
  collections: 80,
  collectionLikes: 240,
  journalEntries: 1600,
  albumLikes: 800,
};
const SEED = 7;

const directory = temporaryDirectory('seed-scale');
let app: TestApp;
let db: DB;
let result: SeedResult;
/** The same arguments again, into a SQLite file: the same engine on a SQLite run, the other one on PostgreSQL. */
let again: DatabaseHandle;

beforeAll(async () => {
  app = await createTestApp();
  db = app.db;
  result = await seedScale(db, { sizes: SIZES, seed: SEED });
  again = openDatabase(`sqlite:${directory.path}/again.db`);
  await migrateToLatest(again.db);
  await seedScale(again.db, { sizes: SIZES, seed: SEED });
}, 60_000);

afterAll(async () => {
  await again?.destroy();
  await app?.close();
  directory.remove();
});

const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows;
const one = async (query: ReturnType<typeof sql<{ n: number }>>) => Number((await rows(query))[0]!.n);

/** A digest of what a site holds, with albums named by slug: the catalog writer's own ids are random. */
async function digest(database: DB): Promise<Record<string, string>> {
  const queries: Record<string, string> = {
    user: `select id, name, email, username from "user"`,
    account: `select id, user_id, account_id, provider_id, password from account`,
    profile: `select user_id, bio, preferred_genres, visibility, ratings_count, reviews_count, public_collections_count,
      followers_count, following_count, created_at from profile`,
    album: `select slug, title, artist_credit, release_date, release_type, label, rating_count, rating_sum, rating_average,
      review_count, like_count from album`,
    rating: `select r.id, r.user_id, a.slug, r.rating, r.created_at, r.updated_at, r.feed_at from rating r join album a on a.id = r.album_id`,
    album_like: `select l.user_id, a.slug, l.created_at from album_like l join album a on a.id = l.album_id`,
    review: `select r.id, r.user_id, a.slug, r.rating, r.title, r.content_html, r.content_text, r.like_count, r.comment_count,
      r.created_at from review r join album a on a.id = r.album_id`,
    review_like: `select user_id, review_id, created_at from review_like`,
    review_comment: `select id, review_id, user_id, body, created_at from review_comment`,
    follow: `select follower_id, followee_id, created_at from follow`,
    collection: `select id, user_id, name, description, is_private, ranked, album_count, like_count, created_at, updated_at
      from collection`,
    collection_album: `select c.collection_id, a.slug, c.position, c.note, c.added_at
      from collection_album c join album a on a.id = c.album_id`,
    collection_like: `select user_id, collection_id, created_at from collection_like`,
    journal_entry: `select j.id, j.user_id, a.slug, j.listened_on, j.rating, j.note, j.created_at
      from journal_entry j join album a on a.id = j.album_id`,
    activity: `select x.id, x.actor_id, x.verb, x.object_type, case when x.object_type = 'album' then o.slug else x.object_id end,
      a.slug, x.created_at from activity x left join album a on a.id = x.album_id left join album o on o.id = x.object_id`,
  };
  const digests: Record<string, string> = {};
  for (const [table, query] of Object.entries(queries)) {
    const lines = (await sql.raw(query).execute(database)).rows.map((row) =>
      JSON.stringify(
        Object.values(row as object).map((value) => (value === null ? null : typeof value === 'number' ? value : String(value))),
      ),
    );
    // Sorted here, not by the database: the engines collate text differently.
    lines.sort();
    digests[table] = `${lines.length} rows, ${createHash('sha256').update(lines.join('\n')).digest('hex')}`;
  }
  return digests;
}

describe(`npm run seed:scale at a small size (${usingPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('makes what was asked for, each action with the feed entry its module writes', async () => {
    const counts = await countRows(db);
    expect(counts).toMatchObject({
      user: SIZES.members,
      account: SIZES.members,
      profile: SIZES.members,
      album: SIZES.albums,
      search_document: counts.album,
      search_artist: counts.artist,
      search_person: SIZES.members,
      search_collection: SIZES.collections,
      rating: SIZES.ratings,
      album_like: SIZES.albumLikes,
      review: SIZES.reviews,
      review_like: SIZES.reviewLikes,
      review_comment: SIZES.reviewComments,
      follow: SIZES.follows,
      collection: SIZES.collections,
      collection_like: SIZES.collectionLikes,
      journal_entry: SIZES.journalEntries,
    });
    expect(counts.track).toBeGreaterThan(SIZES.albums * 4);
    expect(counts.collection_album).toBeGreaterThan(SIZES.collections * 3);
    expect(result.steps.map((step) => step.step)).toContain('counters');

    const verbs = Object.fromEntries(
      (await rows(sql<{ verb: string; n: number }>`select verb, count(*) as n from activity group by verb`)).map((row) => [
        row.verb,
        Number(row.n),
      ]),
    );
    const publicCollections = await one(sql`select count(*) as n from collection where is_private = 0`);
    const addedLater = await one(sql`select count(*) as n from collection_album entry join collection on collection.id = entry.collection_id
      where collection.is_private = 0 and entry.added_at > collection.created_at`);
    expect(verbs).toEqual({
      reviewed: SIZES.reviews,
      followed: SIZES.follows,
      listened: SIZES.journalEntries,
      created_collection: publicCollections,
      added_to_collection: addedLater,
    });
    expect(publicCollections).toBeLessThan(SIZES.collections);
    // A rating is its own feed entry, news from the moment it was given.
    expect(await one(sql`select count(*) as n from rating where feed_at = created_at`)).toBe(SIZES.ratings);

    // Every activity row points at what it records, by whom and when, as the modules write it.
    const matched = {
      reviewed: sql`join review v on v.id = x.object_id and v.user_id = x.actor_id and v.album_id = x.album_id and v.created_at = x.created_at`,
      followed: sql`join follow f on f.follower_id = x.actor_id and f.followee_id = x.object_id and f.created_at = x.created_at`,
      listened: sql`join journal_entry j on j.id = x.object_id and j.user_id = x.actor_id and j.album_id = x.album_id and j.created_at = x.created_at`,
      created_collection: sql`join collection c on c.id = x.object_id and c.user_id = x.actor_id and c.is_private = 0
        and c.created_at = x.created_at and x.album_id is null`,
      added_to_collection: sql`join collection c on c.id = x.object_id and c.user_id = x.actor_id
        join collection_album e on e.collection_id = c.id and e.album_id = x.album_id and e.added_at = x.created_at`,
    };
    for (const [verb, join] of Object.entries(matched)) {
      expect(await one(sql`select count(*) as n from activity x ${join} where x.verb = ${verb}`), verb).toBe(verbs[verb]);
    }

    // A review is published with its author's rating of the album, as the reviews module does.
    expect(
      await one(sql`select count(*) as n from review v
        left join rating r on r.user_id = v.user_id and r.album_id = v.album_id where r.id is null or r.rating <> v.rating`),
    ).toBe(0);
    // Nobody likes their own review or collection; only what everyone can see (public collections, reviews and
    // collections on public profiles) is liked or commented on.
    expect(await one(sql`select count(*) as n from review_like l join review v on v.id = l.review_id where v.user_id = l.user_id`)).toBe(0);
    expect(
      await one(sql`select count(*) as n from collection_like l join collection c on c.id = l.collection_id
        where c.user_id = l.user_id or c.is_private = 1`),
    ).toBe(0);
    expect(
      await one(sql`select count(*) as n from review v join profile p on p.user_id = v.user_id
        where p.visibility <> 'public' and (v.like_count > 0 or v.comment_count > 0)`),
    ).toBe(0);
    expect(await one(sql`select count(*) as n from follow where follower_id = followee_id`)).toBe(0);
    // Collections are in order, 0 … n-1.
    expect(
      await one(sql`select count(*) as n from collection c
        where c.album_count <> (select max(position) + 1 from collection_album e where e.collection_id = c.id)`),
    ).toBe(0);
  });

  it('keeps every counter equal to a recount of its rows', async () => {
    expect(await albumsWithWrongRatingTotals(db)).toEqual([]);
    expect(
      await rows(sql`select id from album
        where review_count <> (select count(*) from review where review.album_id = album.id)
          or like_count <> (select count(*) from album_like where album_like.album_id = album.id)`),
    ).toEqual([]);
    expect(
      await rows(sql`select id from review
        where like_count <> (select count(*) from review_like where review_like.review_id = review.id)
          or comment_count <> (select count(*) from review_comment where review_comment.review_id = review.id)`),
    ).toEqual([]);
    expect(
      await rows(sql`select id from collection
        where album_count <> (select count(*) from collection_album where collection_album.collection_id = collection.id)
          or like_count <> (select count(*) from collection_like where collection_like.collection_id = collection.id)
          or updated_at <> (select max(added_at) from collection_album where collection_album.collection_id = collection.id)`),
    ).toEqual([]);
    expect(
      await rows(sql`select user_id from profile
        where ratings_count <> (select count(*) from rating where rating.user_id = profile.user_id)
          or reviews_count <> (select count(*) from review where review.user_id = profile.user_id)
          or public_collections_count <>
            (select count(*) from collection where collection.user_id = profile.user_id and collection.is_private = 0)
          or followers_count <> (select count(*) from follow where follow.followee_id = profile.user_id)
          or following_count <> (select count(*) from follow where follow.follower_id = profile.user_id)`),
    ).toEqual([]);
    // The counters are not all zero either.
    expect(await one(sql`select count(*) as n from review where like_count > 0 and comment_count > 0`)).toBeGreaterThan(0);
    expect(await one(sql`select count(*) as n from collection where like_count > 0`)).toBeGreaterThan(0);
    expect(await one(sql`select count(*) as n from album where like_count > 0 and review_count > 0`)).toBeGreaterThan(0);

    if (!usingPostgres) {
      // SQLite checks no foreign key while the seed runs; every row must still point at one that is there.
      expect(await rows(sql`pragma foreign_key_check`)).toEqual([]);
      expect((await rows(sql<{ integrity_check: string }>`pragma integrity_check`)).map((row) => row.integrity_check)).toEqual(['ok']);
    }
  });

  it(`makes the same site from the same seed${usingPostgres ? ', on SQLite as on PostgreSQL' : ''}`, async () => {
    expect(await digest(again.db)).toEqual(await digest(db));
    // Reviews are stored as the reviews module stores them: clean HTML, and its words as the text.
    const reviews = await rows(sql<{ content_html: string; content_text: string; title: string }>`
      select content_html, content_text, title from review order by created_at, id limit 200`);
    for (const review of reviews) {
      expect(sanitizeReviewHtml(review.content_html)).toBe(review.content_html);
      expect(reviewText(review.content_html)).toBe(review.content_text);
      expect(review.content_text.length).toBeGreaterThanOrEqual(50);
      expect(review.title.length).toBeLessThanOrEqual(100);
    }
    // One password hash, made once, opens every account.
    const hashes = await rows(sql<{ password: string }>`select distinct password from account where provider_id = 'credential'`);
    expect(hashes).toHaveLength(1);
    expect(await verifyPassword({ hash: hashes[0]!.password, password: SCALE_PASSWORD })).toBe(true);
  });

  it('skews who is followed and what is rated, over the three years before the epoch', async () => {
    const middle = <T>(values: T[]) => values[Math.floor(values.length / 2)]!;
    const followers = (await rows(sql<{ n: number }>`select followers_count as n from profile`))
      .map((row) => Number(row.n))
      .sort((a, b) => a - b);
    expect(followers.at(-1)!).toBeGreaterThanOrEqual(10 * Math.max(1, middle(followers)));
    const raters = (await rows(sql<{ n: number }>`select rating_count as n from album`)).map((row) => Number(row.n)).sort((a, b) => a - b);
    expect(raters.at(-1)!).toBeGreaterThanOrEqual(10 * Math.max(1, middle(raters)));
    const raterCounts = (await rows(sql<{ n: number }>`select ratings_count as n from profile`))
      .map((row) => Number(row.n))
      .sort((a, b) => a - b);
    expect(raterCounts.at(-1)!).toBeGreaterThanOrEqual(5 * Math.max(1, middle(raterCounts)));

    const values = (await rows(sql<{ rating: number; n: number }>`select rating, count(*) as n from rating group by rating`)).map(
      (row) => ({
        rating: Number(row.rating),
        n: Number(row.n),
      }),
    );
    for (const { rating } of values) {
      expect(rating * 2).toBe(Math.round(rating * 2));
      expect(rating).toBeGreaterThanOrEqual(1);
      expect(rating).toBeLessThanOrEqual(10);
    }
    const average = values.reduce((sum, row) => sum + row.rating * row.n, 0) / SIZES.ratings;
    expect(average).toBeGreaterThan(5.5);
    expect(average).toBeLessThan(8);

    const [span] = await rows(sql<{ first: string; last: string }>`
      select min(created_at) as first, max(created_at) as last from activity`);
    const epoch = Date.parse(DEFAULT_EPOCH);
    expect(Date.parse(span!.last)).toBeLessThanOrEqual(epoch);
    expect(Date.parse(span!.first)).toBeGreaterThanOrEqual(epoch - 3 * 366 * 86_400_000);
    expect(Date.parse(span!.last) - Date.parse(span!.first)).toBeGreaterThan(365 * 86_400_000);
    expect(await one(sql`select count(*) as n from album where release_date > ${DEFAULT_EPOCH.slice(0, 10)}`)).toBe(0);
  });

  it('finds its albums with the real search, and signs its members in to their own data', async () => {
    const albums = await rows(sql<{ id: string; title: string; artist_credit: string }>`
      select id, title, artist_credit from album order by rating_count desc, slug limit 3`);
    const obscure = await rows(sql<{ id: string; title: string; artist_credit: string }>`
      select id, title, artist_credit from album order by rating_count, slug limit 2`);
    for (const album of [...albums, ...obscure]) {
      const found = await app.inject(`/api/search?q=${encodeURIComponent(`${album.artist_credit} ${album.title}`)}&limit=50`);
      expect(found.statusCode).toBe(200);
      expect(found.json().albums.map((card: { id: string }) => card.id)).toContain(album.id);
    }

    // The member who follows the most people: their feed, their ratings and their profile's counts.
    const [member] = await rows(sql<{
      email: string;
      username: string;
      ratings_count: number;
      reviews_count: number;
      followers_count: number;
      following_count: number;
    }>`
      select email, username, ratings_count, reviews_count, followers_count, following_count
      from "user" join profile on profile.user_id = "user".id
      order by following_count desc, "user".id limit 1`);
    expect(member!.email).toMatch(/^member\d+@scale\.invalid$/);
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: member!.email, password: SCALE_PASSWORD },
    });
    expect(signedIn.statusCode).toBe(200);
    const cookie = sessionCookie(signedIn.headers['set-cookie']);
    const headers = { cookie };

    const mine = await app.inject({ url: '/api/me/ratings?limit=5', headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().total).toBe(Number(member!.ratings_count));
    const feed = await app.inject({ url: '/api/feed', headers });
    expect(feed.statusCode).toBe(200);
    expect(feed.json().items.length).toBeGreaterThan(0);
    const profile = await app.inject({ url: `/api/users/${member!.username}`, headers });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().stats).toMatchObject({
      ratings: Number(member!.ratings_count),
      reviews: Number(member!.reviews_count),
      followers: Number(member!.followers_count),
      following: Number(member!.following_count),
    });
  });

  it('leaves the schema as the migrations made it: every index and foreign key back, no work tables, no statistics SQLite would not have', async () => {
    const schema = async (database: DB) =>
      (
        await (
          usingPostgres
            ? sql<{ item: string }>`
              select 'table ' || table_name as item from information_schema.tables where table_schema = current_schema()
              union all select indexdef from pg_indexes where schemaname = current_schema()
              union all select conname || ' ' || pg_get_constraintdef(oid) from pg_constraint where connamespace = current_schema()::regnamespace`
            : sql<{
                item: string;
              }>`select type || ' ' || name || ' ' || coalesce(sql, '') as item from sqlite_master`
        ).execute(database)
      ).rows
        .map((row) => row.item)
        .sort();
    const migrated = await freshDatabase();
    try {
      expect(await schema(db)).toEqual(await schema(migrated.db));
    } finally {
      await migrated.destroy();
    }
  });

  it('refuses a database that already has members', async () => {
    await expect(seedScale(db, { sizes: SIZES, seed: SEED })).rejects.toThrow(/already has 400 members/);
    expect(await one(sql`select count(*) as n from rating`)).toBe(SIZES.ratings);
  });
});
