import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { ActivityObject, ActivityVerb } from '../../db/schema.ts';
import { dialectOf, type DB } from '../../platform/db/index.ts';
import { inJsonList, jsonFlagOff, jsonList } from '../../platform/db/json-arrays.ts';
import { precompiled } from '../../platform/db/precompiled.ts';
import { runKeptPrepared } from '../../platform/db/prepared-statements.ts';

/**
 * One row of the skeleton: what the page is made of, before anything is hydrated. Ratings are their own feed entries
 * (decision 042) and come from the rating table with their value; everything else comes from activity.
 */
export interface FeedRow {
  id: string;
  actor_id: string;
  verb: ActivityVerb | 'rated';
  object_type: ActivityObject | 'album';
  object_id: string;
  album_id: string | null;
  created_at: string;
  /** The rating's value (`rated` rows only). */
  rating: number | null;
}

/** A place in the feed: rows strictly older than it come next. */
export interface FeedPosition {
  createdAt: string;
  id: string;
}

/** The skeleton's columns from each source, in FeedRow's shape (a typed null, so PostgreSQL unites the two). */
const activityColumns = sql`id, actor_id, verb, object_type, object_id, album_id, created_at, cast(null as double precision) as rating`;
const ratingColumns = sql`id, user_id as actor_id, 'rated' as verb, 'album' as object_type, album_id as object_id, album_id, feed_at as created_at, rating`;
/** Only what the time indexes hold (activity_time_idx, rating_feed_time_idx): rows are chosen without reading their tables. */
const activityKeys = sql`'activity' as source, id, actor_id, created_at`;
const ratingKeys = sql`'rating' as source, id, user_id as actor_id, feed_at as created_at`;

/** A row-value comparison, so both engines seek the (…, time, id) index to the cursor instead of scanning to it. */
const olderThan = (time: RawBuilder<unknown>, cursor: FeedPosition | null) =>
  cursor ? sql`and (${time}, id) < (${cursor.createdAt}, ${cursor.id})` : sql``;

/**
 * The newest `limit` feed rows before the cursor, from activity and from ratings that are news, each read backwards
 * on its (…, time, id) index and merged, so a page reads about as many rows as it keeps: `actorId` narrows both to one
 * person (activity_actor_time_idx, rating_feed_actor_idx), otherwise they are everyone's (activity_time_idx,
 * rating_feed_time_idx). `keysOnly` gives each row's source, id, actor and time only: what the time indexes hold.
 *
 * The two engines merge in index order from different shapes. SQLite does it when both sides are plain SELECTs under
 * the compound's ORDER BY … LIMIT; sides with a LIMIT of their own it reads whole and sorts. PostgreSQL does it (a
 * Merge Append) when each side has its own ORDER BY … LIMIT; plain sides under one LIMIT it reads whole and sorts.
 */
function newestRows(db: DB, cursor: FeedPosition | null, limit: number, actor?: RawBuilder<unknown>, keysOnly = false) {
  const [activityActor, ratingActor] = actor ? [sql`and actor_id = ${actor}`, sql`and user_id = ${actor}`] : [sql``, sql``];
  const activity = sql`select ${keysOnly ? activityKeys : activityColumns} from activity where 1 = 1 ${activityActor} ${olderThan(sql.ref('created_at'), cursor)}`;
  const ratings = sql`select ${keysOnly ? ratingKeys : ratingColumns} from rating where feed_at is not null ${ratingActor} ${olderThan(sql.ref('feed_at'), cursor)}`;
  const newestFirst = sql`order by created_at desc, id desc limit ${limit}`;
  if (dialectOf(db) === 'sqlite') return sql`${activity} union all ${ratings} ${newestFirst}`;
  return sql`select * from (${activity} order by created_at desc, id desc limit ${limit}) as activity_part
    union all select * from (${ratings} order by feed_at desc, id desc limit ${limit}) as rating_part ${newestFirst}`;
}

/**
 * The people someone follows, up to `cap` + 1 of them (enough to tell whether there are more than `cap`), or null when
 * their profile counts more than `cap`: one statement, which reads a follow list only when the stored count says it is
 * short. The count sets the read's LIMIT (0 past `cap`), which both engines evaluate once, before the scan; as a
 * condition of the WHERE clause, SQLite read the 2,000 follows of a heavy follower to reject each.
 * Its text never changes: PostgreSQL keeps it prepared.
 */
export async function followeesUnlessMany(db: DB, viewerId: string, cap: number): Promise<string[] | null> {
  const count = sql`coalesce((select following_count from profile where user_id = ${viewerId}), 0)`;
  const rows = await runKeptPrepared(
    db,
    sql<{ following: number | null; followee_id: string | null }>`
    select ${count} as following, cast(null as text) as followee_id
    union all select * from (
      select cast(null as integer) as following, followee_id from follow where follower_id = ${viewerId}
      limit case when ${count} <= ${cap} then ${cap + 1} else 0 end) as followees`,
  );
  const following = rows.find((row) => row.following !== null)?.following ?? 0;
  return Number(following) > cap ? null : rows.flatMap((row) => row.followee_id ?? []);
}

