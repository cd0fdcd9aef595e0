import { sql, type QueryCreator, type Updateable } from 'kysely';
import type { DB } from '../../platform/db/index.ts';
import type { Database, ProfileTable, ProfileVisibility } from '../../db/schema.ts';
import { inJsonList, jsonList } from '../../platform/db/json-arrays.ts';
import { precompiled } from '../../platform/db/precompiled.ts';

/** What a profile page shows of the row beside the person's card: the bio and the counts. */
export async function profilePageRow(db: DB, userId: string) {
  return db
    .selectFrom('profile')
    .select(['bio', 'ratings_count', 'reviews_count', 'followers_count', 'following_count'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
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

/** A person's profile row, made at sign-up (and again, doing nothing, before an edit of an older account's). */
export async function createProfile(db: DB, userId: string, now: string): Promise<void> {
  await db
    .insertInto('profile')
    .values({ user_id: userId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** The fields of a person's own profile: their account page (`/api/me`), the onboarding, the picture. */
export async function ownProfile(db: DB, userId: string) {
  const [row] = await ownProfileRow(db, userId);
  return row;
}

// Compiled once: every page the app starts on a signed-in browser asks who is signed in.
const ownProfileRow = precompiled((db, userId: string) =>
  db
    .selectFrom('profile')
    .select(['avatar_path', 'bio', 'onboarding_step', 'onboarding_completed', 'preferred_genres', 'favorite_artists'])
    .where('user_id', '=', userId),
);

/** The fields a person edits (Settings → Profile, the onboarding, the picture). */
export type ProfileFields = Pick<
  Updateable<ProfileTable>,
  'bio' | 'avatar_path' | 'preferred_genres' | 'favorite_artists' | 'onboarding_completed' | 'onboarding_step'
>;

export async function updateProfileFields(db: DB, userId: string, changes: ProfileFields, now: string): Promise<void> {
  await db
    .updateTable('profile')
    .set({ ...changes, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
}

/** Members' settings (the accounts module's), stored in the profile row as JSON. */
export async function storedSettings(db: DB, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('profile').select('settings').where('user_id', '=', userId).executeTakeFirst();
  return row?.settings;
}

/** Stored settings of these people: one statement, compiled once (every feed page reads its actors' sharing). */
export async function storedSettingsOf(db: DB, userIds: readonly string[]): Promise<{ user_id: string; settings: string }[]> {
  if (userIds.length === 0) return [];
  return settingsOf(db, jsonList(userIds));
}

const settingsOf = precompiled((db, idList: string) =>
  db
    .selectFrom('profile')
    .select(['user_id', 'settings'])
    .where(inJsonList(db, 'user_id', idList)),
);

export async function writeSettings(db: DB, userId: string, settings: string, now: string): Promise<void> {
  await db.updateTable('profile').set({ settings, updated_at: now }).where('user_id', '=', userId).execute();
}

/** The person has imported from RateYourMusic (the imports module marks it when a first import finishes). */
export async function markRymImported(db: DB, userId: string, now: string): Promise<void> {
  await db.updateTable('profile').set({ rym_imported: 1, updated_at: now }).where('user_id', '=', userId).execute();
}
