import { sql, type RawBuilder } from 'kysely';
import type { ActivityObject, ActivityVerb } from '../db/schema.ts';
import { dialectOf, type DB } from '../platform/db/index.ts';
import { runKeptPrepared } from '../platform/db/prepared-statements.ts';

/*
 * The feed's reads that must read several modules' tables in one statement (decision 066): its skeleton, which merges
 * the feed's activity rows with the ratings that are news by time and actor (decision 042) and probes the viewer's
 * follows, and the people who rated a new member's albums ranked by their reviews. The feed asks them through the
 * hydrator.
 */

/**
 * One row of the skeleton: what the page is made of, before anything is hydrated. Ratings are their own feed entries
 * (decision 042) and come from the rating table with their value; everything else comes from activity.
 */
export interface FeedRow {
  id: string;
  actor_id: string;
  /** `remote_post`: a post of another site in a home timeline (decision 087), its id the post's, its actor remote. */
  verb: ActivityVerb | 'rated' | 'remote_post';
  object_type: ActivityObject | 'album' | 'remote_post';
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

/**
 * A page of the viewer's home timeline (decision 087) before the cursor, as the skeleton's rows: the entries the
 * fan-out wrote, read on the timeline's key, keeping only those the pull-based skeleton would give now. An activity
 * row still there; a rating still news at the entry's moment (a changed value is a new entry, a removed one is gone);
 * a post of another site still stored; and each by someone the viewer still follows, probed per entry as
 * `newestAmongFollowed` probes, so an unfollow takes effect at once. The rest of the rules are the feed's, as for the
 * pull-based skeleton.
 */
export async function timelinePage(db: DB, viewerId: string, cursor: FeedPosition | null, limit: number): Promise<FeedRow[]> {
  const after = cursor ? sql`and (created_at, entry_id) < (${cursor.createdAt}, ${cursor.id})` : sql``;
  const picked = sql`select source, entry_id as picked_id, created_at as picked_at, actor_id as picked_actor from home_timeline t
    where viewer_id = ${viewerId} ${after} and case
      when source = 'remote' then exists (select 1 from remote_follow where local_user_id = ${viewerId}
          and remote_actor_id = t.actor_id and direction = 'out' and state = 'accepted')
        and exists (select 1 from remote_post where remote_post.id = t.entry_id)
      else exists (select 1 from follow where follower_id = ${viewerId} and followee_id = t.actor_id)
        and (source <> 'activity' or exists (select 1 from activity where activity.id = t.entry_id))
        and (source <> 'rating' or exists (select 1 from rating where rating.id = t.entry_id and rating.feed_at = t.created_at))
      end
    order by created_at desc, entry_id desc limit ${limit}`;
  return runKeptPrepared(
    db,
    sql<FeedRow>`with picked as (${picked})
    select ${activityColumns} from picked join activity on activity.id = picked.picked_id where picked.source = 'activity'
    union all select ${ratingColumns} from picked join rating on rating.id = picked.picked_id where picked.source = 'rating'
    union all select picked_id as id, picked_actor as actor_id, 'remote_post' as verb, 'remote_post' as object_type,
      picked_id as object_id, cast(null as text) as album_id, picked_at as created_at, cast(null as double precision) as rating
      from picked where picked.source = 'remote'
    order by created_at desc, id desc`,
  );
}

/** A person's rating of an album as a feed entry: its id and when it became news; none when it is not news. */
export async function ratingEntry(db: DB, userId: string, albumId: string): Promise<{ id: string; feedAt: string } | undefined> {
  const row = await db
    .selectFrom('rating')
    .select(['id', 'feed_at'])
    .where('user_id', '=', userId)
    .where('album_id', '=', albumId)
    .where('feed_at', 'is not', null)
    .executeTakeFirst();
  return row?.feed_at ? { id: row.id, feedAt: row.feed_at } : undefined;
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
