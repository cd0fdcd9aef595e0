import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { FederationKeyTable, RemoteActorTable, RemoteFollowTable, RemotePostTable } from '../../db/schema.ts';
import type { DB } from '../../platform/db/index.ts';

export type RemoteActorRow = Selectable<RemoteActorTable>;
export type RemoteFollowRow = Selectable<RemoteFollowTable>;
export type RemotePostRow = Selectable<RemotePostTable>;
export type KeyRow = Selectable<FederationKeyTable>;

// Signing keys

export async function keysOf(db: DB, owner: string): Promise<KeyRow[]> {
  return db.selectFrom('federation_key').selectAll().where('owner', '=', owner).orderBy('algorithm').execute();
}

/** Keeps the first pair made for an owner and algorithm: two processes making one at once agree on the stored one. */
export async function insertKey(db: DB, key: Insertable<FederationKeyTable>): Promise<void> {
  await db
    .insertInto('federation_key')
    .values(key)
    .onConflict((oc) => oc.columns(['owner', 'algorithm']).doNothing())
    .execute();
}

export async function deleteKeys(db: DB, owner: string): Promise<void> {
  await db.deleteFrom('federation_key').where('owner', '=', owner).execute();
}

// People of other sites

/** Stores what an actor document said, keyed by its id; returns our id for them. */
export async function upsertActor(db: DB, actor: Insertable<RemoteActorTable>): Promise<string> {
  const { id: _id, created_at: _created, ...changes } = actor;
  await db
    .insertInto('remote_actor')
    .values(actor)
    .onConflict((oc) => oc.column('uri').doUpdateSet(changes))
    .execute();
  const row = await db.selectFrom('remote_actor').select('id').where('uri', '=', actor.uri).executeTakeFirstOrThrow();
  return row.id;
}