/**
 * Skeleton for someone following few people: each one's newest `limit` rows before the cursor, merged. Reads at most
 * actors × 2 × limit rows, however active each person is. PostgreSQL takes the people as one array and reads each
 * one's rows in a LATERAL join, so the statement's text does not change with the list and stays prepared (its generic
 * plan keeps each person's Merge Append); SQLite, which has
 * no LATERAL, unites one part per person.
 */
export async function newestOfEach(db: DB, actorIds: readonly string[], cursor: FeedPosition | null, limit: number): Promise<FeedRow[]> {
  if (!actorIds.length) return [];
  const newestFirst = sql`order by created_at desc, id desc limit ${limit}`;
  if (dialectOf(db) === 'postgres')
    return runKeptPrepared(
      db,
      sql<FeedRow>`select picked.* from unnest(${[...actorIds]}::text[]) as actor(id)
      cross join lateral (${newestRows(db, cursor, limit, sql.ref('actor.id'))}) as picked ${newestFirst}`,
    );
  const parts = actorIds.map(
    (actorId, index) => sql`select * from (${newestRows(db, cursor, limit, sql`${actorId}`)}) as ${sql.ref(`a${index}`)}`,
  );
  const result = await sql<FeedRow>`${sql.join(parts, sql` union all `)} ${newestFirst}`.execute(db);
  return result.rows;
}

/**
 * Skeleton for someone following many people: the newest `window` rows of everyone before the cursor, kept when a
 * follow row says the viewer follows their actor. Reads at most `window` entries of each source's time index, however
 * many people are followed, and chooses from the indexes alone (they hold the actor): only the rows kept are read from
 * their tables. The follow row is probed for each row in the window's order (a scalar subquery): written as EXISTS,
 * PostgreSQL may instead join the viewer's whole follow list to every row, misjudging how many people a heavy
 * follower follows (measured in docs/benchmarks.md). Also answers where the window ended, so a page
 * that found fewer than `limit` rows in it can continue from there. Both statements stay prepared on PostgreSQL (a
 * text with a cursor and one without): their generic plans keep the Merge Append of the two time indexes.
 */
export async function newestAmongFollowed(
  db: DB,
  viewerId: string,
  cursor: FeedPosition | null,
  limit: number,
  window: number,
): Promise<{ rows: FeedRow[]; windowEnd: FeedPosition | null }> {
  const picked = sql`select source, id as picked_id from (${newestRows(db, cursor, window, undefined, true)}) as recent
    where (select true from follow where follower_id = ${viewerId} and followee_id = recent.actor_id)
    order by created_at desc, id desc limit ${limit}`;
  const rows = await runKeptPrepared(
    db,
    sql<FeedRow>`with picked as (${picked})
    select ${activityColumns} from picked join activity on activity.id = picked.picked_id where picked.source = 'activity'
    union all select ${ratingColumns} from picked join rating on rating.id = picked.picked_id where picked.source = 'rating'
    order by created_at desc, id desc`,
  );
  if (rows.length >= limit) return { rows, windowEnd: null };
  const [last] = await runKeptPrepared(
    db,
    sql<{ created_at: string; id: string }>`
    select created_at, id from (${newestRows(db, cursor, window, undefined, true)}) as recent order by created_at desc, id desc limit 1 offset ${window - 1}`,
  );
  return { rows, windowEnd: last ? { createdAt: last.created_at, id: last.id } : null };
}

/** A condition on a column naming a person, for the viewer (the hydration layer's rules: feed.service.ts passes `activityShown`). */
export type PersonShownTo = (viewerId: string, column: string) => RawBuilder<SqlBool>;

/** Journal entries by id: the day and the rating of that listen (never the note). */
export async function listens(db: DB, ids: readonly string[]) {
  return ids.length ? listenRows(db, jsonList(ids)) : [];
}

const listenRows = precompiled((db, idList: string) =>
  db
    .selectFrom('journal_entry')
    .select(['id', 'user_id', 'listened_on', 'rating'])
    .where(inJsonList(db, 'id', idList)),
);

/**
 * Albums most rated by the people the viewer follows since `since` (as their feeds show it), with how many of them
 * rated each: only the ratings the viewer's feed would show (`shown`: blocks, closed profiles, mutes), of people who
 * share their ratings.
 */
export async function popularAmongFollowed(db: DB, viewerId: string, since: string, limit: number, shown: PersonShownTo) {
  const rows = await db
    .selectFrom('rating')
    .select((eb) => ['rating.album_id', eb.fn.countAll<number>().as('raters')])
    .where('rating.feed_at', '>=', since)
    .where('rating.user_id', 'in', (eb) => eb.selectFrom('follow').select('followee_id').where('follower_id', '=', viewerId))
    .where(shown(viewerId, 'rating.user_id'))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('profile')
            .select('profile.user_id')
            .whereRef('profile.user_id', '=', 'rating.user_id')
            .where(jsonFlagOff(db, 'profile.settings', ['sharing', 'ratings'])),
        ),
      ),
    )
    .groupBy('rating.album_id')
    .orderBy('raters', 'desc')
    .orderBy((eb) => eb.fn.max('rating.feed_at'), 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ albumId: row.album_id, raters: Number(row.raters) }));
}

