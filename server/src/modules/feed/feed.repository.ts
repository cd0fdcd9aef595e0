import { sql, type Selectable } from 'kysely';
import type { ActivityTable } from '../../db/schema.ts';
import type { DB } from '../../platform/db/index.ts';

/** One activity row of the skeleton: what the page is made of, before anything is hydrated. */
export type ActivityRow = Selectable<ActivityTable>;

/** A place in the feed: rows strictly older than it come next. */
export interface FeedPosition {
  createdAt: string;
  id: string;
}

const activityColumns = sql`id, actor_id, verb, object_type, object_id, album_id, created_at`;

/** A row-value comparison, so both engines seek the (…, created_at, id) index to the cursor instead of scanning to it. */
const olderThan = (cursor: FeedPosition | null) => (cursor ? sql`and (created_at, id) < (${cursor.createdAt}, ${cursor.id})` : sql``);

/** How many people someone follows, as their profile counts it (0 without a profile). */
export async function followingCount(db: DB, viewerId: string): Promise<number> {
  const row = await db.selectFrom('profile').select('following_count').where('user_id', '=', viewerId).executeTakeFirst();
  return Number(row?.following_count ?? 0);
}

/** The people someone follows, up to `cap` + 1 of them (enough to tell whether there are more than `cap`). */
export async function followeesUpTo(db: DB, viewerId: string, cap: number): Promise<string[]> {
  const rows = await db
    .selectFrom('follow')
    .select('followee_id')
    .where('follower_id', '=', viewerId)
    .limit(cap + 1)
    .execute();
  return rows.map((row) => row.followee_id);
}

/**
 * Skeleton for someone following few people: each one's newest `limit` rows before the cursor (one index range of
 * activity_actor_time_idx each), merged. Reads at most actors × limit rows, however active each person is.
 */
export async function newestOfEach(
  db: DB,
  actorIds: readonly string[],
  cursor: FeedPosition | null,
  limit: number,
): Promise<ActivityRow[]> {
  if (!actorIds.length) return [];
  const parts = actorIds.map(
    (actorId, index) =>
      sql`select * from (select ${activityColumns} from activity where actor_id = ${actorId} ${olderThan(cursor)} order by created_at desc, id desc limit ${limit}) as ${sql.ref(`a${index}`)}`,
  );
  const result = await sql<ActivityRow>`${sql.join(parts, sql` union all `)} order by created_at desc, id desc limit ${limit}`.execute(db);
  return result.rows;
}

/**
 * Skeleton for someone following many people: the newest `window` rows of everyone before the cursor (one backward
 * range of activity_time_idx), kept when a follow row says the viewer follows their actor. Reads at most `window`
 * rows, however many people are followed. Also answers where the window ended, so a page that found fewer than
 * `limit` rows in it can continue from there.
 */
export async function newestAmongFollowed(
  db: DB,
  viewerId: string,
  cursor: FeedPosition | null,
  limit: number,
  window: number,
): Promise<{ rows: ActivityRow[]; windowEnd: FeedPosition | null }> {
  const recent = sql`(select ${activityColumns} from activity where 1 = 1 ${olderThan(cursor)} order by created_at desc, id desc limit ${window})`;
  const found = await sql<ActivityRow>`
    select ${activityColumns} from ${recent} as recent
    where exists (select 1 from follow where follower_id = ${viewerId} and followee_id = recent.actor_id)
    order by created_at desc, id desc limit ${limit}`.execute(db);
  if (found.rows.length >= limit) return { rows: found.rows, windowEnd: null };
  const end = await sql<{ created_at: string; id: string }>`
    select created_at, id from activity where 1 = 1 ${olderThan(cursor)} order by created_at desc, id desc limit 1 offset ${window - 1}`.execute(
    db,
  );
  const last = end.rows[0];
  return { rows: found.rows, windowEnd: last ? { createdAt: last.created_at, id: last.id } : null };
}