export async function actorById(db: DB, id: string): Promise<RemoteActorRow | undefined> {
  return db.selectFrom('remote_actor').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function actorByUri(db: DB, uri: string): Promise<RemoteActorRow | undefined> {
  return db.selectFrom('remote_actor').selectAll().where('uri', '=', uri).executeTakeFirst();
}

export async function actorsByIds(db: DB, ids: readonly string[]): Promise<RemoteActorRow[]> {
  if (!ids.length) return [];
  return db
    .selectFrom('remote_actor')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

export async function deleteActor(db: DB, id: string): Promise<void> {
  await db.deleteFrom('remote_actor').where('id', '=', id).execute();
}

// Follows across sites

export async function upsertFollow(db: DB, follow: Insertable<RemoteFollowTable>): Promise<void> {
  await db
    .insertInto('remote_follow')
    .values(follow)
    .onConflict((oc) =>
      oc
        .columns(['local_user_id', 'remote_actor_id', 'direction'])
        .doUpdateSet({ state: follow.state, follow_uri: follow.follow_uri, updated_at: follow.updated_at }),
    )
    .execute();
}

export async function findFollow(
  db: DB,
  localUserId: string,
  actorId: string,
  direction: RemoteFollowRow['direction'],
): Promise<RemoteFollowRow | undefined> {
  return db
    .selectFrom('remote_follow')
    .selectAll()
    .where('local_user_id', '=', localUserId)
    .where('remote_actor_id', '=', actorId)
    .where('direction', '=', direction)
    .executeTakeFirst();
}

/** The viewer's follows of these remote people, by their id. */
export async function followsOf(db: DB, localUserId: string, actorIds: readonly string[]): Promise<Map<string, RemoteFollowRow>> {
  if (!actorIds.length) return new Map();
  const rows = await db
    .selectFrom('remote_follow')
    .selectAll()
    .where('local_user_id', '=', localUserId)
    .where('direction', '=', 'out')
    .where('remote_actor_id', 'in', [...actorIds])
    .execute();
  return new Map(rows.map((row) => [row.remote_actor_id, row]));
}

export async function setFollowState(
  db: DB,
  followUri: string,
  actorId: string,
  direction: RemoteFollowRow['direction'],
  state: RemoteFollowRow['state'],
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('remote_follow')
    .set({ state, updated_at: now })
    .where('follow_uri', '=', followUri)
    .where('remote_actor_id', '=', actorId)
    .where('direction', '=', direction)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteFollow(
  db: DB,
  localUserId: string,
  actorId: string,
  direction: RemoteFollowRow['direction'],
): Promise<boolean> {
  const result = await db
    .deleteFrom('remote_follow')
    .where('local_user_id', '=', localUserId)
    .where('remote_actor_id', '=', actorId)
    .where('direction', '=', direction)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A follow named by its `Follow` activity's id (what an `Accept`, `Reject` or `Undo` names). */
export async function followByUri(db: DB, followUri: string): Promise<RemoteFollowRow | undefined> {
  return db.selectFrom('remote_follow').selectAll().where('follow_uri', '=', followUri).executeTakeFirst();
}

/**
 * The inboxes a member's activities go to: each accepted follower's server's shared inbox (one delivery per server),
 * else their own; servers the operator blocked are left out.
 */
export async function followerInboxes(db: DB, localUserId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('remote_follow')
    .innerJoin('remote_actor', 'remote_actor.id', 'remote_follow.remote_actor_id')
    .leftJoin('federation_host', 'federation_host.host', 'remote_actor.host')
    .select((eb) => eb.fn.coalesce('remote_actor.shared_inbox', 'remote_actor.inbox').as('inbox'))
    .where('remote_follow.local_user_id', '=', localUserId)
    .where('remote_follow.direction', '=', 'in')
    .where('remote_follow.state', '=', 'accepted')
    .where((eb) => eb.or([eb('federation_host.policy', 'is', null), eb('federation_host.policy', '!=', 'block')]))
    .distinct()
    .execute();
  return rows.map((row) => row.inbox);
}

/** The inboxes of the people of other sites a member follows or asked to follow (one per server). */
export async function followedInboxes(db: DB, localUserId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('remote_follow')
    .innerJoin('remote_actor', 'remote_actor.id', 'remote_follow.remote_actor_id')
    .select((eb) => eb.fn.coalesce('remote_actor.shared_inbox', 'remote_actor.inbox').as('inbox'))
    .where('remote_follow.local_user_id', '=', localUserId)
    .where('remote_follow.direction', '=', 'out')
    .distinct()
    .execute();
  return rows.map((row) => row.inbox);
}

/** How many people of other sites follow the member (accepted), and how many they follow. */
export async function followCounts(db: DB, localUserId: string): Promise<{ followers: number; following: number }> {
  const rows = await db
    .selectFrom('remote_follow')
    .select(['direction', (eb) => eb.fn.countAll<number>().as('count')])
    .where('local_user_id', '=', localUserId)
    .where('state', '=', 'accepted')
    .groupBy('direction')
    .execute();
  const of = (direction: string) => Number(rows.find((row) => row.direction === direction)?.count ?? 0);
  return { followers: of('in'), following: of('out') };
}

/** Whether anyone here follows this remote actor (accepted): only then are their posts kept. */
export async function isFollowedHere(db: DB, actorId: string): Promise<boolean> {
  const row = await db
    .selectFrom('remote_follow')
    .select('local_user_id')
    .where('remote_actor_id', '=', actorId)
    .where('direction', '=', 'out')
    .where('state', '=', 'accepted')
    .executeTakeFirst();
  return row !== undefined;
}

// Ratings and reviews other sites sent

/** Stores a post, or its new version; answers the stored row's id and moment, none when it was another actor's. */
export async function upsertPost(db: DB, post: Insertable<RemotePostTable>): Promise<{ id: string; published_at: string } | undefined> {
  const { id: _id, uri: _uri, actor_id: _actor, received_at: _received, ...changes } = post;
  return db
    .insertInto('remote_post')
    .values(post)
    .onConflict((oc) => oc.column('uri').doUpdateSet(changes).where('remote_post.actor_id', '=', post.actor_id))
    .returning(['id', 'published_at'])
    .executeTakeFirst();
}

/** The members who follow a remote person (accepted), after `after` in id order: a fan-out's batch (decision 087). */
export async function localFollowersAfter(db: DB, remoteActorId: string, after: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('remote_follow')
    .select('local_user_id')
    .where('remote_actor_id', '=', remoteActorId)
    .where('direction', '=', 'out')
    .where('state', '=', 'accepted')
    .where('local_user_id', '>', after)
    .orderBy('local_user_id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.local_user_id);
}

/** A remote person's newest stored posts, for a member's timeline when they begin to follow them. */
export async function newestPostsOf(db: DB, actorId: string, limit: number): Promise<RemotePostRow[]> {
  return db
    .selectFrom('remote_post')
    .selectAll()
    .where('actor_id', '=', actorId)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function postsByIds(db: DB, ids: readonly string[]): Promise<RemotePostRow[]> {
  if (!ids.length) return [];
  return db
    .selectFrom('remote_post')
    .selectAll()
    .where('id', 'in', [...ids])
    .orderBy('published_at', 'desc')
    .execute();
}

export async function deletePost(db: DB, uri: string, actorId: string): Promise<boolean> {
  const result = await db.deleteFrom('remote_post').where('uri', '=', uri).where('actor_id', '=', actorId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * The posts of the remote people a member follows, newest first, published before `before` and not before
 * `notBefore` (the home feed's page of this site's own activity spans that time), at most `limit`.
 */
export async function postsFollowedBy(
  db: DB,
  localUserId: string,
  window: { before: string | null; notBefore: string | null; limit: number },
): Promise<RemotePostRow[]> {
  let query = db
    .selectFrom('remote_post')
    .innerJoin('remote_follow', 'remote_follow.remote_actor_id', 'remote_post.actor_id')
    .selectAll('remote_post')
    .where('remote_follow.local_user_id', '=', localUserId)
    .where('remote_follow.direction', '=', 'out')
    .where('remote_follow.state', '=', 'accepted');
  if (window.before) query = query.where('remote_post.published_at', '<', window.before);
  if (window.notBefore) query = query.where('remote_post.published_at', '>=', window.notBefore);
  return query.orderBy('remote_post.published_at', 'desc').limit(window.limit).execute();
}

/**
 * The reviews (words, not ratings alone) other sites sent about an album, newest first, a page of them; none from a
 * server the operator blocked.
 */
export async function reviewsOfAlbum(db: DB, albumId: string, limit: number, offset: number) {
  const base = db
    .selectFrom('remote_post')
    .innerJoin('remote_actor', 'remote_actor.id', 'remote_post.actor_id')
    .leftJoin('federation_host', 'federation_host.host', 'remote_actor.host')
    .where('remote_post.album_id', '=', albumId)
    .where((eb) => eb.or([eb('remote_post.title', '!=', ''), eb('remote_post.content_html', '!=', '')]))
    .where((eb) => eb.or([eb('federation_host.policy', 'is', null), eb('federation_host.policy', '!=', 'block')]));
  const [rows, counted] = await Promise.all([
    base
      .selectAll('remote_post')
      .orderBy('remote_post.published_at', 'desc')
      .orderBy('remote_post.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

export async function hostPolicy(db: DB, host: string): Promise<'block' | 'silence' | null> {
  const row = await db.selectFrom('federation_host').select('policy').where('host', '=', host).executeTakeFirst();
  return row?.policy ?? null;
}

export async function hosts(db: DB) {
  return db.selectFrom('federation_host').selectAll().orderBy('host').execute();
}

export async function setHostPolicy(db: DB, host: string, policy: 'block' | 'silence', now: string): Promise<void> {
  await db
    .insertInto('federation_host')
    .values({ host, policy, created_at: now })
    .onConflict((oc) => oc.column('host').doUpdateSet({ policy }))
    .execute();
}

export async function removeHost(db: DB, host: string): Promise<void> {
  await db.deleteFrom('federation_host').where('host', '=', host).execute();
}

/** The people of a server we know of, by our ids. */
export async function actorIdsOfHost(db: DB, host: string): Promise<string[]> {
  return (await db.selectFrom('remote_actor').select('id').where('host', '=', host).execute()).map((row) => row.id);
}

/** A blocked server's follows (both ways) and what its people sent: defederating ends them at once. */
export async function forgetHost(db: DB, host: string): Promise<void> {
  const actors = db.selectFrom('remote_actor').select('id').where('host', '=', host);
  await db.deleteFrom('remote_follow').where('remote_actor_id', 'in', actors).execute();
  await db.deleteFrom('remote_post').where('actor_id', 'in', actors).execute();
}

/** People of other sites waiting for a member's answer to their follow, oldest first. */
export async function pendingFollowers(db: DB, localUserId: string): Promise<RemoteActorRow[]> {
  return db
    .selectFrom('remote_follow')
    .innerJoin('remote_actor', 'remote_actor.id', 'remote_follow.remote_actor_id')
    .selectAll('remote_actor')
    .where('remote_follow.local_user_id', '=', localUserId)
    .where('remote_follow.direction', '=', 'in')
    .where('remote_follow.state', '=', 'pending')
    .orderBy('remote_follow.created_at')
    .execute();
}

export async function postById(db: DB, id: string): Promise<RemotePostRow | undefined> {
  return db.selectFrom('remote_post').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Adds a member's like of a remote post; false when it was there already. */
export async function addPostLike(db: DB, localUserId: string, postId: string, likeUri: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto('remote_post_like')
    .values({ local_user_id: localUserId, remote_post_id: postId, like_uri: likeUri, created_at: now })
    .onConflict((oc) => oc.columns(['local_user_id', 'remote_post_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Removes a member's like of a remote post, answering the like's id (for the `Undo`) if there was one. */
export async function removePostLike(db: DB, localUserId: string, postId: string): Promise<string | null> {
  const row = await db
    .deleteFrom('remote_post_like')
    .where('local_user_id', '=', localUserId)
    .where('remote_post_id', '=', postId)
    .returning('like_uri')
    .executeTakeFirst();
  return row?.like_uri ?? null;
}

/** Which of these remote posts the member liked. */
export async function likedPosts(db: DB, localUserId: string, postIds: readonly string[]): Promise<Set<string>> {
  if (!postIds.length) return new Set();
  const rows = await db
    .selectFrom('remote_post_like')
    .select('remote_post_id')
    .where('local_user_id', '=', localUserId)
    .where('remote_post_id', 'in', [...postIds])
    .execute();
  return new Set(rows.map((row) => row.remote_post_id));
}

/** A like of a member's review from another site; false when that person had liked it already. */
export async function addReviewLike(db: DB, reviewId: string, actorId: string, likeUri: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto('remote_review_like')
    .values({ review_id: reviewId, remote_actor_id: actorId, like_uri: likeUri, created_at: now })
    .onConflict((oc) => oc.columns(['review_id', 'remote_actor_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Takes back the like its `Like` id names, answering the review it was of. */
export async function removeReviewLike(db: DB, likeUri: string, actorId: string): Promise<string | null> {
  const row = await db
    .deleteFrom('remote_review_like')
    .where('like_uri', '=', likeUri)
    .where('remote_actor_id', '=', actorId)
    .returning('review_id')
    .executeTakeFirst();
  return row?.review_id ?? null;
}

// People of other sites on members' profiles, in search and on their own page here

/** The people of other sites who follow a member, or whom they follow (accepted), by name, a page at a time. */
export async function followsPage(
  db: DB,
  localUserId: string,
  direction: RemoteFollowRow['direction'],
  hidden: readonly string[],
  limit: number,
  offset: number,
): Promise<{ actors: RemoteActorRow[]; total: number }> {
  let base = db
    .selectFrom('remote_follow')
    .innerJoin('remote_actor', 'remote_actor.id', 'remote_follow.remote_actor_id')
    .where('remote_follow.local_user_id', '=', localUserId)
    .where('remote_follow.direction', '=', direction)
    .where('remote_follow.state', '=', 'accepted');
  if (hidden.length) base = base.where('remote_actor.id', 'not in', [...hidden]);
  const [count, actors] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst(),
    limit > 0
      ? base
          .selectAll('remote_actor')
          .orderBy('remote_follow.created_at', 'desc')
          .orderBy('remote_actor.id')
          .limit(limit)
          .offset(offset)
          .execute()
      : Promise.resolve([]),
  ]);
  return { actors, total: Number(count?.count ?? 0) };
}

/** People of other sites we know whose name, username or handle has every word, best known first. */
export async function searchActors(db: DB, words: readonly string[], limit: number): Promise<RemoteActorRow[]> {
  if (!words.length) return [];
  let query = db.selectFrom('remote_actor').selectAll();
  for (const word of words) {
    const pattern = `%${word.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    query = query.where(
      (eb) => sql<boolean>`(lower(${eb.ref('name')}) like ${pattern} escape '\\' or ${eb.ref('handle_key')} like ${pattern} escape '\\')`,
    );
  }
  return query.orderBy('name').orderBy('id').limit(limit).execute();
}

/** What a person of another site sent us, newest first, a page at a time. */
export async function postsOf(db: DB, actorId: string, limit: number, offset: number) {
  const [count, rows] = await Promise.all([
    db
      .selectFrom('remote_post')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('actor_id', '=', actorId)
      .executeTakeFirst(),
    db
      .selectFrom('remote_post')
      .selectAll()
      .where('actor_id', '=', actorId)
      .orderBy('published_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { rows, total: Number(count?.count ?? 0) };
}

/** What an actor's `Update` says of them now; their address and their server stay what they were. */
export async function updateActor(
  db: DB,
  id: string,
  changes: Pick<
    Updateable<RemoteActorTable>,
    'username' | 'handle_key' | 'name' | 'summary' | 'avatar_url' | 'url' | 'locked' | 'updated_at'
  >,
): Promise<void> {
  await db.updateTable('remote_actor').set(changes).where('id', '=', id).execute();
}

// Members' blocks of people of other sites

export async function addBlock(db: DB, localUserId: string, actorId: string, now: string): Promise<void> {
  await db
    .insertInto('remote_block')
    .values({ local_user_id: localUserId, remote_actor_id: actorId, created_at: now })
    .onConflict((oc) => oc.columns(['local_user_id', 'remote_actor_id']).doNothing())
    .execute();
}

export async function removeBlock(db: DB, localUserId: string, actorId: string): Promise<void> {
  await db.deleteFrom('remote_block').where('local_user_id', '=', localUserId).where('remote_actor_id', '=', actorId).execute();
}

export async function isBlocked(db: DB, localUserId: string, actorId: string): Promise<boolean> {
  const row = await db
    .selectFrom('remote_block')
    .select('created_at')
    .where('local_user_id', '=', localUserId)
    .where('remote_actor_id', '=', actorId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The ids of the people of other sites a member blocked. */
export async function blockedIds(db: DB, localUserId: string): Promise<string[]> {
  const rows = await db.selectFrom('remote_block').select('remote_actor_id').where('local_user_id', '=', localUserId).execute();
  return rows.map((row) => row.remote_actor_id);
}

/** The people of other sites a member blocked, newest first. */
export async function blockedPeople(db: DB, localUserId: string): Promise<RemoteActorRow[]> {
  return db
    .selectFrom('remote_block')
    .innerJoin('remote_actor', 'remote_actor.id', 'remote_block.remote_actor_id')
    .selectAll('remote_actor')
    .where('remote_block.local_user_id', '=', localUserId)
    .orderBy('remote_block.created_at', 'desc')
    .execute();
}