/** The newest reviews by the people the viewer follows. */
export async function reviewIdsByFollowed(db: DB, viewerId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('review')
    .select('id')
    .where('user_id', 'in', (eb) => eb.selectFrom('follow').select('followee_id').where('follower_id', '=', viewerId))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** The site's newest reviews, by anyone but the viewer. */
export async function recentReviewIds(db: DB, viewerId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('review')
    .select('id')
    .where('user_id', '!=', viewerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * People to suggest, with the reason: how many of the albums the viewer rated `threshold` or more they rated that
 * high too. Only the viewer's newest `basis` such ratings are compared, so the cost stays bounded for prolific raters.
 * Nobody already followed, and never the viewer.
 */
export async function tasteNeighbours(db: DB, viewerId: string, threshold: number, basis: number, limit: number) {
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('rating')
        .select('album_id')
        .where('user_id', '=', viewerId)
        .where('rating', '>=', threshold)
        .orderBy('updated_at', 'desc')
        .limit(basis)
        .as('mine'),
    )
    .innerJoin('rating as theirs', 'theirs.album_id', 'mine.album_id')
    .select((eb) => ['theirs.user_id', eb.fn.countAll<number>().as('shared')])
    .where('theirs.rating', '>=', threshold)
    .where('theirs.user_id', '!=', viewerId)
    .where('theirs.user_id', 'not in', (eb) => eb.selectFrom('follow').select('followee_id').where('follower_id', '=', viewerId))
    .groupBy('theirs.user_id')
    .orderBy('shared', 'desc')
    .orderBy('theirs.user_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ userId: row.user_id, shared: Number(row.shared) }));
}

/** The people with the most reviews since `since` (anyone but the viewer), for a member who follows nobody yet. */
export async function activeReviewers(db: DB, viewerId: string, since: string, limit: number) {
  const rows = await db
    .selectFrom('review')
    .select((eb) => ['user_id', eb.fn.countAll<number>().as('reviews')])
    .where('created_at', '>=', since)
    .where('user_id', '!=', viewerId)
    .groupBy('user_id')
    .orderBy('reviews', 'desc')
    .orderBy('user_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ userId: row.user_id, reviews: Number(row.reviews) }));
}

/** The people with the most reviews ever, when nobody reviewed lately. */
export async function mostReviewers(db: DB, viewerId: string, limit: number) {
  const rows = await db
    .selectFrom('profile')
    .select(['user_id', 'reviews_count'])
    .where('reviews_count', '>', 0)
    .where('user_id', '!=', viewerId)
    .orderBy('reviews_count', 'desc')
    .orderBy('user_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ userId: row.user_id, reviews: Number(row.reviews_count) }));
}

/** The first `cap` people the viewer follows: all of them when they follow fewer. */
export async function someFollowees(db: DB, viewerId: string, cap: number): Promise<string[]> {
  const rows = await db.selectFrom('follow').select('followee_id').where('follower_id', '=', viewerId).limit(cap).execute();
  return rows.map((row) => row.followee_id);
}

/**
 * The people who rated the most of these albums (anyone but the viewer and `excludeIds`), then those who review
 * most: reviewers of what a new member chose.
 */
export async function ratersOf(db: DB, albumIds: readonly string[], viewerId: string, excludeIds: readonly string[], limit: number) {
  if (!albumIds.length) return [];
  const rows = await db
    .selectFrom('rating')
    .innerJoin('profile', 'profile.user_id', 'rating.user_id')
    .select((eb) => ['rating.user_id', eb.fn.countAll<number>().as('rated'), eb.fn.max('profile.reviews_count').as('reviews')])
    .where('rating.album_id', 'in', [...albumIds])
    .where('rating.user_id', 'not in', [viewerId, ...excludeIds])
    .groupBy('rating.user_id')
    .orderBy('rated', 'desc')
    .orderBy('reviews', 'desc')
    .orderBy('rating.user_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ userId: row.user_id, rated: Number(row.rated), reviews: Number(row.reviews) }));
}

/** What the member chose at onboarding: genre slugs and artist ids (JSON lists on the profile). */
export async function onboardingChoices(db: DB, viewerId: string): Promise<{ genreSlugs: string[]; artistIds: string[] }> {
  const row = await db
    .selectFrom('profile')
    .select(['preferred_genres', 'favorite_artists'])
    .where('user_id', '=', viewerId)
    .executeTakeFirst();
  return { genreSlugs: stringList(row?.preferred_genres), artistIds: stringList(row?.favorite_artists) };
}

function stringList(value: string | undefined): string[] {
  try {
    const parsed: unknown = JSON.parse(value ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