/** People by id: name, username and picture (a deleted account is simply missing). */
export async function people(db: DB, ids: readonly string[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('user')
    .leftJoin('profile', 'profile.user_id', 'user.id')
    .select(['user.id', 'user.name', 'user.username', 'profile.avatar_path'])
    .where('user.id', 'in', [...ids])
    .execute();
}

/**
 * The current ratings of these people for these albums (the feed shows what they think now): one probe of the
 * (user, album) unique index per pair. Two IN lists read every rating of each album; an OR of pairs makes SQLite
 * merge twenty index results.
 */
export async function ratingsOf(db: DB, pairs: readonly { userId: string; albumId: string }[]) {
  if (!pairs.length) return [];
  const values = sql.join(pairs.map((pair) => sql`(${pair.userId}, ${pair.albumId})`));
  return db
    .selectFrom('rating')
    .select(['user_id', 'album_id', 'rating'])
    .where(sql<boolean>`(user_id, album_id) in (values ${values})`)
    .execute();
}

/** Reviews by id with the author's current rating, and which of them the viewer liked. */
export async function reviews(db: DB, ids: readonly string[], viewerId: string) {
  if (!ids.length) return { rows: [], liked: new Set<string>() };
  const [rows, likes] = await Promise.all([
    db
      .selectFrom('review')
      .leftJoin('rating', (join) => join.onRef('rating.user_id', '=', 'review.user_id').onRef('rating.album_id', '=', 'review.album_id'))
      .select((eb) => [
        'review.id',
        'review.user_id',
        'review.album_id',
        'review.title',
        'review.content_text',
        'review.like_count',
        'review.comment_count',
        'review.created_at',
        eb.fn.coalesce('rating.rating', 'review.rating').as('current_rating'),
      ])
      .where('review.id', 'in', [...ids])
      .where('review.hidden_reason', 'is', null)
      .execute(),
    db
      .selectFrom('review_like')
      .select('review_id')
      .where('user_id', '=', viewerId)
      .where('review_id', 'in', [...ids])
      .execute(),
  ]);
  return { rows, liked: new Set(likes.map((like) => like.review_id)) };
}

/** Collections by id with their first four albums (for covers); the rules step decides who may see them. */
export async function collections(db: DB, ids: readonly string[]) {
  if (!ids.length) return { rows: [], firstAlbums: [] };
  const [rows, firstAlbums] = await Promise.all([
    db
      .selectFrom('collection')
      .select(['id', 'user_id', 'name', 'is_private', 'album_count'])
      .where('id', 'in', [...ids])
      .execute(),
    db
      .selectFrom('collection_album')
      .select(['collection_id', 'album_id', 'position'])
      .where('collection_id', 'in', [...ids])
      .where('position', '<', 4)
      .orderBy('position')
      .execute(),
  ]);
  return { rows, firstAlbums };
}

/** Journal entries by id: the day and the rating of that listen (never the note). */
export async function listens(db: DB, ids: readonly string[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('journal_entry')
    .select(['id', 'user_id', 'listened_on', 'rating'])
    .where('id', 'in', [...ids])
    .execute();
}

/** Albums most rated by the people the viewer follows since `since`, with how many of them rated each. */
export async function popularAmongFollowed(db: DB, viewerId: string, since: string, limit: number) {
  const rows = await db
    .selectFrom('activity')
    .select((eb) => ['activity.album_id', eb.fn.count<number>('activity.actor_id').distinct().as('raters')])
    .where('activity.verb', '=', 'rated')
    .where('activity.created_at', '>=', since)
    .where('activity.actor_id', 'in', (eb) => eb.selectFrom('follow').select('followee_id').where('follower_id', '=', viewerId))
    .groupBy('activity.album_id')
    .orderBy('raters', 'desc')
    .orderBy((eb) => eb.fn.max('activity.created_at'), 'desc')
    .limit(limit)
    .execute();
  return rows.flatMap((row) => (row.album_id ? [{ albumId: row.album_id, raters: Number(row.raters) }] : []));
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

export async function followsAnyone(db: DB, viewerId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('follow').select('followee_id').where('follower_id', '=', viewerId).limit(1).executeTakeFirst());
}
