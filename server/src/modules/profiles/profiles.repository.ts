import { sql, type QueryCreator } from 'kysely';
import type { DB } from '../../platform/db/index.ts';
import type { Database, ProfileVisibility } from '../../db/schema.ts';

export async function findByUsername(db: DB, username: string) {
  return db
    .selectFrom('user')
    .leftJoin('profile', 'profile.user_id', 'user.id')
    .select([
      'user.id',
      'user.username',
      'user.name',
      'profile.bio',
      'profile.ratings_count',
      'profile.reviews_count',
      'profile.followers_count',
      'profile.following_count',
      'profile.visibility',
    ])
    .where('user.username', '=', username)
    .executeTakeFirst();
}

/** The person who gave up this username after `since`: an old profile address still leads to them. */
export async function findByFormerUsername(db: DB, username: string, since: string) {
  const redirect = await db
    .selectFrom('username_redirect')
    .innerJoin('user', 'user.id', 'username_redirect.user_id')
    .select('user.username')
    .where('username_redirect.old_username', '=', username)
    .where('username_redirect.created_at', '>', since)
    .executeTakeFirst();
  return redirect?.username ? findByUsername(db, redirect.username) : undefined;
}

export async function addFollow(db: DB, followerId: string, followeeId: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto('follow')
    .values({ follower_id: followerId, followee_id: followeeId, created_at: now })
    .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function removeFollow(db: DB, followerId: string, followeeId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('follow')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function counts(db: DB, userId: string) {
  return db.selectFrom('profile').select(['followers_count', 'following_count']).where('user_id', '=', userId).executeTakeFirst();
}

/**
 * Followers (direction "followers") or people followed ("following"), most recent first, leaving out `hidden`: their
 * ids, for the hydration layer to make cards of.
 */
export async function people(
  db: DB,
  userId: string,
  direction: 'followers' | 'following',
  hidden: ReadonlySet<string>,
  limit: number,
  offset: number,
) {
  const [mine, theirs] = direction === 'followers' ? (['followee_id', 'follower_id'] as const) : (['follower_id', 'followee_id'] as const);
  let base = db.selectFrom('follow').where(mine, '=', userId);
  if (hidden.size) base = base.where(theirs, 'not in', [...hidden]);
  const [{ total } = { total: 0 }] = await base.select((eb) => eb.fn.countAll<number>().as('total')).execute();
  const rows = await base
    .select(`follow.${theirs} as id`)
    .orderBy('follow.created_at', 'desc')
    .orderBy(`follow.${theirs}`)
    .limit(limit)
    .offset(offset)
    .execute();
  return { ids: rows.map((row) => row.id), total: Number(total) };
}

/** For account deletion: whom the person follows and who follows them. */
export async function relations(db: DB, userId: string) {
  const [following, followers] = await Promise.all([
    db.selectFrom('follow').select('followee_id').where('follower_id', '=', userId).execute(),
    db.selectFrom('follow').select('follower_id').where('followee_id', '=', userId).execute(),
  ]);
  return { following: following.map((row) => row.followee_id), followers: followers.map((row) => row.follower_id) };
}

/**
 * The profile's counters (decision 015): written here only, each in the transaction of the rows it counts, which the
 * module owning those rows passes in (decision 065): ratings, reviews, public collections, and this module's follows.
 */
export type ProfileCounter = 'ratings_count' | 'reviews_count' | 'public_collections_count' | 'followers_count' | 'following_count';

/** Moves a person's counters by these amounts, as a statement to run or to make a clause of a larger one. */
export function shiftCountersQuery(db: QueryCreator<Database>, userId: string, deltas: Partial<Record<ProfileCounter, number>>) {
  const changes = Object.entries(deltas) as [ProfileCounter, number][];
  return db
    .updateTable('profile')
    .set(Object.fromEntries(changes.map(([column, delta]) => [column, sql<number>`${sql.ref(column)} + ${delta}`])))
    .where('user_id', '=', userId);
}

export async function shiftCounters(db: DB, userId: string, deltas: Partial<Record<ProfileCounter, number>>): Promise<void> {
  if (Object.keys(deltas).length === 0) return;
  await shiftCountersQuery(db, userId, deltas).execute();
}

export async function visibility(db: DB, userId: string): Promise<ProfileVisibility> {
  const row = await db.selectFrom('profile').select('visibility').where('user_id', '=', userId).executeTakeFirst();
  return row?.visibility ?? 'public';
}

export async function setVisibility(db: DB, userId: string, visibility: ProfileVisibility, now: string): Promise<void> {
  await db.updateTable('profile').set({ visibility, updated_at: now }).where('user_id', '=', userId).execute();
}

/** A follow request; false when one was already waiting. */
export async function addFollowRequest(db: DB, requesterId: string, targetId: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto('follow_request')
    .values({ requester_id: requesterId, target_id: targetId, created_at: now })
    .onConflict((oc) => oc.columns(['requester_id', 'target_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Takes a follow request away (withdrawn, approved or declined); false when there was none. */
export async function removeFollowRequest(db: DB, requesterId: string, targetId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('follow_request')
    .where('requester_id', '=', requesterId)
    .where('target_id', '=', targetId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The follow requests waiting for `targetId`, oldest first, leaving out `hidden`: who asked, and when. */
export async function followRequests(db: DB, targetId: string, hidden: ReadonlySet<string>, limit: number, offset: number) {
  let base = db.selectFrom('follow_request').where('target_id', '=', targetId);
  if (hidden.size) base = base.where('requester_id', 'not in', [...hidden]);
  const [{ total } = { total: 0 }] = await base.select((eb) => eb.fn.countAll<number>().as('total')).execute();
  const rows = await base
    .select(['follow_request.requester_id', 'follow_request.created_at'])
    .orderBy('follow_request.created_at')
    .orderBy('follow_request.requester_id')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(total) };
}

export async function requesterIds(db: DB, targetId: string): Promise<string[]> {
  const rows = await db.selectFrom('follow_request').select('requester_id').where('target_id', '=', targetId).execute();
  return rows.map((row) => row.requester_id);
}
